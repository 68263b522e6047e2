import { diffFields } from "@/lib/events/diff";

// The audit log's changed fields: only the fields whose value changed, secrets never shown. The API answers them as
// they are (field path, before, after); the page and the exports put them in people's words (lib/audit/render.ts).

export interface AuditChange {
  /** A dotted path ("location.latitude"). */
  field: string;
  before: unknown;
  after: unknown;
}

/** Stands for a secret's value in a change: that it changed shows, never what it was or became. */
export const REDACTED = "[redacted]";

// A key, a password, a token or a hash anywhere in a snapshot ("presharedKey", "clientSecret"); a flag saying
// whether one is set ("presharedKeySet") is shown.
const SECRET = /(secret|password|presharedkey|privatekey|token|hash|claimcode)/i;

/** Whether a field (any part of its dotted path) holds a secret. */
export const isSecretField = (field: string) => field.split(".").some((part) => SECRET.test(part) && !/Set$/.test(part));

/** The fields of a change that changed, in the order they appear, with secrets redacted. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  return diffFields(before, after)
    .filter((row) => row.change !== "unchanged")
    .map((row) => {
      const hidden = isSecretField(row.path);
      const hide = (value: unknown) => (hidden && value !== undefined && value !== null ? REDACTED : (value ?? null));
      return { field: row.path, before: hide(row.before), after: hide(row.after) };
    });
}
