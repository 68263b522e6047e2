import { storedMessage, translateStoredMessage, type CatalogueMessage, type CatalogueTranslator } from "@/lib/i18n/stored-message";

// A lifecycle operation's summary is stored as a catalogue message under lifecycle.result (lib/i18n/stored-message.ts)
// and shown in the reader's language: by the API for operations, by the events page for their before/after.

export const LIFECYCLE_RESULT_PREFIX = "lifecycle.result.";

export type LifecycleResult =
  | "installed"
  | "rebooted"
  | "deviceUnreachable"
  | "deviceWithoutNode"
  | "deviceReleased"
  | "rebootTimeout"
  | "cancelledBeforeStart";

export function lifecycleResultKey(result: LifecycleResult): string {
  return `${LIFECYCLE_RESULT_PREFIX}${result}`;
}

/** The catalogue message of a stored summary, or null when it is plain text. */
export function lifecycleResultMessage(summary: string): CatalogueMessage | null {
  return storedMessage(summary, LIFECYCLE_RESULT_PREFIX);
}

/** A stored summary in the translator's language; plain text, unknown keys and null come back unchanged. */
export function translateLifecycleSummary(t: CatalogueTranslator, summary: string | null): string | null {
  return summary === null ? null : translateStoredMessage(t, summary, LIFECYCLE_RESULT_PREFIX);
}
