import type { AbstractIntlMessages } from "next-intl";
import type { Locale } from "@/lib/constants";

// The browser's message catalogue. It used to travel inside every page's answer (about 78 KB of the React payload,
// 40 % of a dashboard's HTML, serialised again for each page); it is now one chunk per language, which the browser
// fetches once and keeps, and which the server imports instead of serialising.

const loading = new Map<Locale, Promise<AbstractIntlMessages>>();

const importCatalogue = (locale: Locale) => (locale === "fr" ? import("@/messages/fr.json") : import("@/messages/en.json"));

/**
 * The catalogue of `locale`, one promise per language for the life of the page. Its settled state is kept on the
 * promise the way React's `use` reads it, so a render after the first never suspends.
 */
export function catalogueChunk(locale: Locale): Promise<AbstractIntlMessages> {
  let promise = loading.get(locale);
  if (!promise) {
    const started = importCatalogue(locale).then((module) => module.default as unknown as AbstractIntlMessages);
    Object.assign(started, { status: "pending" });
    started.then(
      (value) => Object.assign(started, { status: "fulfilled", value }),
      (reason) => {
        Object.assign(started, { status: "rejected", reason });
        // A failed fetch (the network, a new deployment) is tried again by the next render, not remembered.
        loading.delete(locale);
      },
    );
    loading.set(locale, started);
    promise = started;
  }
  return promise;
}

