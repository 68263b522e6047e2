"use client";

import { useTranslations } from "next-intl";
import { fieldLabel, kindLabel, type Translate as CatalogueLookup } from "@/lib/audit/render";
import { eventTypeLabelKey } from "@/lib/events/types";

export { humanize } from "@/lib/events/humanize";

// Events in people's words: a type, an object's kind and a changed field from the catalogue in the reader's language.
// A type, kind or field this console does not know (written by a newer server) is shown readably, not dropped.

type Translate = ReturnType<typeof useTranslations<never>>;
const lookUp = (t: Translate, key: string | null) => (key && t.has(key as never) ? t(key as never) : null);

/** An event type's label ("Path updated", "Chemin modifié"); an unknown code as it is. */
export function useEventTypeLabel() {
  const t = useTranslations();
  return (type: string) => lookUp(t, eventTypeLabelKey(type)) ?? type;
}

/** The kind of object an event is about ("Path", "Chemin"). */
export function useEventEntityKindLabel() {
  const t = useTranslations() as unknown as CatalogueLookup;
  return (entityType: string) => kindLabel(t, entityType);
}

/** A changed field's label: each part of a dotted path ("location.latitude" → "Location › Latitude"). */
export function useEventFieldLabel() {
  const t = useTranslations() as unknown as CatalogueLookup;
  return (path: string) => fieldLabel(t, path);
}
