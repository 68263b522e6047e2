import { createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/constants";

export const MESSAGES = { en, fr } as const satisfies Record<Locale, typeof en>;
export type Messages = typeof en;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The best supported locale for an Accept-Language header ("fr-CA,fr;q=0.9,en;q=0.8" → fr). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    // q=0 means "not acceptable", not "least preferred".
    .filter((entry) => entry.base && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isLocale) ?? DEFAULT_LOCALE;
}

const makeTranslator = (locale: Locale) => createTranslator({ locale, messages: MESSAGES[locale] });
const translators = new Map<Locale, ReturnType<typeof makeTranslator>>();

/** A translator over the whole catalogue, for code outside React (the API, the server); one per locale, kept. */
export function translatorFor(locale: Locale) {
  let t = translators.get(locale);
  if (!t) {
    t = makeTranslator(locale);
    translators.set(locale, t);
  }
  return t;
}

/**
 * Translates a zod message that is a catalogue key ("validation.nameMin"); any other text is returned as is.
 */
export function translateMessageKey(
  t: ReturnType<typeof translatorFor>,
  message: string,
  values?: Record<string, string | number>,
): string {
  return t.has(message as never) ? (t as (key: string, v?: Record<string, string | number>) => string)(message, values) : message;
}
