import "server-only";
import { count, inArray } from "drizzle-orm";
import { CONNECTOR_KINDS } from "@/lib/connectors/schema";
import type { SiteConnectorSummary } from "@/lib/sites/schema";
import type { Db } from "@/server/db/client";
import { connectors } from "@/server/db/schema";

/** The connectors of each listed site, counted by kind in one query (the sites list shows them per row). */
export async function connectorSummaries(db: Db, siteIds: readonly string[]): Promise<Map<string, SiteConnectorSummary>> {
  const summaries = new Map<string, SiteConnectorSummary>(siteIds.map((id) => [id, { count: 0, kinds: [] }]));
  if (siteIds.length === 0) return summaries;
  const rows = await db
    .select({ siteId: connectors.siteId, kind: connectors.kind, count: count() })
    .from(connectors)
    .where(inArray(connectors.siteId, [...siteIds]))
    .groupBy(connectors.siteId, connectors.kind);
  for (const row of rows) {
    const summary = summaries.get(row.siteId);
    if (!summary) continue;
    summary.count += row.count;
    summary.kinds.push(row.kind);
  }
  for (const summary of summaries.values()) summary.kinds.sort((a, b) => CONNECTOR_KINDS.indexOf(a) - CONNECTOR_KINDS.indexOf(b));
  return summaries;
}
