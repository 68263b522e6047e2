import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { NodeKind } from "@/lib/nodes/schema";
import type { PageQuery } from "@/lib/pagination";
import type { TopologyLinkQuery, TopologyLinkRow } from "@/lib/topology/schema";
import type { ServiceContext } from "@/server/core/service-context";
import { queryRows } from "@/server/db/client";
import { links } from "@/server/db/schema";
import { NotFoundError } from "@/server/core/errors";
import { sortedList } from "@/server/core/pagination";
import { containsPattern, findVisibleMsp } from "@/server/nodes/shared";
import { touchingNode } from "@/server/nodes/links";
import { linkHealthSql, linkStateOf, recentLinkStates, type RecentLinkState } from "@/server/telemetry/queries/health";

// GET /api/v1/config/msp/{mspId}/topology/link — the topology page's links table (SPEC §2: endpoints, priority,
// status): the MSP's links by name with both ends and their live state, filtered by type, health, node or a word of
// the link's or either end's name, a keyset page at a time.

export async function listTopologyLinks(context: ServiceContext, mspId: string, query: PageQuery & TopologyLinkQuery, now = Date.now()) {
  const { db, principal } = context;
  const msp = await findVisibleMsp(db, principal, mspId);
  if (!msp) throw new NotFoundError();
  const name = { key: links.name, kind: "text" } as const;
  const list = sortedList("topologyLinks", { name: [name], bandwidth: [{ key: links.bandwidthMbps, kind: "integer" }, name] }, links.id, query, {
    sort: "name",
    order: "asc",
  });
  const pattern = query.search ? containsPattern(query.search) : null;
  const health = linkHealthSql("state");
  const rows = await queryRows<
    RecentLinkState & {
      id: string;
      name: string;
      type: TopologyLinkRow["type"];
      cost: number;
      bandwidth: number;
      core_fabric_id: string | null;
      source_id: string;
      source_name: string;
      source_kind: NodeKind;
      destination_id: string;
      destination_name: string;
      destination_kind: NodeKind;
      state_link_id: string | null;
      sort_key: unknown[];
    }
  >(
    db,
    sql`with state as (${recentLinkStates(sql`link_id in (select id from links where organization_id = ${msp.id})`, now)})
        select links.id, links.name, links.type, links.cost, links.bandwidth_mbps as bandwidth, links.core_fabric_id,
               a.id as source_id, a.name as source_name, a.kind as source_kind,
               b.id as destination_id, b.name as destination_name, b.kind as destination_kind,
               state.link_id as state_link_id, ${list.cursorValues} as sort_key, state.down, state.latency, state.loss, state.rx, state.tx, state.reported_ms
        from links join nodes a on a.id = links.source_node_id join nodes b on b.id = links.destination_node_id
             left join state on state.link_id = links.id
        where ${and(
          eq(links.organizationId, msp.id),
          query.type ? eq(links.type, query.type) : undefined,
          query.nodeId ? touchingNode(query.nodeId) : undefined,
          pattern ? sql`(links.name ilike ${pattern} or a.name ilike ${pattern} or b.name ilike ${pattern})` : undefined,
          query.health ? sql`${health} = ${query.health}` : undefined,
          list.after,
        )}
        order by ${sql.join(list.orderBy, sql`, `)}
        limit ${list.limit}`,
  );
  const page = list.page(rows, (row) => ({ values: row.sort_key, id: row.id }));
  return {
    items: page.items.map((row): TopologyLinkRow => {
      const live = linkStateOf(row.state_link_id === null ? undefined : row);
      return {
        id: row.id,
        name: row.name,
        type: row.type,
        source: { id: row.source_id, name: row.source_name, kind: row.source_kind },
        destination: { id: row.destination_id, name: row.destination_name, kind: row.destination_kind },
        cost: row.cost,
        bandwidth: row.bandwidth,
        coreFabricId: row.core_fabric_id,
        status: live.status,
        health: live.health,
        latencyMs: live.latencyMs,
        lossPercent: live.lossPercent,
        reportedAt: live.reportedAt,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
