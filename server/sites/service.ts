import "server-only";
import { and, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import {
  AWS_SITE_TYPES,
  CLOUD_ACCOUNT_FIELDS,
  siteCreateSchema,
  siteProvider,
  type AwsConfigUpload,
  type Site,
  type SiteListItem,
  type SiteCreate,
  type SiteType,
  type SiteUpdate,
} from "@/lib/sites/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext } from "@/server/core/service-context";
import { connectors, paths, sites } from "@/server/db/schema";
import { changedColumns, setsNothing } from "@/server/db/changed-columns";
import { encryptSecret } from "@/server/secrets/crypto";
import { findVisibleOrganization, tenantWhere, visibleRead } from "@/server/core/tenancy";
import { connectorSummaries } from "./connector-summary";
import { toConnector } from "./connectors";
import { containsPattern, findVisibleSite, recordPathCascade } from "./shared";
import { ValidationError, ForbiddenError, NotFoundError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { sortedList, type SortKey } from "@/server/core/pagination";
import type { SiteListQuery } from "@/lib/sites/schema";
import type { SortColumn } from "@/lib/sorting";
import { validationError } from "@/server/core/validation";

export type SiteRow = typeof sites.$inferSelect;

/** The API's view of a site row: the account under the provider's field name, never the AWS file itself. */
export function toSite(row: SiteRow): Site {
  const base = {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    location: { address: row.locationAddress, latitude: row.latitude, longitude: row.longitude },
    active: row.active,
    awsConfigSet: row.awsConfig !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  const account = row.cloudAccountId ?? "";
  const region = row.cloudRegion ?? "";
  switch (row.type) {
    case "standard":
      return { ...base, type: "standard" };
    case "aws":
    case "aws-direct-connect":
      return { ...base, type: row.type, awsAccountId: account, region };
    case "azure":
      return { ...base, type: "azure", azureSubscriptionId: account, region };
    case "gcp":
      return { ...base, type: "gcp", gcpProjectId: account, region };
    case "oracle":
      return { ...base, type: "oracle", oracleCompartmentId: account, region };
  }
}

/** The columns a create (or a whole, changed site) writes. */
function toColumns(input: SiteCreate) {
  const columns = {
    name: input.name,
    description: input.description,
    type: input.type,
    locationAddress: input.location.address,
    latitude: input.location.latitude,
    longitude: input.location.longitude,
    cloudAccountId: null as string | null,
    cloudRegion: null as string | null,
  };
  switch (input.type) {
    case "standard":
      break;
    case "aws":
    case "aws-direct-connect":
      return { ...columns, cloudAccountId: input.awsAccountId, cloudRegion: input.region };
    case "azure":
      return { ...columns, cloudAccountId: input.azureSubscriptionId, cloudRegion: input.region };
    case "gcp":
      return { ...columns, cloudAccountId: input.gcpProjectId, cloudRegion: input.region };
    case "oracle":
      return { ...columns, cloudAccountId: input.oracleCompartmentId, cloudRegion: input.region };
  }
  return columns;
}

/** The site as a create input, to apply a PATCH to. */
function toInput(row: SiteRow): Record<string, unknown> {
  const site = toSite(row) as Record<string, unknown>;
  const { name, description, location, type } = site;
  const provider = siteProvider(row.type);
  if (!provider) return { name, description, location, type };
  const field = CLOUD_ACCOUNT_FIELDS[provider];
  return { name, description, location, type, [field]: site[field], region: site.region };
}

/** The site with the changes applied, checked whole: a new type needs its own account and region. */
function applyUpdate(row: SiteRow, update: SiteUpdate): SiteCreate {
  const { active: _active, ...changes } = update;
  const current = toInput(row);
  const type: SiteType = changes.type ?? row.type;
  const oldProvider = siteProvider(row.type);
  if (oldProvider && oldProvider !== siteProvider(type)) {
    // The old provider's account and region mean nothing to the new one.
    delete current[CLOUD_ACCOUNT_FIELDS[oldProvider]];
    delete current.region;
  }
  const result = siteCreateSchema.safeParse({ ...current, ...changes, type });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

// GET /api/v1/config/organization/{organizationId}/site — the organization's sites by name, a page at a time.
const SITE_SORT_KEYS: Record<SortColumn<"sites">, SortKey[]> = {
  name: [{ key: sites.name, kind: "text" }],
  // Inactive first (the state to look at), then by name.
  state: [{ key: sites.active, kind: "boolean" }, { key: sites.name, kind: "text" }],
};

export function listSites(context: ServiceContext, organizationId: string, query: PageQuery & SiteListQuery) {
  return visibleRead(context.db, context.principal, "sites", [organizationId, query], () => readSites(context, organizationId, query));
}

async function readSites(context: ServiceContext, organizationId: string, query: PageQuery & SiteListQuery) {
  const { db, principal } = context;
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) throw new NotFoundError();
  const list = sortedList("sites", SITE_SORT_KEYS, sites.id, query, { sort: "name", order: "asc" });
  const conditions: (SQL | undefined)[] = [
    eq(sites.organizationId, organization.id),
    tenantWhere(principal, sites.organizationId, db),
    query.search ? ilike(sites.name, containsPattern(query.search)) : undefined,
    query.type ? eq(sites.type, query.type) : undefined,
    list.after,
  ];
  const found = await db
    .select({ site: sites, sortKey: list.cursorValues })
    .from(sites)
    .where(and(...conditions))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(found, (row) => ({ values: row.sortKey, id: row.site.id }));
  const rows = page.items.map((row) => row.site);
  const connectorsOf = await connectorSummaries(db, rows.map((row) => row.id));
  const items: SiteListItem[] = rows.map((row) => ({ ...toSite(row), connectors: connectorsOf.get(row.id) ?? { count: 0, kinds: [] } }));
  return { items, nextCursor: page.nextCursor };
}

// GET /api/v1/config/site/{siteId}
export async function getSite(context: ServiceContext, siteId: string): Promise<Site> {
  const found = await findVisibleSite(context.db, context.principal, siteId);
  if (!found) throw new NotFoundError();
  return toSite(found.site);
}

// POST /api/v1/config/organization/{organizationId}/site — in a customer the caller may see (itself, an MSP's
// customer, any for the operator).
export async function createSite(context: ServiceContext, organizationId: string, input: SiteCreate): Promise<Site> {
  const organization = await findVisibleOrganization(context.db, context.principal, organizationId);
  if (!organization) throw new NotFoundError();
  if (organization.organizationType !== "customer") {
    throw new ValidationError("apiErrors.siteOrganizationNotCustomer", { organization: organization.name });
  }
  return mutate(context, async (tx, record) => {
    const [row] = await tx
      .insert(sites)
      .values({ organizationId: organization.id, ...toColumns(input), createdBy: context.principal.userId })
      .returning();
    const site = toSite(row);
    await record({ organizationId: row.organizationId, entityType: "site", entityId: row.id, type: "created", after: site });
    return site;
  });
}

// PATCH /api/v1/config/site/{siteId}
export async function updateSite(context: ServiceContext, siteId: string, update: SiteUpdate): Promise<Site> {
  return mutate(context, async (tx, record) => {
    const found = await findVisibleSite(tx, context.principal, siteId, true);
    if (!found) throw new NotFoundError();
    const row = found.site;
    const changed = applyUpdate(row, update);
    const columns = changedColumns(row, {
      ...toColumns(changed),
      active: update.active ?? row.active,
      // An AWS configuration file belongs to an AWS site only.
      awsConfig: AWS_SITE_TYPES.includes(changed.type) ? row.awsConfig : null,
    });
    const before = toSite(row);
    if (setsNothing(columns)) return before;
    const [updated] = await tx
      .update(sites)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(sites.id, row.id))
      .returning();
    const after = toSite(updated);
    await record({ organizationId: row.organizationId, entityType: "site", entityId: row.id, type: "updated", before, after });
    return after;
  });
}

// DELETE /api/v1/config/site/{siteId} — SPEC §6: only the customer deletes a site, with its connectors and paths.
export async function deleteSite(context: ServiceContext, siteId: string): Promise<void> {
  const found = await findVisibleSite(context.db, context.principal, siteId);
  if (!found) throw new NotFoundError();
  if (context.principal.organizationType !== "customer") {
    throw new ForbiddenError("apiErrors.siteDeleteCustomerOnly", { customer: found.organizationName, site: found.site.name });
  }
  return mutate(context, async (tx, record) => {
    const locked = await findVisibleSite(tx, context.principal, siteId, true);
    if (!locked) throw new NotFoundError();
    const row = locked.site;
    const siteConnectors = await tx.select().from(connectors).where(eq(connectors.siteId, row.id)).orderBy(connectors.id);
    const connectorIds = siteConnectors.map((connector) => connector.id);
    await recordPathCascade(
      tx,
      record,
      or(
        eq(paths.sourceSiteId, row.id),
        eq(paths.destinationSiteId, row.id),
        connectorIds.length ? inArray(paths.sourceConnectorId, connectorIds) : undefined,
        connectorIds.length ? inArray(paths.destinationConnectorId, connectorIds) : undefined,
      ),
    );
    for (const connector of siteConnectors) {
      await record({
        organizationId: connector.organizationId,
        entityType: "connector",
        entityId: connector.id,
        siteId: connector.siteId,
        type: "deleted",
        before: toConnector(connector),
      });
    }
    await tx.delete(sites).where(eq(sites.id, row.id));
    await record({ organizationId: row.organizationId, entityType: "site", entityId: row.id, type: "deleted", before: toSite(row) });
  });
}

// POST /api/v1/config/site/{siteId}/aws-config — stored encrypted (it may hold BGP or tunnel keys), never returned.
export async function uploadAwsConfig(context: ServiceContext, siteId: string, upload: AwsConfigUpload): Promise<Site> {
  const found = await findVisibleSite(context.db, context.principal, siteId);
  if (!found) throw new NotFoundError();
  if (!AWS_SITE_TYPES.includes(found.site.type)) throw new ValidationError("validation.awsConfigFile");
  // Encrypted before the transaction: the key may be read from the database on first use.
  const encrypted = await encryptSecret(context.db, upload.content);
  return mutate(context, async (tx, record) => {
    const locked = await findVisibleSite(tx, context.principal, siteId, true);
    if (!locked) throw new NotFoundError();
    if (!AWS_SITE_TYPES.includes(locked.site.type)) throw new ValidationError("validation.awsConfigFile");
    const before = toSite(locked.site);
    const [updated] = await tx.update(sites).set({ awsConfig: encrypted, updatedAt: new Date() }).where(eq(sites.id, siteId)).returning();
    const after = toSite(updated);
    await record({ organizationId: updated.organizationId, entityType: "site", entityId: updated.id, type: "updated", before, after });
    return after;
  });
}
