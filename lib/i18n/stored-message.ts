import { decodeMessage, type MessageValues } from "@/lib/validation/messages";

// Text the server keeps for later readers (a lifecycle operation's summary, an alarm's message) is stored as a
// catalogue message ("key::{json}", lib/validation/messages.ts) under a prefix of its own, and turned into the
// reader's language when shown: by the API, and by the events page for the before/after it keeps as stored.
// Text that is not such a message (rows written before, or by hand) is shown as it is.

export interface CatalogueMessage {
  key: string;
  values?: MessageValues;
}

/** The server's translator (translatorFor) or a component's (useTranslations): keys are checked at run time here. */
export interface CatalogueTranslator {
  (key: never, values?: never): string;
  has(key: never): boolean;
}

/** The catalogue message of stored text under a prefix ("alarms.message."), or null when it is plain text. */
export function storedMessage(text: string, prefix: string): CatalogueMessage | null {
  const message = decodeMessage(text);
  return message.key.startsWith(prefix) && /^[A-Za-z.]+$/.test(message.key) ? message : null;
}

/** One catalogue message in the translator's language, or null when the catalogue does not have its key. */
export function translateCatalogueMessage(t: CatalogueTranslator, message: CatalogueMessage): string | null {
  return t.has(message.key as never) ? t(message.key as never, message.values as never) : null;
}

/** Stored text under a prefix in the translator's language; plain text and unknown keys come back unchanged. */
export function translateStoredMessage(t: CatalogueTranslator, text: string, prefix: string): string {
  const message = storedMessage(text, prefix);
  return (message && translateCatalogueMessage(t, message)) ?? text;
}
