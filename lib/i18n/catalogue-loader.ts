import type { AbstractIntlMessages } from "next-intl";
import type { Locale } from "@/lib/constants";
import { CATALOGUE_GLOBAL } from "./client-catalogue";

// The messages Providers renders with, as a promise React's `use` reads, from the catalogue global. In the browser, the
// page's own language is already there: the root layout has Next's runtime run its catalogue script before hydration,
// so the first render never suspends (a page that suspended while hydrating lost what a person typed before it
// finished). A language the page switches to is fetched from its script then. On the server, the root layout has put
// every language there (server/i18n/catalogue-script.ts), so no catalogue is bundled into the browser's code.

type Loading = Promise<AbstractIntlMessages> & { status?: "pending" | "fulfilled" | "rejected"; value?: AbstractIntlMessages };

const loading = new Map<Locale, Loading>();

type CatalogueGlobal = { [CATALOGUE_GLOBAL]?: Partial<Record<Locale, AbstractIntlMessages>> };
const loaded = (locale: Locale) => (globalThis as CatalogueGlobal)[CATALOGUE_GLOBAL]?.[locale];

function runCatalogueScript(locale: Locale, url: string): Promise<AbstractIntlMessages> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    const failed = () => reject(new Error(`The ${locale} message catalogue could not be loaded.`));
    script.onload = () => {
      const messages = loaded(locale);
      if (messages) resolve(messages);
      else failed();
    };
    script.onerror = failed;
    document.head.append(script);
  });
}

/**
 * The catalogue of `locale`, one promise per language for the life of the page (`url`: its script, for the browser).
 * Its settled state is kept on the promise the way React's `use` reads it, so a settled language never suspends.
 */
export function loadCatalogue(locale: Locale, url: string): Promise<AbstractIntlMessages> {
  let promise = loading.get(locale);
  if (promise) return promise;
  const ready = loaded(locale);
  if (ready) {
    promise = Object.assign(Promise.resolve(ready), { status: "fulfilled" as const, value: ready });
  } else {
    if (typeof window === "undefined") throw new Error(`The ${locale} message catalogue is missing: the root layout provides it.`);
    const started: Loading = runCatalogueScript(locale, url);
    started.status = "pending";
    started.then(
      (value) => Object.assign(started, { status: "fulfilled", value }),
      (reason) => {
        Object.assign(started, { status: "rejected", reason });
        // A failed fetch (the network, a new deployment) is tried again by the next render, not remembered.
        loading.delete(locale);
      },
    );
    promise = started;
  }
  loading.set(locale, promise);
  return promise;
}
