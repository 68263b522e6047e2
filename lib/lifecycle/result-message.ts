import { decodeMessage, type MessageValues } from "@/lib/validation/messages";

// A lifecycle operation's summary is stored as a catalogue message under lifecycle.result ("key::{json}") and turned
// into the reader's language when shown: by the API for operations, by the events page for their before/after.
// Text that is not such a message (rows written before, or by hand) is shown as it is.

const PREFIX = "lifecycle.result.";

export type LifecycleResult =
  | "installed"
  | "rebooted"
  | "deviceUnreachable"
  | "deviceWithoutNode"
  | "deviceReleased"
  | "rebootTimeout"
  | "cancelledBeforeStart";

export function lifecycleResultKey(result: LifecycleResult): string {
  return `${PREFIX}${result}`;
}

/** The catalogue message of a stored summary, or null when it is plain text. */
export function lifecycleResultMessage(summary: string): { key: string; values?: MessageValues } | null {
  const message = decodeMessage(summary);
  return message.key.startsWith(PREFIX) && /^[A-Za-z.]+$/.test(message.key) ? message : null;
}

/** The server's translator (translatorFor) or a component's (useTranslations): keys are checked at run time here. */
interface Translator {
  (key: never, values?: never): string;
  has(key: never): boolean;
}

/** A stored summary in the translator's language; plain text, unknown keys and null come back unchanged. */
export function translateLifecycleSummary(t: Translator, summary: string | null): string | null {
  if (summary === null) return null;
  const message = lifecycleResultMessage(summary);
  return message && t.has(message.key as never) ? t(message.key as never, message.values as never) : summary;
}
