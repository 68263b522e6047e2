import "server-only";
import { logger } from "@/server/core/log";
import { sql } from "drizzle-orm";
import { deviceBackMessage, linkDownMessage, portDownMessage, slaClearedMessage } from "@/lib/alarms/message";
import type { PortState } from "@/lib/health";
import type { DeviceReachNews, LinkStateNews, PathSlaNews, PortStateNews, TelemetrySamples, TopologyHealth } from "@/lib/realtime-contract";
import { applyAlarmConditions, type AlarmCondition } from "@/server/alarms/engine";
import { queryRows, type Db } from "@/server/db/client";
import { publishRealtime } from "@/server/realtime/bus";
import { TELEMETRY } from "./config";
import type { DeviceIdentity } from "./device-tokens";
import type { Ownership } from "./ownership";
import { badMetrics, evaluatePathSla, slaAlarmMessage, type SlaEvaluation } from "./sla";

const log = logger("telemetry");

// What follows from a stored batch: the SLA of the paths it measured, the alarm conditions of its paths, ports,
// links and device (active or not: the engine raises, updates and clears), and the realtime news — one telemetry
// message per organization, and topology health news when a path's SLA or a port's or link's status changed.

/** A port's or link's live status after the batch, with what it was before (null: never reported). */
export interface StateChange {
  kind: "port" | "link";
  id: string;
  status: string;
  previous: string | null;
}

// Ids per list in a realtime message: clients refetch, so a capped list with a flag is enough.
const NEWS_IDS_MAX = 50;

/** The SLA conditions of evaluated paths: raised when it turns bad (or breaks other metrics), cleared when healthy or warning. */
export function slaConditions(evaluations: SlaEvaluation[], nodeId: string | null): AlarmCondition[] {
  const conditions: AlarmCondition[] = [];
  for (const evaluation of evaluations) {
    const base = { organizationId: evaluation.organizationId, type: "sla-bad" as const, subject: `path:${evaluation.pathId}`, severity: "major" as const, source: evaluation.name, nodeId };
    if (evaluation.sla === "bad") {
      // The message carries figures: resent only when the breached metrics change, or every batch would rewrite it.
      const metricsChanged = badMetrics(evaluation.measurement).join() !== badMetrics(evaluation.previous).join();
      if (evaluation.previousSla !== "bad" || metricsChanged) {
        conditions.push({ ...base, active: true, message: slaAlarmMessage(evaluation.name, evaluation.measurement) });
      }
    } else if (evaluation.sla !== "unknown") {
      // Unknown is missing data, not recovery: the sweep clears an open SLA alarm as no longer measured, saying so
      // (server/telemetry/sla-alarms.ts), never as recovered.
      conditions.push({ ...base, active: false, message: slaClearedMessage(evaluation.name, evaluation.sla) });
    }
  }
  return conditions;
}

/** Down when a recently reporting end of the link says so. */
async function linkStatuses(db: Db, linkIds: string[], now: number): Promise<Map<string, boolean>> {
  if (linkIds.length === 0) return new Map();
  const rows = await queryRows<{ link_id: string; down: boolean }>(
    db,
    sql`select link_id, bool_or(status = 'down') as down from telemetry_link_state
        where link_id in (${sql.join(
          linkIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and sampled_at >= ${new Date(now - TELEMETRY.silentAfterMs).toISOString()}::timestamptz
        group by link_id`,
  );
  return new Map(rows.map((row) => [row.link_id, row.down]));
}

/** Applies conditions without ever failing the caller: the samples are stored whatever the engine says. */
export async function applyConditionsSafely(db: Db, conditions: AlarmCondition[]): Promise<void> {
  if (conditions.length === 0) return;
  try {
    await applyAlarmConditions(db, conditions);
  } catch (error) {
    log.error({ err: error }, "alarm conditions not applied");
  }
}

/** Ids per organization and list, for one telemetry message per organization. */
type News = Map<string, Partial<Record<IdList, Set<string>>>>;

function addNews(news: News, organizationId: string, list: IdList, id: string) {
  let entry = news.get(organizationId);
  if (!entry) {
    entry = {};
    news.set(organizationId, entry);
  }
  (entry[list] ??= new Set()).add(id);
}

type IdList = "pathIds" | "connectorIds" | "siteIds" | "nodeIds" | "linkIds";

function samplesNews(organizationId: string, lists: Partial<Record<IdList, Set<string>>>): TelemetrySamples {
  const data: TelemetrySamples = { organizationId };
  for (const [list, ids] of Object.entries(lists) as [IdList, Set<string>][]) {
    data[list] = [...ids].slice(0, NEWS_IDS_MAX);
    if (ids.size > NEWS_IDS_MAX) data.truncated = true;
  }
  return data;
}

/** Health changes per organization: paths with their SLA, ports and links with their status, devices reached or not. */
interface HealthLists {
  paths: PathSlaNews[];
  ports: PortStateNews[];
  links: LinkStateNews[];
  devices: DeviceReachNews[];
}
export type HealthNews = Map<string, HealthLists>;

