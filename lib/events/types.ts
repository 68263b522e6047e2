// The event types the console writes (server/core/changes.ts: "<entityType>.<action>"), grouped by area, without zod:
// the events page labels them from the catalogue (events.types.<entityType>.<action>) and offers them as a list. A
// unit test reads the server's record calls and fails on a type missing here or on a label missing in a language.

export const EVENT_TYPES_BY_AREA = {
  network: {
    site: ["created", "updated", "deleted"],
    connector: ["created", "updated", "deleted"],
    path: ["created", "updated", "deleted"],
  },
  topology: {
    node: ["created", "updated", "deleted"],
    link: ["created", "updated", "deleted"],
    interface: ["created", "updated", "deleted"],
    subinterface: ["created", "updated", "deleted"],
    ipsecEndpoint: ["created", "updated", "deleted"],
    switchPort: ["created", "updated", "deleted"],
    coreFabric: ["created", "updated", "deleted"],
    externalFabric: ["created", "updated", "deleted"],
  },
  alarms: {
    alarm: ["raised", "updated", "cleared", "acknowledged", "unacknowledged"],
  },
  inventory: {
    device: ["created", "updated", "claimed", "assigned", "unassigned", "released", "token-issued"],
  },
  lifecycle: {
    lifecycleOperation: ["created", "updated", "started", "succeeded", "failed", "cancelled"],
    rollout: ["created", "updated", "halted", "resumed", "succeeded", "cancelled"],
  },
  people: {
    organization: ["created", "updated"],
    user: ["created", "updated", "deleted"],
    invitation: ["created", "updated", "deleted", "accepted"],
    supportTicket: ["created"],
    apiToken: ["created", "revoked", "used", "refused"],
    webhookEndpoint: ["created", "updated", "deleted"],
  },
} as const;

type Areas = typeof EVENT_TYPES_BY_AREA;
export type EventArea = keyof Areas;
export type EventEntityType = { [A in EventArea]: keyof Areas[A] & string }[EventArea];

export const EVENT_AREAS = Object.keys(EVENT_TYPES_BY_AREA) as EventArea[];

/** Each area's event types, in the order above ("site.created", …). */
export const eventTypesOfArea = (area: EventArea): string[] =>
  Object.entries(EVENT_TYPES_BY_AREA[area] as Record<string, readonly string[]>).flatMap(([entity, actions]) => actions.map((action) => `${entity}.${action}`));

export const EVENT_TYPES: readonly string[] = EVENT_AREAS.flatMap(eventTypesOfArea);
const KNOWN_TYPES = new Set(EVENT_TYPES);
const ENTITY_TYPES = new Set<string>(EVENT_AREAS.flatMap((area) => Object.keys(EVENT_TYPES_BY_AREA[area])));

export const isEventType = (type: string) => KNOWN_TYPES.has(type);
export const isEventEntityType = (entityType: string): entityType is EventEntityType => ENTITY_TYPES.has(entityType);

/** The catalogue key of a type's label, or null for a type this console does not write (shown as it is). */
export const eventTypeLabelKey = (type: string) => (isEventType(type) ? `events.types.${type}` : null);

/** The catalogue key of an entity kind's name ("Path", "Chemin"), or null for one this console does not write. */
export const eventEntityLabelKey = (entityType: string) => (isEventEntityType(entityType) ? `events.entities.${entityType}` : null);

/**
 * The types a search for `text` means: a code as written ("path.updated"), or every type whose code or label
 * contains the text, case and accents aside ("path", "Path updated", "chemin modifié"). Empty: no type matches.
 */
export function eventTypesMatching(text: string, label: (type: string) => string): string[] {
  const wanted = fold(text);
  if (!wanted) return [];
  if (KNOWN_TYPES.has(text.trim())) return [text.trim()];
  return EVENT_TYPES.filter((type) => fold(type).includes(wanted) || fold(label(type)).includes(wanted));
}

/** Lower case without accents or separators, so "Path updated", "path.updated" and "path-updated" compare equal. */
export const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[\s._-]+/g, " ")
    .trim();
