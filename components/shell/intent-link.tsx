"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";

/** A link whose page is preloaded on hover or focus (SPEC §2), not merely when scrolled into view. */
export function IntentLink({ href, onMouseEnter, onFocus, ...props }: React.ComponentProps<typeof Link> & { href: string }) {
  const router = useRouter();
  const preload = () => router.prefetch(href);
  return (
    <Link
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        preload();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
