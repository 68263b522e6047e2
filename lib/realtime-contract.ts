import { LINK_STATUSES, PATH_SLA_STATES, PORT_STATES, type LinkStatus, type PathSla, type PortState } from "@/lib/health";
import type { RealtimeService } from "@/lib/realtime-protocol";

// SPEC §7: what the server may say on /ws — for each service and action, the shape of `data`. The server's publisher
// accepts only these messages (checked by the type system, and at run time outside production); the browser's client
// passes on only those that pass the guards below. Hand-written guards, not zod: the client is on every page.

/** The action of a committed change's news: the last part of its event type ("alarm.raised" → "raised"). */
export const ENTITY_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "raised",
  "cleared",
  "acknowledged",
  "unacknowledged",
  "assigned",
  "unassigned",
  "claimed",
  "released",
  "token-issued",
  "accepted",
  "started",
  "cancelled",
  "succeeded",
  "failed",
  // A staged rollout's gate halted it; the MSP resumed it.
  "halted",
  "resumed",
  // An API token: revoked; used (first, and from a new address); refused (expired, revoked, out of scope, address).
  "revoked",
  "used",
  "refused",
] as const;
export type EntityAction = (typeof ENTITY_ACTIONS)[number];

/** A committed change to one entity. Ids only: a client refetches what it shows, through the API's tenant checks. */
export interface EntityNews {
  entityType: string;
  entityId: string;
  nodeId?: string;
  /** The site a connector belongs to: its news touches that site's lists, not every site's. */
  siteId?: string;
}

/** A new event in the log; `type` is its full event type ("path.updated"). */
export interface EventNews extends EntityNews {
  type: string;
}

/**
 * Set when a list was cut to its first ids (or the message to its short fields, to fit a PostgreSQL NOTIFY): the
 * objects named are not all that changed, so a client refetches more broadly.
 */
interface Truncatable {
  truncated?: true;
}

/** New samples were stored: the objects they are about, in the organization the message was published for. */
export interface TelemetrySamples extends Truncatable {
  organizationId: string;
  pathIds?: string[];
  connectorIds?: string[];
  siteIds?: string[];
  nodeIds?: string[];
  linkIds?: string[];
}

export interface PathSlaNews {
  id: string;
  slaHealth: PathSla;
}
export interface PortStateNews {
  /** Null for a device assigned to no node. */
  nodeId: string | null;
  portId: string;
  status: PortState;
}
export interface LinkStateNews {
  id: string;
  status: LinkStatus;
}
export interface DeviceReachNews {
  id: string;
  nodeId: string | null;
  reachable: boolean;
}

/** Health derived from telemetry (no configuration change): the new state of each object named. */
export interface TopologyHealth extends Truncatable {
  organizationId: string;
  paths?: PathSlaNews[];
  ports?: PortStateNews[];
  links?: LinkStateNews[];
  devices?: DeviceReachNews[];
}

/** A running lifecycle operation's progress (whole percents), or its end. */
export interface LifecycleProgress {
  operationId: string;
  status: "active" | "success" | "failed";
  progress: number;
  step: string;
}

type EntityActions = { [A in EntityAction]: EntityNews };

/** Per service, per action: the data of the message. */
export interface RealtimeContract {
  alarms: EntityActions;
  events: { created: EventNews };
  lifecycle: EntityActions & { progress: LifecycleProgress };
  telemetry: { samples: TelemetrySamples };
  topology: EntityActions & { health: TopologyHealth };
}

/** The actions the contract gives a service. */
export type RealtimeAction<S extends RealtimeService> = keyof RealtimeContract[S] & string;

type NewsOfService<S extends RealtimeService> = {
  [A in RealtimeAction<S>]: { service: S; action: A; data: RealtimeContract[S][A] };
}[RealtimeAction<S>];

/** A message the contract allows, of one service or (by default) of any. */
export type RealtimeNews<S extends RealtimeService = RealtimeService> = { [K in S]: NewsOfService<K> }[S];

