import type { AbstractIntlMessages } from "next-intl";
import type { Locale } from "@/lib/constants";

// The browser's message catalogue. It used to travel inside every page's answer (about 78 KB of the React payload,
// 40 % of a dashboard's HTML, serialised again for each page). It is now one script per language at an address that
// names its content (server/i18n/catalogue-script.ts): the browser fetches it once and keeps it, and Next's runtime
// runs it before it hydrates the page, so the first render reads the messages at once (lib/i18n/catalogue-loader.ts).

/** Catalogue namespaces only the server speaks (the assistant writes its answers there): never sent to the browser. */
const SERVER_ONLY_NAMESPACES = new Set(["assistant"]);

/** The part of a language's catalogue the browser uses. */
export function clientCatalogue(messages: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(Object.entries(messages).filter(([namespace]) => !SERVER_ONLY_NAMESPACES.has(namespace)));
}

/** The global the catalogue scripts fill, one entry per language. */
export const CATALOGUE_GLOBAL = "__maiaCatalogue";

/** Where a language's catalogue script is served; `version` names its content, so the browser may keep it for good. */
export const catalogueScriptPath = (locale: Locale, version: string) => `/catalogue/${locale}.${version}.js`;

/** The catalogue scripts' addresses, one per language, as the root layout hands them to the browser. */
export type CatalogueUrls = Record<Locale, string>;
