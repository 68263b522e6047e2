import "server-only";
import { connectorsServedBy } from "@/server/paths/homing";
import { and, desc, eq, inArray, isNull, like, or, sql, type SQL } from "drizzle-orm";
import { classifyNodeHealth } from "@/lib/nodes/health";
import { NODE_STATUS_ALARMS_MAX, type Node, type NodeDeletion, type NodeListItem, type NodeStatus } from "@/lib/nodes/schema";
import type { ServiceContext } from "@/server/core/service-context";
import { queryRows } from "@/server/db/client";
import { alarms, devices, interfaces, ipsecEndpoints, links, subinterfaces, switchPorts } from "@/server/db/schema";
import { NotFoundError } from "@/server/core/errors";
import { tenantWhere } from "@/server/core/tenancy";
import { selectAlarms, toAlarm } from "@/server/alarms/service";
import { TELEMETRY } from "@/server/telemetry/config";
import { findVisibleNode, type Executor } from "./shared";

// What the node pages show beside the configuration: each node's health (lists, layout, overview), its open alarms,
// and what deleting it removes. One query per question for a whole page of nodes, never one per row.

interface Condition {
  deviceId: string | null;
  reachable: boolean;
  portsDown: number;
  linksDown: number;
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Each node's device, its reachability, and how many of its ports and links are reported down, by node id. */
async function nodeConditions(executor: Executor, nodeIds: string[], now: number): Promise<Map<string, Condition>> {
  const conditions = new Map<string, Condition>();
  if (nodeIds.length === 0) return conditions;
  const recent = new Date(now - TELEMETRY.silentAfterMs).toISOString();
  const rows = await queryRows<{ node_id: string; device_id: string | null; reachable: boolean; ports_down: number; links_down: number }>(
    executor as never,
    sql`select n.id as node_id, d.id as device_id,
               coalesce(s.last_seen_at >= ${recent}::timestamptz and not s.silent, false) as reachable,
               (select count(*)::int from telemetry_port_state p where p.node_id = n.id and p.status = 'down') as ports_down,
               (select count(distinct l.id)::int from links l join telemetry_link_state ls on ls.link_id = l.id
                 where (l.source_node_id = n.id or l.destination_node_id = n.id) and ls.status = 'down'
                   and ls.sampled_at >= ${recent}::timestamptz) as links_down
        from nodes n left join devices d on d.node_id = n.id left join telemetry_device_state s on s.device_id = d.id
        where n.id in (${idList(nodeIds)})`,
  );
  for (const row of rows) {
    conditions.set(row.node_id, { deviceId: row.device_id, reachable: row.reachable, portsDown: row.ports_down, linksDown: row.links_down });
  }
  return conditions;
}

const healthOf = (condition: Condition | undefined) =>
  classifyNodeHealth({
    hasDevice: Boolean(condition?.deviceId),
    reachable: condition?.reachable ?? false,
    portsDown: condition?.portsDown ?? 0,
    linksDown: condition?.linksDown ?? 0,
  });

/** The list's rows with their device's reachability and their health. */
export async function withHealth(executor: Executor, items: Node[], now = Date.now()): Promise<NodeListItem[]> {
  const conditions = await nodeConditions(
    executor,
    items.map((item) => item.id),
    now,
  );
  return items.map((item) => {
    const condition = conditions.get(item.id);
    return { ...item, deviceReachable: condition?.deviceId ? condition.reachable : null, health: healthOf(condition) };
  });
}

/** The subjects of the alarms about a node: its ports, its links and its device (see server/telemetry/derive.ts). */
async function alarmSubjects(executor: Executor, nodeId: string, deviceId: string | null): Promise<SQL> {
  const nodeLinks = await executor
    .select({ id: links.id })
    .from(links)
    .where(or(eq(links.sourceNodeId, nodeId), eq(links.destinationNodeId, nodeId)));
  const subjects = [...nodeLinks.map((link) => `link:${link.id}`), ...(deviceId ? [`device:${deviceId}`] : [])];
  return or(like(alarms.subject, `port:${nodeId}:%`), subjects.length > 0 ? inArray(alarms.subject, subjects) : undefined)!;
}

// GET /api/v1/config/node/{nodeId}/status
export async function nodeStatus(context: ServiceContext, nodeId: string, now = Date.now()): Promise<NodeStatus> {
  const { db, principal } = context;
  const node = await findVisibleNode(db, principal, nodeId);
  if (!node) throw new NotFoundError();
  const condition = (await nodeConditions(db, [node.id], now)).get(node.id);
  const where = and(
    isNull(alarms.clearedAt),
    eq(alarms.organizationId, node.organizationId),
    tenantWhere(principal, alarms.organizationId, db),
    await alarmSubjects(db, node.id, condition?.deviceId ?? null),
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(alarms).where(where);
  const open = await selectAlarms(db).where(where).orderBy(desc(alarms.raisedAt), desc(alarms.id)).limit(NODE_STATUS_ALARMS_MAX);
  return {
    nodeId: node.id,
    health: healthOf(condition),
    deviceReachable: condition?.deviceId ? condition.reachable : null,
    portsDown: condition?.portsDown ?? 0,
    linksDown: condition?.linksDown ?? 0,
    openAlarmCount: total,
    openAlarms: open.map(toAlarm),
  };
}

// GET /api/v1/config/node/{nodeId}/deletion — what DELETE /config/node/{nodeId} takes with it.
export async function nodeDeletion(context: ServiceContext, nodeId: string): Promise<NodeDeletion> {
  const { db, principal } = context;
  const node = await findVisibleNode(db, principal, nodeId);
  if (!node) throw new NotFoundError();
  const count = async (table: typeof interfaces | typeof ipsecEndpoints | typeof switchPorts) => {
    const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(table).where(eq(table.nodeId, node.id));
    return row.total;
  };
  const [subs] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(subinterfaces)
    .innerJoin(interfaces, eq(interfaces.id, subinterfaces.interfaceId))
    .where(eq(interfaces.nodeId, node.id));
  const linkRows = await queryRows<{ id: string; name: string; far_end: string }>(
    db,
    sql`select l.id, l.name, far.name as far_end from links l
        join nodes far on far.id = case when l.source_node_id = ${node.id} then l.destination_node_id else l.source_node_id end
        where l.source_node_id = ${node.id} or l.destination_node_id = ${node.id} order by l.name, l.id`,
  );
  const [device] = await db.select({ serialNumber: devices.serialNumber }).from(devices).where(eq(devices.nodeId, node.id)).limit(1);
  return {
    nodeId: node.id,
    interfaces: await count(interfaces),
    subinterfaces: subs.total,
    ipsecEndpoints: await count(ipsecEndpoints),
    switchPorts: await count(switchPorts),
    links: linkRows.map((row) => ({ id: row.id, name: row.name, farEndNodeName: row.far_end })),
    deviceSerialNumber: device?.serialNumber ?? null,
    servedConnectors: await connectorsServedBy(db, node.id),
  };
}
