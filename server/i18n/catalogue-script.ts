import "server-only";
import { createHash } from "node:crypto";
import type { AbstractIntlMessages } from "next-intl";
import { LOCALES, type Locale } from "@/lib/constants";
import { CATALOGUE_GLOBAL, catalogueScriptPath, clientCatalogue, type CatalogueUrls } from "@/lib/i18n/client-catalogue";
import { isLocale, MESSAGES } from "@/lib/i18n/messages";

type CatalogueScript = { messages: AbstractIntlMessages; body: string; version: string; path: string };

const scripts = new Map<Locale, CatalogueScript>();

/** A language's catalogue as a script that adds it to the browser's catalogue global; built once per process. */
function catalogueScript(locale: Locale): CatalogueScript {
  let script = scripts.get(locale);
  if (!script) {
    const messages = clientCatalogue(MESSAGES[locale]);
    // JSON is valid JavaScript: the catalogue is the assignment's right-hand side as it is.
    const body = `(self.${CATALOGUE_GLOBAL}=self.${CATALOGUE_GLOBAL}||{})[${JSON.stringify(locale)}]=${JSON.stringify(messages)};\n`;
    const version = createHash("sha256").update(body).digest("hex").slice(0, 16);
    script = { messages, body, version, path: catalogueScriptPath(locale, version) };
    scripts.set(locale, script);
  }
  return script;
}

/**
 * Every language's catalogue script address. The root layout asks for them before anything renders with the messages,
 * so the catalogues are also put where the browser's scripts put them, for the server's render of the same components.
 */
export function catalogueScriptUrls(): CatalogueUrls {
  const server = globalThis as { [CATALOGUE_GLOBAL]?: Record<string, unknown> };
  server[CATALOGUE_GLOBAL] ??= Object.fromEntries(LOCALES.map((locale) => [locale, catalogueScript(locale).messages]));
  return Object.fromEntries(LOCALES.map((locale) => [locale, catalogueScript(locale).path])) as CatalogueUrls;
}

/**
 * The script a file name asks for (`fr.<version>.js`), and whether the version is this build's: only then may the
 * browser keep it for good. An older version gets today's catalogue, kept for no time. Null for anything else.
 */
export function findCatalogueScript(file: string): { body: string; current: boolean } | null {
  const match = /^([a-z]{2})\.([0-9a-f]{16})\.js$/.exec(file);
  if (!match || !isLocale(match[1])) return null;
  const script = catalogueScript(match[1]);
  return { body: script.body, current: script.version === match[2] };
}
