import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { ASSISTANT_LIST_MAX } from "@/lib/assistant/tools";
import type {
  listConnectorsInputSchema,
  listConnectorsOutputSchema,
  listLinksInputSchema,
  listLinksOutputSchema,
  listNodesInputSchema,
  listNodesOutputSchema,
} from "@/lib/assistant/tool-schemas";
import { LINK_HEALTH_STATES, type LinkHealth } from "@/lib/health";
import { NODE_KINDS } from "@/lib/nodes/schema";
import { summedConnectorLoad } from "@/lib/paths/headroom";
import { queryRows } from "@/server/db/client";
import { containsPattern } from "@/server/db/query";
import { links as linksTable, nodes } from "@/server/db/schema";
import { linkHealthSql, recentLinkStates } from "@/server/telemetry/queries/health";
import { TELEMETRY } from "@/server/telemetry/config";
import { inScope, scopedConnectors } from "../queries";
import { consoleLink } from "../scope";
import type { ToolEnvironment } from "./shared";

// Rankings and counts over the network that no single console list answers (issue 40, scope 3): the busiest
// connectors, an MSP's nodes by kind and reachability, its links by state. Each reads through the caller's tenancy,
// narrowed to the chat's console like the lists it stands for.

type Out<T extends z.ZodType> = z.infer<T>;

const mbps = (bps: number | null) => (bps === null ? null : bps / 1e6);

// listConnectors — every connector in sight ranked by its utilisation now (the busier direction against its
// bandwidth, as the connector health list computes it), by the Mbps its paths reserve, or by its bandwidth.
export async function listConnectors(environment: ToolEnvironment, input: Out<typeof listConnectorsInputSchema>): Promise<Out<typeof listConnectorsOutputSchema>> {
  const scope = await environment.scope();
  const sort = input.sort ?? "utilization";
  const order = input.order ?? "desc";
  const limit = Math.min(input.limit ?? ASSISTANT_LIST_MAX, ASSISTANT_LIST_MAX);
  const rows = (await scopedConnectors(scope)).map((row) => {
    const load = summedConnectorLoad({ id: row.id, name: row.name, bandwidth: row.bandwidthMbps }, row.usedMbps, []);
    const busiest = row.rxBps === null || row.txBps === null ? null : Math.max(row.rxBps, row.txBps);
    return {
      id: row.id,
      name: row.name,
      siteName: row.siteName,
      organizationName: row.organizationName,
      bandwidthMbps: row.bandwidthMbps,
      utilizationPercent: busiest === null ? null : Math.round((busiest / (row.bandwidthMbps * 1e6)) * 1000) / 10,
      rxMbps: mbps(row.rxBps),
      txMbps: mbps(row.txBps),
      allocatedMbps: load.used,
      freeMbps: load.free,
      paths: row.paths,
    };
  });
  const figure = (connector: (typeof rows)[number]) =>
    sort === "utilization" ? connector.utilizationPercent : sort === "allocated" ? connector.allocatedMbps : connector.bandwidthMbps;
  // Connectors that never reported come last whichever the order.
  const ranked = rows.sort((a, b) => {
    const [x, y] = [figure(a), figure(b)];
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    return (order === "desc" ? y - x : x - y) || a.name.localeCompare(b.name);
  });
  return {
    organizationName: scope.organization.name,
    sort,
    order,
    total: ranked.length,
    connectors: ranked.slice(0, limit),
    links: consoleLink(scope, environment.t("assistant.links.connectors"), scope.organization.organizationType === "customer" ? "customer/dashboard" : null),
  };
}

// listNodes — an MSP's nodes (of one kind), how many there are and how many have an unreachable device, the
// unreachable first. Reachability is the node list's (server/nodes/status.ts): a device heard within the silent window.
export async function listNodes(environment: ToolEnvironment, input: Out<typeof listNodesInputSchema>, now = Date.now()): Promise<Out<typeof listNodesOutputSchema>> {
  const scope = await environment.scope();
  const { db } = scope.context;
  const recent = new Date(now - TELEMETRY.silentAfterMs).toISOString();
  const where = and(inScope(scope, nodes.organizationId), input.kind ? eq(nodes.kind, input.kind) : undefined);
  const reachable = sql`exists (select 1 from devices d join telemetry_device_state s on s.device_id = d.id
                                where d.node_id = ${nodes.id} and s.last_seen_at >= ${recent}::timestamptz and not s.silent)`;
  const hasDevice = sql`exists (select 1 from devices d where d.node_id = ${nodes.id})`;
  // Counted by kind in the database; the totals are their sums.
  const [byKind, rows] = await Promise.all([
    db
      .select({
        kind: nodes.kind,
        total: sql<number>`count(*)::int`.mapWith(Number),
        unreachable: sql<number>`count(*) filter (where ${hasDevice} and not ${reachable})::int`.mapWith(Number),
        withoutDevice: sql<number>`count(*) filter (where not ${hasDevice})::int`.mapWith(Number),
      })
      .from(nodes)
      .where(where)
      .groupBy(nodes.kind),
    db
      .select({ id: nodes.id, name: nodes.name, kind: nodes.kind, hasDevice: sql<boolean>`${hasDevice}`, reachable: sql<boolean>`${reachable}` })
      .from(nodes)
      .where(and(where, input.unreachable ? sql`${hasDevice} and not ${reachable}` : undefined))
      .orderBy(sql`case when ${hasDevice} and not ${reachable} then 0 else 1 end`, nodes.name, nodes.id)
      .limit(ASSISTANT_LIST_MAX),
  ]);
  const sum = (field: "total" | "unreachable" | "withoutDevice") => byKind.reduce((total, row) => total + row[field], 0);
  const counts = { total: sum("total"), unreachable: sum("unreachable"), withoutDevice: sum("withoutDevice") };
  return {
    kind: input.kind ?? null,
    unreachableOnly: input.unreachable ?? false,
    total: input.unreachable ? counts.unreachable : counts.total,
    unreachable: counts.unreachable,
    withoutDevice: counts.withoutDevice,
    groups: input.groupBy
      ? NODE_KINDS.filter((kind) => !input.kind || kind === input.kind).map((kind) => {
          const row = byKind.find((candidate) => candidate.kind === kind);
          return { key: kind, count: row?.total ?? 0, unreachable: row?.unreachable ?? 0 };
        })
      : [],
    nodes: rows.map((node) => ({ id: node.id, name: node.name, kind: node.kind, reachable: node.hasDevice ? Boolean(node.reachable) : null })),
    links: consoleLink(scope, environment.t("assistant.links.nodes"), input.kind === "cpe" ? "msp/cpeNode" : input.kind === "core" ? "msp/coreFabric" : "msp/edgeNode"),
  };
}

