import { humanize } from "@/lib/events/humanize";
import { eventEntityLabelKey } from "@/lib/events/types";
import { REDACTED, type AuditChange } from "./changes";
import type { AuditActor } from "./actor";

// An audit entry in people's words, in the reader's language, for the page and the CSV and JSON exports alike.

/** The catalogue's translator as both next-intl (React) and use-intl (the server) give it. */
export interface Translate {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

const lookUp = (t: Translate, key: string | null) => (key && t.has(key) ? t(key) : null);

/** An object kind ("Path", "Chemin"); an unknown one readably. */
export const kindLabel = (t: Translate, entityType: string) => lookUp(t, eventEntityLabelKey(entityType)) ?? humanize(entityType);

/** A changed field's label: each part of a dotted path ("location.latitude" → "Location › Latitude"). */
export const fieldLabel = (t: Translate, path: string) =>
  path
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : (lookUp(t, `events.fields.${part}`) ?? humanize(part))))
    .join(" › ");

/** A value as text: empty as "—", a list joined, a secret as "hidden", an object as JSON. */
export function valueText(t: Translate, value: unknown): string {
  if (value === undefined || value === null || value === "") return t("events.diff.empty");
  if (value === REDACTED) return t("audit.secretHidden");
  if (typeof value === "boolean") return t(value ? "audit.yes" : "audit.no");
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) return value.length ? value.join(", ") : t("events.diff.emptyList");
  return JSON.stringify(value);
}

/** One change as a line: "Bandwidth (Mbps): 500 → 600". */
export const changeText = (t: Translate, change: AuditChange) =>
  t("audit.change", { field: fieldLabel(t, change.field), before: valueText(t, change.before), after: valueText(t, change.after) });

/** Who made a change: the user's address (or name when the address is gone), or "a deleted user". */
export function actorText(t: Translate, actor: AuditActor): string {
  const person = actor.email ?? actor.name ?? t("audit.unknownUser");
  return actor.token ? t("audit.withToken", { person, token: actor.token.name }) : person;
}
