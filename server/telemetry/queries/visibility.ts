import "server-only";
import { and, eq } from "drizzle-orm";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { connectors, coreFabrics, nodes, paths, sites } from "@/server/db/schema";
import { findVisibleOrganization, tenantWhere } from "@/server/core/tenancy";
import { NotFoundError } from "@/server/core/errors";

// The object a telemetry query is about, when the caller may see it; another tenant's is a 404 like a missing one.

export interface QueryContext {
  db: Db;
  principal: Principal;
}

export async function visibleSite({ db, principal }: QueryContext, siteId: string) {
  const [row] = await db
    .select({ id: sites.id, name: sites.name, organizationId: sites.organizationId })
    .from(sites)
    .where(and(eq(sites.id, siteId), tenantWhere(principal, sites.organizationId, db)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function visibleConnector({ db, principal }: QueryContext, connectorId: string) {
  const [row] = await db
    .select({ id: connectors.id, name: connectors.name, organizationId: connectors.organizationId, siteId: connectors.siteId })
    .from(connectors)
    .where(and(eq(connectors.id, connectorId), tenantWhere(principal, connectors.organizationId, db)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function visiblePath({ db, principal }: QueryContext, pathId: string) {
  const [row] = await db
    .select({ id: paths.id, name: paths.name, organizationId: paths.organizationId, slaHealth: paths.slaHealth })
    .from(paths)
    .where(and(eq(paths.id, pathId), tenantWhere(principal, paths.organizationId, db)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** Nodes belong to MSPs: an MSP sees its own, the operator all, a customer none. */
export async function visibleNode({ db, principal }: QueryContext, nodeId: string) {
  const [row] = await db
    .select({ id: nodes.id, name: nodes.name, organizationId: nodes.organizationId })
    .from(nodes)
    .where(and(eq(nodes.id, nodeId), tenantWhere(principal, nodes.organizationId, db)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** Core fabrics belong to MSPs, like their nodes. */
export async function visibleCoreFabric({ db, principal }: QueryContext, fabricId: string) {
  const [row] = await db
    .select({ id: coreFabrics.id, name: coreFabrics.name, organizationId: coreFabrics.organizationId })
    .from(coreFabrics)
    .where(and(eq(coreFabrics.id, fabricId), tenantWhere(principal, coreFabrics.organizationId, db)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
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