const LINK_RANK = sql.raw(`case health ${LINK_HEALTH_STATES.map((state) => `when '${state}' then ${["unhealthy", "warning", "unknown", "healthy"].indexOf(state)}`).join(" ")} end`);

// listLinks — the links between the MSP's nodes with their state now (lib/health.ts's link rule, as the link health
// lists apply it), how many are in each state, the least healthy first.
export async function listLinks(environment: ToolEnvironment, input: Out<typeof listLinksInputSchema>, now = Date.now()): Promise<Out<typeof listLinksOutputSchema>> {
  const scope = await environment.scope();
  const health = input.health ?? "all";
  // One link asked by name ("nw-lon-ash"), or by its ends' names.
  const asked = input.link?.trim();
  const pattern = asked ? containsPattern(asked) : null;
  const named = pattern
    ? sql` and (${linksTable.name} ilike ${pattern} or exists (select 1 from ${nodes} n where n.id in (${linksTable.sourceNodeId}, ${linksTable.destinationNodeId}) and n.name ilike ${pattern}))`
    : sql``;
  // "The backbone": links whose two ends are core nodes.
  const core = input.core
    ? sql` and not exists (select 1 from ${nodes} n where n.id in (${linksTable.sourceNodeId}, ${linksTable.destinationNodeId}) and n.kind <> 'core')`
    : sql``;
  const where = sql`${inScope(scope, linksTable.organizationId) ?? sql`true`}${named}${core}`;
  const sort = input.sort ?? "health";
  const ranked = sort === "latency" ? sql`latency desc nulls last,` : sort === "loss" ? sql`loss desc nulls last,` : sql``;
  const states = sql`select l.id, l.name, a.name as source_node_name, b.name as destination_node_name, s.down, s.latency, s.loss, ${linkHealthSql("s")} as health
    from ${linksTable} l join ${nodes} a on a.id = l.source_node_id join ${nodes} b on b.id = l.destination_node_id
    left join (${recentLinkStates(sql`link_id in (select ${linksTable.id} from ${linksTable} where ${where})`, now)}) s on s.link_id = l.id
    where l.id in (select ${linksTable.id} from ${linksTable} where ${where})`;
  const [countRows, rows] = await Promise.all([
    queryRows<{ health: LinkHealth; count: number }>(scope.context.db, sql`select health, count(*)::int as count from (${states}) x group by health`),
    queryRows<{ name: string; source_node_name: string; destination_node_name: string; down: boolean | null; latency: number | null; loss: number | null; health: LinkHealth }>(
      scope.context.db,
      sql`select * from (${states}) x ${health === "unhealthy" ? sql`where health in ('unhealthy', 'warning')` : sql``} order by ${ranked} ${LINK_RANK}, name limit ${ASSISTANT_LIST_MAX}`,
    ),
  ]);
  const counts = Object.fromEntries(LINK_HEALTH_STATES.map((state) => [state, 0])) as Record<LinkHealth, number>;
  for (const row of countRows) counts[row.health] = Number(row.count);
  const scanned = LINK_HEALTH_STATES.reduce((sum, state) => sum + counts[state], 0);
  return {
    health,
    core: input.core ?? false,
    sort,
    scanned,
    total: health === "unhealthy" ? counts.unhealthy + counts.warning : scanned,
    counts,
    items: rows.map((row) => ({
      name: row.name,
      sourceNodeName: row.source_node_name,
      destinationNodeName: row.destination_node_name,
      status: row.down === null ? null : row.down ? "down" : "up",
      health: row.health,
      latencyMs: row.latency,
      lossPercent: row.loss,
    })),
    links: consoleLink(scope, environment.t("assistant.links.nodes"), "msp/edgeNode"),
  };
}
