"use client";

import { useTranslations } from "next-intl";
import { eventEntityLabelKey, eventTypeLabelKey } from "@/lib/events/types";

// Events in people's words: a type, an object's kind and a changed field from the catalogue in the reader's language.
// A type, kind or field this console does not know (written by a newer server) is shown readably, not dropped.

type Translate = ReturnType<typeof useTranslations<never>>;
const lookUp = (t: Translate, key: string | null) => (key && t.has(key as never) ? t(key as never) : null);

/** "bandwidthMbps" → "Bandwidth mbps", "ipsec-endpoint" → "Ipsec endpoint": a last resort for a field the catalogue lacks. */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[._-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}

/** An event type's label ("Path updated", "Chemin modifié"); an unknown code as it is. */
export function useEventTypeLabel() {
  const t = useTranslations();
  return (type: string) => lookUp(t, eventTypeLabelKey(type)) ?? type;
}

/** The kind of object an event is about ("Path", "Chemin"). */
export function useEventEntityKindLabel() {
  const t = useTranslations();
  return (entityType: string) => lookUp(t, eventEntityLabelKey(entityType)) ?? humanize(entityType);
}

/** A changed field's label: each part of a dotted path ("location.latitude" → "Location › Latitude"). */
export function useEventFieldLabel() {
  const t = useTranslations();
  return (path: string) =>
    path
      .split(".")
      .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : (lookUp(t, `events.fields.${part}`) ?? humanize(part))))
      .join(" › ");
}
