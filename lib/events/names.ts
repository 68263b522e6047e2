// What a person calls the object an event is about, from the change itself: its name, serial number (a device's,
// a lifecycle operation's device's), email, port, or (an alarm) its message. The server stores it on the event when
// it writes it (server/core/changes.ts), so the events of a deleted object keep its name; the page falls back to it
// for events written before names were stored.

const LABEL_FIELDS = ["name", "serialNumber", "email", "portId", "message"] as const;

/** The changed object's name from the change's after (else before) snapshot; null if neither has one. */
export function entityLabel(event: { before?: unknown; after?: unknown }): string | null {
  for (const side of [event.after, event.before]) {
    if (!side || typeof side !== "object") continue;
    for (const field of LABEL_FIELDS) {
      const value = (side as Record<string, unknown>)[field];
      if (typeof value === "string" && value.trim()) return value.trim();
    }
  }
  return null;
}

/** The first characters of an id, enough to tell objects apart on a page ("c3a85494"). */
export const shortId = (id: string) => (id.length > 12 ? id.slice(0, 8) : id);
