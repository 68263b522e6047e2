import { preload } from "react-dom";

/**
 * Has Next's runtime run the page's catalogue script before it hydrates the page: what `next/script`'s
 * "beforeInteractive" strategy renders (a preload, and the script's entry in the list `self.__next_s` that Next's
 * bootstrap loads in order before hydrating), without that component's code in every page's JavaScript.
 * tests/e2e/auth.spec.ts fails if Next stops waiting for it.
 */
export function CatalogueScript({ src, nonce }: { src: string; nonce?: string }) {
  preload(src, { as: "script", nonce });
  const entry = JSON.stringify([src, nonce ? { nonce } : {}]).replace(/</g, "\\u003c");
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `(self.__next_s=self.__next_s||[]).push(${entry})` }} />;
}
