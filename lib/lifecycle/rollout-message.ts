import { translateStoredMessage, type CatalogueTranslator } from "@/lib/i18n/stored-message";

// Why a rollout halted is stored as a catalogue message under rollout.halt ("rollout.halt.degraded::{…}") and shown
// in the reader's language by the API and by the events page for the before/after it keeps.

export const ROLLOUT_HALT_MESSAGE_PREFIX = "rollout.halt.";

export function translateRolloutHalt(t: CatalogueTranslator, reason: string | null): string | null {
  return reason === null ? null : translateStoredMessage(t, reason, ROLLOUT_HALT_MESSAGE_PREFIX);
}
