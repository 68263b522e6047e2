import "server-only";
import { eq } from "drizzle-orm";
import { pathCreateSchema, type PathCreate } from "@/lib/paths/schema";
import { NotFoundError, ValidationError } from "@/server/core/errors";
import { findVisibleOrganization } from "@/server/core/tenancy";
import type { ColumnIssue, ImportKind } from "@/server/csv/import";
import { connectors, paths, sites } from "@/server/db/schema";
import { idsByName } from "@/server/sites/import";
import { createPath, updatePath } from "./service";

// The CSV import of a customer's paths, on server/csv/import.ts. A path's ends are named as the export writes them —
// sourceSiteName, sourceConnectorName… — and found by name in the organization (a file moves between consoles, ids do
// not); a file with ids only (no name columns, or empty names) is read by its ids. A path is known by its name in its
// organization.

const PATH_FIELDS = ["name", "layer", "bandwidth", "vlanType", "vlanId", "prefix"] as const;
const ENDS = ["source", "destination"] as const;

interface PathLookup {
  sitesByName: Map<string, string[]>;
  /** A site's connectors by name. */
  connectorsBySite: Map<string, Map<string, string[]>>;
  existing: Map<string, string[]>;
}

/** The column a field's message belongs to: the end's name column, which people edit, rather than its id. */
const columnOfField = (path: string) => ({ sourceSiteId: "sourceSiteName", sourceConnectorId: "sourceConnectorName", destinationSiteId: "destinationSiteName", destinationConnectorId: "destinationConnectorName" })[path] ?? path;

export function pathImport(organizationId: string): ImportKind<PathCreate, PathLookup> {
  return {
    target: `paths:${organizationId}`,
    required: ["name", "layer", "bandwidth"],
    async prepare(context) {
      const organization = await findVisibleOrganization(context.db, context.principal, organizationId);
      if (!organization) throw new NotFoundError();
      if (organization.organizationType !== "customer") throw new ValidationError("apiErrors.pathOrganizationNotCustomer", { organization: organization.name });
      const [siteRows, connectorRows, pathRows] = await Promise.all([
        context.db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.organizationId, organization.id)),
        context.db.select({ id: connectors.id, name: connectors.name, siteId: connectors.siteId }).from(connectors).where(eq(connectors.organizationId, organization.id)),
        context.db.select({ id: paths.id, name: paths.name }).from(paths).where(eq(paths.organizationId, organization.id)),
      ]);
      const connectorsBySite = new Map<string, Map<string, string[]>>();
      for (const site of siteRows) connectorsBySite.set(site.id, idsByName(connectorRows.filter((row) => row.siteId === site.id)));
      return { sitesByName: idsByName(siteRows), connectorsBySite, existing: idsByName(pathRows) };
    },
    input(cells, lookup) {
      const input: Record<string, unknown> = Object.fromEntries(PATH_FIELDS.filter((name) => cells.has(name)).map((name) => [name, cells.get(name)]));
      const issues: ColumnIssue[] = [];
      for (const end of ENDS) {
        const siteName = cells.get(`${end}SiteName`)?.trim();
        const connectorName = cells.get(`${end}ConnectorName`)?.trim();
        let siteId = cells.get(`${end}SiteId`)?.trim() ?? "";
        let connectorId = cells.get(`${end}ConnectorId`)?.trim() ?? "";
        if (siteName) {
          const found = lookup.sitesByName.get(siteName) ?? [];
          if (found.length !== 1) issues.push({ column: `${end}SiteName`, key: found.length ? "validation.csvAmbiguousName" : "validation.csvUnknownSite", values: { name: siteName } });
          siteId = found.length === 1 ? found[0] : "";
        }
        if (connectorName && (siteId || !siteName)) {
          const found = lookup.connectorsBySite.get(siteId)?.get(connectorName) ?? [];
          if (found.length !== 1) issues.push({ column: `${end}ConnectorName`, key: found.length ? "validation.csvAmbiguousName" : "validation.csvUnknownConnector", values: { name: connectorName } });
          connectorId = found.length === 1 ? found[0] : "";
        }
        input[`${end}SiteId`] = siteId;
        input[`${end}ConnectorId`] = connectorId;
      }
      return { input, issues };
    },
    parse: (input) => pathCreateSchema.safeParse(input),
    key: (input) => input.name,
    existing: (lookup) => lookup.existing,
    create: (context, input) => createPath(context, organizationId, input),
    update: (context, id, input) => updatePath(context, id, input),
    column: columnOfField,
  };
}
