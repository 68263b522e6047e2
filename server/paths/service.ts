import { aliasedTable, and, asc, eq, gt, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import { pathBandwidthIssue, pathCreateSchema, type Path, type PathCreate, type PathUpdate } from "@/lib/paths/schema";
import { decodeMessage } from "@/lib/validation/messages";
import { mutate, type ServiceContext, type Transaction } from "@/server/audit/record";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { connectors, paths, sites } from "@/server/db/schema";
import { ApiError } from "@/server/api/errors";
import { decodeCursor, toPage } from "@/server/api/pagination";
import { validationError } from "@/server/api/validation";
import { containsPattern } from "@/server/sites/shared";
import { findVisibleOrganization, tenantWhere } from "@/server/tenancy";

const sourceSite = aliasedTable(sites, "source_site");
const destinationSite = aliasedTable(sites, "destination_site");
const sourceConnector = aliasedTable(connectors, "source_connector");
const destinationConnector = aliasedTable(connectors, "destination_connector");

const pathColumns = {
  path: paths,
  sourceSiteName: sourceSite.name,
  destinationSiteName: destinationSite.name,
  sourceConnectorName: sourceConnector.name,
  destinationConnectorName: destinationConnector.name,
};

type PathRow = {
  path: typeof paths.$inferSelect;
  sourceSiteName: string;
  destinationSiteName: string;
  sourceConnectorName: string;
  destinationConnectorName: string;
};

function toPath(row: PathRow): Path {
  const { path } = row;
  return {
    id: path.id,
    organizationId: path.organizationId,
    name: path.name,
    layer: path.layer,
    sourceSiteId: path.sourceSiteId,
    sourceSiteName: row.sourceSiteName,
    sourceConnectorId: path.sourceConnectorId,
    sourceConnectorName: row.sourceConnectorName,
    destinationSiteId: path.destinationSiteId,
    destinationSiteName: row.destinationSiteName,
    destinationConnectorId: path.destinationConnectorId,
    destinationConnectorName: row.destinationConnectorName,
    bandwidth: path.bandwidthMbps,
    vlanType: path.vlanType,
    vlanId: path.vlanType === "specific" ? path.vlanId : null,
    prefix: path.prefixes,
    slaHealth: path.slaHealth,
    createdAt: path.createdAt.toISOString(),
    updatedAt: path.updatedAt.toISOString(),
  };
}

function selectPaths(db: Db | Transaction) {
  return db
    .select(pathColumns)
    .from(paths)
    .innerJoin(sourceSite, eq(sourceSite.id, paths.sourceSiteId))
    .innerJoin(destinationSite, eq(destinationSite.id, paths.destinationSiteId))
    .innerJoin(sourceConnector, eq(sourceConnector.id, paths.sourceConnectorId))
    .innerJoin(destinationConnector, eq(destinationConnector.id, paths.destinationConnectorId));
}

/** What a path's events record: its fields as a person sees them. */
function snapshot(path: Path) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = path;
  return fields;
}

export interface PathFilter {
  search?: string;
  organizationId?: string;
  siteId?: string;
  layer?: Path["layer"];
  slaHealth?: Path["slaHealth"];
  limit: number;
  cursor?: string;
}

// GET /api/v1/config/path — the paths the caller may see, by name, keyset-paginated.
export async function listPaths(db: Db, principal: Principal, filter: PathFilter) {
  const cursor = decodeCursor(filter.cursor);
  const conditions: (SQL | undefined)[] = [tenantWhere(principal, paths.organizationId, db)];
  if (filter.organizationId) conditions.push(eq(paths.organizationId, filter.organizationId));
  if (filter.siteId) conditions.push(or(eq(paths.sourceSiteId, filter.siteId), eq(paths.destinationSiteId, filter.siteId)));
  if (filter.layer) conditions.push(eq(paths.layer, filter.layer));
  if (filter.slaHealth) conditions.push(eq(paths.slaHealth, filter.slaHealth));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(paths.name, pattern),
        ilike(sourceSite.name, pattern),
        ilike(destinationSite.name, pattern),
        ilike(sourceConnector.name, pattern),
        ilike(destinationConnector.name, pattern),
      ),
    );
  }
  if (cursor) {
    conditions.push(or(gt(paths.name, String(cursor.value)), and(eq(paths.name, String(cursor.value)), gt(paths.id, cursor.id))));
  }
  const rows = await selectPaths(db)
    .where(and(...conditions))
    .orderBy(asc(paths.name), asc(paths.id))
    .limit(filter.limit + 1);
  const page = toPage(rows, filter.limit, (row) => ({ value: row.path.name, id: row.path.id }));
  return { items: page.items.map(toPath), nextCursor: page.nextCursor };
}