// The guards. Extra fields are tolerated (an older client meeting a newer server), missing or mistyped ones are not.

type Guard = (value: unknown) => boolean;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isString: Guard = (value) => typeof value === "string";
const oneOf =
  (values: readonly string[]): Guard =>
  (value) =>
    typeof value === "string" && values.includes(value);
const optional =
  (guard: Guard): Guard =>
  (value) =>
    value === undefined || guard(value);
const nullable =
  (guard: Guard): Guard =>
  (value) =>
    value === null || guard(value);
const listOf =
  (guard: Guard): Guard =>
  (value) =>
    Array.isArray(value) && value.every(guard);
const shape =
  (fields: Record<string, Guard>): Guard =>
  (value) =>
    isRecord(value) && Object.entries(fields).every(([key, guard]) => guard(value[key]));

const truncated = optional((value) => value === true);
const ids = optional(listOf(isString));

const entityNews = shape({ entityType: isString, entityId: isString, nodeId: optional(isString), siteId: optional(isString) });
const eventNews = shape({ type: isString, entityType: isString, entityId: isString, nodeId: optional(isString), siteId: optional(isString) });
const telemetrySamples = shape({ organizationId: isString, pathIds: ids, connectorIds: ids, siteIds: ids, nodeIds: ids, linkIds: ids, truncated });
const topologyHealth = shape({
  organizationId: isString,
  paths: optional(listOf(shape({ id: isString, slaHealth: oneOf(PATH_SLA_STATES) }))),
  ports: optional(listOf(shape({ nodeId: nullable(isString), portId: isString, status: oneOf(PORT_STATES) }))),
  links: optional(listOf(shape({ id: isString, status: oneOf(LINK_STATUSES) }))),
  devices: optional(listOf(shape({ id: isString, nodeId: nullable(isString), reachable: (value) => typeof value === "boolean" }))),
  truncated,
});
const lifecycleProgress = shape({
  operationId: isString,
  status: oneOf(["active", "success", "failed"]),
  progress: (value) => typeof value === "number" && value >= 0 && value <= 100,
  step: isString,
});

const entityGuards = Object.fromEntries(ENTITY_ACTIONS.map((action) => [action, entityNews])) as Record<EntityAction, Guard>;

/** The guard of each service's actions: one for every action of the contract (the type checker holds it so). */
const GUARDS: { [S in RealtimeService]: Record<RealtimeAction<S>, Guard> } = {
  alarms: entityGuards,
  events: { created: eventNews },
  lifecycle: { ...entityGuards, progress: lifecycleProgress },
  telemetry: { samples: telemetrySamples },
  topology: { ...entityGuards, health: topologyHealth },
};

/** Every action the contract gives a service. */
export const realtimeActions = <S extends RealtimeService>(service: S) => Object.keys(GUARDS[service]) as RealtimeAction<S>[];

/** Does this message follow the contract? */
export function isRealtimeNews(message: { service: string; action: string; data: unknown }): message is RealtimeNews {
  if (!Object.hasOwn(GUARDS, message.service)) return false;
  const guards: Record<string, Guard> = GUARDS[message.service as RealtimeService];
  return Object.hasOwn(guards, message.action) && guards[message.action](message.data);
}

/** A committed change's type: its action, or its full event type ("alarm.raised"). */
export type ChangeType = EntityAction | `${string}.${EntityAction}`;

/** The action of a change's news ("alarm.raised" or "raised" → "raised"). */
export const actionOfChange = (type: ChangeType): EntityAction => type.slice(type.lastIndexOf(".") + 1) as EntityAction;

/** The full event type of a change: "path.updated", or the type as given when it already names its entity. */
export const eventType = (change: { type: ChangeType; entityType: string }) =>
  change.type.includes(".") ? change.type : `${change.entityType}.${change.type}`;
