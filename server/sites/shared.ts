import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import type { ChangeRecord } from "@/server/core/changes";
import type { Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { organizations, paths, sites } from "@/server/db/schema";
import { tenantWhere, visibleRead } from "@/server/core/tenancy";

// Lookups shared by the site and connector services.

export type RecordChange = (change: ChangeRecord) => Promise<void>;

export { containsPattern } from "@/server/db/query";

/**
 * A visible site with its organization's name, or null when missing or another tenant's. Inside a transaction,
 * `lock` holds the site row until it ends.
 */
export function findVisibleSite(executor: Db | Transaction, principal: Principal, siteId: string, lock = false) {
  const find = async () => {
    const query = executor
      .select({ site: sites, organizationName: organizations.name })
      .from(sites)
      .innerJoin(organizations, eq(organizations.id, sites.organizationId))
      .where(and(eq(sites.id, siteId), tenantWhere(principal, sites.organizationId, executor as Db)))
      .limit(1);
    const [row] = lock ? await query.for("update", { of: sites }) : await query;
    return row ?? null;
  };
  return lock ? find() : visibleRead(executor, principal, "site", siteId, find);
}

/** A path as recorded in the events of a cascade (the paths area owns the full shape). */
function pathSnapshot(row: typeof paths.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    layer: row.layer,
    sourceSiteId: row.sourceSiteId,
    sourceConnectorId: row.sourceConnectorId,
    destinationSiteId: row.destinationSiteId,
    destinationConnectorId: row.destinationConnectorId,
    bandwidth: row.bandwidthMbps,
  };
}

/** Records the deletion of the paths a delete takes with it (their foreign keys cascade). */
export async function recordPathCascade(tx: Transaction, record: RecordChange, where: SQL | undefined): Promise<void> {
  const doomed = await tx.select().from(paths).where(where).orderBy(paths.id);
  for (const path of doomed) {
    await record({ organizationId: path.organizationId, entityType: "path", entityId: path.id, type: "deleted", before: pathSnapshot(path) });
  }
}
