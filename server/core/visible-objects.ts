import "server-only";
import { and, eq, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { connectors, coreFabrics, nodes, paths, sites } from "@/server/db/schema";
import { findVisibleOrganization, tenantWhere, visibleRead } from "@/server/core/tenancy";
import { NotFoundError } from "@/server/core/errors";

// The object a read is about (a telemetry query's, a site's list of connectors), when the caller may see it: its id,
// name and organization only; another tenant's is a 404 like a missing one. Every telemetry request asks this first:
// the answer is kept until a column it read changes (visibleRead), so an edit of a description keeps it.

export interface QueryContext {
  db: Db;
  principal: Principal;
}

/** A table whose rows belong to an organization, looked up by id. */
type Owned = PgTable & { id: PgColumn; organizationId: PgColumn };

/** The row of `table` with this id when the caller may see it, else a 404; kept until the tables it read change. */
async function visibleRow<Selection extends SelectedFields>({ db, principal }: QueryContext, table: Owned, selection: Selection, id: string) {
  const row = await visibleRead(db, principal, `visible:${getTableName(table)}`, id, async () => {
    const rows = await db
      .select(selection)
      .from(table as PgTable)
      .where(and(eq(table.id, id), tenantWhere(principal, table.organizationId, db)))
      .limit(1);
    return (rows as SelectResultFields<Selection>[])[0] ?? null;
  });
  if (!row) throw new NotFoundError();
  return row;
}

export function visibleSite(context: QueryContext, siteId: string) {
  return visibleRow(context, sites, { id: sites.id, name: sites.name, organizationId: sites.organizationId }, siteId);
}

export function visibleConnector(context: QueryContext, connectorId: string) {
  return visibleRow(context, connectors, { id: connectors.id, name: connectors.name, organizationId: connectors.organizationId, siteId: connectors.siteId }, connectorId);
}

export function visiblePath(context: QueryContext, pathId: string) {
  return visibleRow(context, paths, { id: paths.id, name: paths.name, organizationId: paths.organizationId, slaHealth: paths.slaHealth }, pathId);
}

/** Nodes belong to MSPs: an MSP sees its own, the operator all, a customer none. */
export function visibleNode(context: QueryContext, nodeId: string) {
  return visibleRow(context, nodes, { id: nodes.id, name: nodes.name, organizationId: nodes.organizationId }, nodeId);
}

/** Core fabrics belong to MSPs, like their nodes. */
export function visibleCoreFabric(context: QueryContext, fabricId: string) {
  return visibleRow(context, coreFabrics, { id: coreFabrics.id, name: coreFabrics.name, organizationId: coreFabrics.organizationId }, fabricId);
}

/**
 * The organization when the caller may see it. The caller's own organization needs no read (the session that
 * names it exists only while it does): a dashboard asks for it a dozen times per refresh.
 */
export async function visibleOrganization({ db, principal }: QueryContext, organizationId: string): Promise<{ id: string }> {
  if (organizationId === principal.organizationId) return { id: organizationId };
  const row = await findVisibleOrganization(db, principal, organizationId);
  if (!row) throw new NotFoundError();
  return { id: row.id };
}