async function findVisiblePath(db: Db | Transaction, principal: Principal, pathId: string, lock = false) {
  const query = selectPaths(db)
    .where(and(eq(paths.id, pathId), tenantWhere(principal, paths.organizationId, db as Db)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: paths }) : await query;
  return row ?? null;
}

// GET /api/v1/config/path/{id}
export async function getPath(db: Db, principal: Principal, pathId: string): Promise<Path | null> {
  const row = await findVisiblePath(db, principal, pathId);
  return row ? toPath(row) : null;
}

type Connector = typeof connectors.$inferSelect;

/**
 * The network's rules for a path on its two connectors, checked under row locks on both connectors so two
 * concurrent writes cannot both pass: ends belong to their sites, bandwidth within both connectors (SPEC §5),
 * headroom (the paths on a connector never exceed it), and VLAN conflicts. The path itself is excluded on update.
 */
async function checkNetworkRules(tx: Transaction, organizationId: string, path: PathCreate, selfId?: string) {
  const ends = await tx
    .select()
    .from(connectors)
    .where(and(inArray(connectors.id, [path.sourceConnectorId, path.destinationConnectorId]), eq(connectors.organizationId, organizationId)))
    .orderBy(connectors.id)
    .for("update");
  const byId = new Map(ends.map((connector) => [connector.id, connector]));
  const source = byId.get(path.sourceConnectorId);
  const destination = byId.get(path.destinationConnectorId);
  const issues: { path: string; key: string }[] = [];
  if (!source || source.siteId !== path.sourceSiteId) issues.push({ path: "sourceConnectorId", key: "validation.connectorNotOfSite" });
  if (!destination || destination.siteId !== path.destinationSiteId) issues.push({ path: "destinationConnectorId", key: "validation.connectorNotOfSite" });
  if (issues.length || !source || !destination) throw new ApiError(400, issues[0].key, undefined, issues);

  const bandwidthIssue = pathBandwidthIssue(path.bandwidth, source.bandwidthMbps, destination.bandwidthMbps);
  if (bandwidthIssue) {
    const { key, values } = decodeMessage(bandwidthIssue);
    throw new ApiError(400, key, values, [{ path: "bandwidth", key, values }]);
  }

  for (const connector of [source, destination] as Connector[]) {
    const others = await tx
      .select({ id: paths.id, name: paths.name, bandwidthMbps: paths.bandwidthMbps, vlanType: paths.vlanType, vlanId: paths.vlanId })
      .from(paths)
      .where(
        and(
          or(eq(paths.sourceConnectorId, connector.id), eq(paths.destinationConnectorId, connector.id)),
          selfId ? ne(paths.id, selfId) : undefined,
        ),
      )
      .orderBy(paths.name);
    const used = others.reduce((sum, other) => sum + other.bandwidthMbps, 0);
    if (used + path.bandwidth > connector.bandwidthMbps) {
      throw new ApiError(409, "apiErrors.connectorHeadroom", {
        connector: connector.name,
        available: Math.max(0, connector.bandwidthMbps - used),
        bandwidth: connector.bandwidthMbps,
      });
    }
    const clash = others.find((other) => path.vlanType === "all" || other.vlanType === "all" || other.vlanId === path.vlanId);
    if (clash) {
      if (path.vlanType === "all" || clash.vlanType === "all") {
        throw new ApiError(409, "apiErrors.vlanAllConflict", { connector: connector.name, path: clash.name });
      }
      throw new ApiError(409, "apiErrors.vlanConflict", { vlan: path.vlanId ?? 0, connector: connector.name, path: clash.name });
    }
  }
}