export function addHealth<L extends keyof HealthLists>(health: HealthNews, organizationId: string, list: L, item: HealthLists[L][number]) {
  let entry = health.get(organizationId);
  if (!entry) {
    entry = { paths: [], ports: [], links: [], devices: [] };
    health.set(organizationId, entry);
  }
  (entry[list] as HealthLists[L][number][]).push(item);
}

function addSlaHealth(health: HealthNews, evaluations: SlaEvaluation[]) {
  for (const evaluation of evaluations) {
    if (evaluation.changed) addHealth(health, evaluation.organizationId, "paths", { id: evaluation.pathId, slaHealth: evaluation.sla });
  }
}

/** One topology-health message per organization, each list cut to its first ids (and said to be cut). */
export async function publishHealth(db: Db, health: HealthNews): Promise<void> {
  for (const [organizationId, lists] of health) {
    const data: TopologyHealth = { organizationId };
    for (const list of ["paths", "ports", "links", "devices"] as const) {
      const items = lists[list];
      if (items.length === 0) continue;
      (data[list] as HealthLists[typeof list]) = items.slice(0, NEWS_IDS_MAX);
      if (items.length > NEWS_IDS_MAX) data.truncated = true;
    }
    await publishRealtime(db, organizationId, { service: "topology", action: "health", data });
  }
}

/** Publishes topology health news of SLA changes (the silent sweep's, too). */
export async function publishSlaHealth(db: Db, evaluations: SlaEvaluation[]): Promise<void> {
  const health: HealthNews = new Map();
  addSlaHealth(health, evaluations);
  await publishHealth(db, health);
}

export interface DerivationInput {
  device: DeviceIdentity;
  now: number;
  owned: Ownership;
  /** Paths with samples inside the live window: their SLA is evaluated. */
  livePathIds: Set<string>;
  changes: StateChange[];
  /** The device was silent, or had never reported: it is reachable again (news for the inventory and topology). */
  wasSilent: boolean;
  /** The objects the batch stored samples of, each with its organization (id → organization id). */
  touched: { paths: Map<string, string>; connectors: Map<string, string>; sites: Map<string, string>; linkIds: Set<string> };
}

export async function deriveAfterIngest(db: Db, input: DerivationInput): Promise<void> {
  const { device, now, owned } = input;
  const msp = device.mspOrganizationId;
  const evaluations = await evaluatePathSla(db, [...input.livePathIds], now);
  const conditions = slaConditions(evaluations, device.nodeId);
  const health: HealthNews = new Map();
  addSlaHealth(health, evaluations);

  const nodeLabel = device.nodeName ?? device.serialNumber;
  // A port or link alarm belongs to the organization that owns the node (the MSP), never to a customer it serves.
  const nodeOwner = device.nodeOrganizationId ?? msp;
  for (const change of input.changes.filter((item) => item.kind === "port")) {
    conditions.push({
      organizationId: nodeOwner,
      type: "port-down",
      subject: `port:${device.nodeId}:${change.id}`,
      active: change.status === "down",
      severity: "minor",
      message: portDownMessage(change.id, nodeLabel),
      source: nodeLabel,
      nodeId: device.nodeId,
    });
    if (change.status !== change.previous) addHealth(health, nodeOwner, "ports", { nodeId: device.nodeId, portId: change.id, status: change.status as PortState });
  }
  const linkChanges = input.changes.filter((item) => item.kind === "link");
  const down = await linkStatuses(
    db,
    linkChanges.map((change) => change.id),
    now,
  );
  for (const change of linkChanges) {
    const name = owned.links.get(change.id)?.name ?? change.id;
    conditions.push({
      organizationId: nodeOwner,
      type: "link-down",
      subject: `link:${change.id}`,
      active: down.get(change.id) ?? change.status === "down",
      severity: "critical",
      message: linkDownMessage(name),
      source: nodeLabel,
      nodeId: device.nodeId,
    });
    if (change.status !== change.previous) addHealth(health, nodeOwner, "links", { id: change.id, status: change.status as LinkStateNews["status"] });
  }
  if (input.wasSilent) addHealth(health, msp, "devices", { id: device.deviceId, nodeId: device.nodeId, reachable: true });
  // The device reported: whatever the sweep said, it is reachable.
  conditions.push({
    organizationId: msp,
    type: "device-unreachable",
    subject: `device:${device.deviceId}`,
    active: false,
    severity: "major",
    message: deviceBackMessage(device.serialNumber),
    source: device.serialNumber,
    nodeId: device.nodeId,
  });
  await applyConditionsSafely(db, conditions);

  const news: News = new Map();
  for (const [id, organizationId] of input.touched.paths) addNews(news, organizationId, "pathIds", id);
  for (const [id, organizationId] of input.touched.connectors) addNews(news, organizationId, "connectorIds", id);
  for (const [id, organizationId] of input.touched.sites) addNews(news, organizationId, "siteIds", id);
  if (device.nodeId) addNews(news, msp, "nodeIds", device.nodeId);
  for (const id of input.touched.linkIds) addNews(news, msp, "linkIds", id);
  for (const [organizationId, lists] of news) {
    await publishRealtime(db, organizationId, { service: "telemetry", action: "samples", data: samplesNews(organizationId, lists) });
  }
  await publishHealth(db, health);
}