function toColumns(path: PathCreate) {
  return {
    name: path.name,
    layer: path.layer,
    sourceSiteId: path.sourceSiteId,
    sourceConnectorId: path.sourceConnectorId,
    destinationSiteId: path.destinationSiteId,
    destinationConnectorId: path.destinationConnectorId,
    bandwidthMbps: path.bandwidth,
    vlanType: path.vlanType,
    vlanId: path.vlanType === "specific" ? (path.vlanId ?? null) : null,
    prefixes: path.layer === "layer3" ? (path.prefix ?? []) : [],
  };
}

/** The customer organization a path is made in; null when not visible; 400 for an MSP's or the operator's own. */
async function customerOrganization(db: Db, principal: Principal, organizationId: string) {
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) return null;
  if (organization.organizationType !== "customer") {
    throw new ApiError(400, "apiErrors.pathOrganizationNotCustomer", { organization: organization.name });
  }
  return organization;
}

// POST /api/v1/config/organization/{id}/path
export async function createPath(context: ServiceContext, organizationId: string, input: PathCreate): Promise<Path | null> {
  const organization = await customerOrganization(context.db, context.principal, organizationId);
  if (!organization) return null;
  return mutate(context, async (tx, record) => {
    await checkNetworkRules(tx, organization.id, input);
    const [inserted] = await tx.insert(paths).values({ organizationId: organization.id, ...toColumns(input) }).returning({ id: paths.id });
    const created = toPath((await findVisiblePath(tx, context.principal, inserted.id))!);
    await record({ organizationId: organization.id, entityType: "path", entityId: created.id, type: "created", after: snapshot(created) });
    return created;
  });
}

// PATCH /api/v1/config/path/{id} — the merged path must still be valid and fit its connectors.
export async function updatePath(context: ServiceContext, pathId: string, update: PathUpdate): Promise<Path | null> {
  return mutate(context, async (tx, record) => {
    const row = await findVisiblePath(tx, context.principal, pathId, true);
    if (!row) return null;
    const before = toPath(row);
    const merged = pathCreateSchema.safeParse({
      name: before.name,
      layer: before.layer,
      sourceSiteId: before.sourceSiteId,
      sourceConnectorId: before.sourceConnectorId,
      destinationSiteId: before.destinationSiteId,
      destinationConnectorId: before.destinationConnectorId,
      bandwidth: before.bandwidth,
      vlanType: before.vlanType,
      vlanId: before.vlanId,
      ...(before.layer === "layer3" ? { prefix: before.prefix } : {}),
      ...Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)),
      ...(update.layer === "layer2" && update.prefix === undefined ? { prefix: undefined } : {}),
    });
    if (!merged.success) throw validationError(merged.error);
    await checkNetworkRules(tx, before.organizationId, merged.data, pathId);
    await tx
      .update(paths)
      .set({ ...toColumns(merged.data), updatedAt: new Date() })
      .where(eq(paths.id, pathId));
    const after = toPath((await findVisiblePath(tx, context.principal, pathId))!);
    if (JSON.stringify(snapshot(before)) !== JSON.stringify(snapshot(after))) {
      await record({ organizationId: before.organizationId, entityType: "path", entityId: pathId, type: "updated", before: snapshot(before), after: snapshot(after) });
    }
    return after;
  });
}

// DELETE /api/v1/config/path/{id}
export async function deletePath(context: ServiceContext, pathId: string): Promise<boolean> {
  return mutate(context, async (tx, record) => {
    const row = await findVisiblePath(tx, context.principal, pathId, true);
    if (!row) return false;
    const before = toPath(row);
    await tx.delete(paths).where(eq(paths.id, pathId));
    await record({ organizationId: before.organizationId, entityType: "path", entityId: pathId, type: "deleted", before: snapshot(before) });
    return true;
  });
}
