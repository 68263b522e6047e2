import "server-only";
import { and, eq } from "drizzle-orm";
import { connectorChangedSchema, type ConnectorChanged, type ConnectorUpdate } from "@/lib/connectors/schema";
import { CLOUD_ACCOUNT_FIELDS, siteCreateSchema, siteProvider, SITE_TYPES, type SiteCreate, type SiteType } from "@/lib/sites/schema";
import { NotFoundError, ValidationError } from "@/server/core/errors";
import { findVisibleOrganization } from "@/server/core/tenancy";
import type { ColumnIssue, ImportKind } from "@/server/csv/import";
import { connectors, sites } from "@/server/db/schema";
import { createConnector, updateConnector } from "./connectors";
import { createSite, updateSite } from "./service";
import { findVisibleSite } from "./shared";

// The CSV import of sites (into a customer organization) and of connectors (into a site), on server/csv/import.ts.
// The columns are the export's (the API's field names); the export's other columns (id, createdAt, connectors.count…)
// are read by nobody. A site is known by its name in its organization, a connector by its name in its site.

/** Names to the ids under them (two objects may share a name: the import then refuses the row). */
export function idsByName(rows: readonly { id: string; name: string }[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
  return byName;
}

/** A cell as a number for a schema that takes numbers only (empty: absent, so the field's "required" message). */
export const numberCell = (text: string | undefined) => (text === undefined || text.trim() === "" ? undefined : Number(text));

/** A true/false cell (as the export writes booleans); anything else is left for the schema to refuse. */
export const booleanCell = (text: string | undefined) => {
  const value = text?.trim().toLowerCase();
  if (value === undefined || value === "") return undefined;
  return value === "true" ? true : value === "false" ? false : text;
};

/** Only the cells the header has: a column the file leaves out is a field left out. */
function present(cells: Map<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => cells.has(name)).map((name) => [name, cells.get(name)!]));
}

// --- Sites ---

interface SiteLookup {
  existing: Map<string, string[]>;
}

type SiteRowInput = SiteCreate & { active?: boolean };

export function siteImport(organizationId: string): ImportKind<SiteRowInput, SiteLookup> {
  return {
    target: `sites:${organizationId}`,
    required: ["name", "type", "location.address", "location.latitude", "location.longitude"],
    async prepare(context) {
      const organization = await findVisibleOrganization(context.db, context.principal, organizationId);
      if (!organization) throw new NotFoundError();
      if (organization.organizationType !== "customer") throw new ValidationError("apiErrors.siteOrganizationNotCustomer", { organization: organization.name });
      const rows = await context.db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.organizationId, organization.id));
      return { existing: idsByName(rows) };
    },
    input(cells) {
      const type = (cells.get("type") ?? "").trim();
      const provider = (SITE_TYPES as readonly string[]).includes(type) ? siteProvider(type as SiteType) : null;
      const input: Record<string, unknown> = {
        ...present(cells, ["name", "description"]),
        type,
        location: { address: cells.get("location.address"), latitude: numberCell(cells.get("location.latitude")), longitude: numberCell(cells.get("location.longitude")) },
        ...(provider ? { [CLOUD_ACCOUNT_FIELDS[provider]]: cells.get(CLOUD_ACCOUNT_FIELDS[provider]) ?? "", region: cells.get("region") ?? "" } : {}),
      };
      const active = booleanCell(cells.get("active"));
      const issues: ColumnIssue[] = typeof active === "string" ? [{ column: "active", key: "validation.activeInvalid" }] : [];
      return { input: active === undefined || typeof active === "string" ? input : { ...input, active }, issues };
    },
    // The create form's schema; `active` (a column of the export) rides along for an update.
    parse({ active, ...site }) {
      const parsed = siteCreateSchema.safeParse(site);
      return parsed.success ? { success: true, data: { ...parsed.data, ...(typeof active === "boolean" ? { active } : {}) } } : parsed;
    },
    key: (input) => input.name,
    existing: (lookup) => lookup.existing,
    async create(context, { active, ...input }) {
      const site = await createSite(context, organizationId, input);
      if (active === false) await updateSite(context, site.id, { active });
    },
    update: (context, id, input) => updateSite(context, id, input),
  };
}

// --- Connectors ---

const CONNECTOR_FIELDS = {
  physical: ["name", "description", "bandwidth", "customerIp", "providerEdgeIp", "vlan"],
  ipsec: ["name", "description", "bandwidth", "localSiteIp", "publicIp", "mtu", "mss", "deadPeerDetectionDelaySeconds", "phase1SaLifetimeHours", "phase2SaLifetimeHours", "presharedKey"],
  external: ["name", "bandwidth"],
  virtual: ["name", "description", "bandwidth"],
  internet: ["name", "description", "bandwidth"],
} as const;

interface ConnectorLookup {
  existing: Map<string, string[]>;
}

export function connectorImport(siteId: string): ImportKind<ConnectorChanged, ConnectorLookup> {
  return {
    target: `connectors:${siteId}`,
    required: ["name", "kind", "bandwidth"],
    async prepare(context) {
      const found = await findVisibleSite(context.db, context.principal, siteId);
      if (!found) throw new NotFoundError();
      const rows = await context.db.select({ id: connectors.id, name: connectors.name }).from(connectors).where(and(eq(connectors.siteId, found.site.id)));
      return { existing: idsByName(rows) };
    },
    input(cells) {
      const kind = (cells.get("kind") ?? "").trim();
      const fields: readonly string[] = CONNECTOR_FIELDS[kind as keyof typeof CONNECTOR_FIELDS] ?? ["name", "bandwidth"];
      const input: Record<string, unknown> = { kind, ...present(cells, fields) };
      // A key left empty keeps the one set (an export never holds it); a new IPsec connector then says it is required.
      if (input.presharedKey === "") delete input.presharedKey;
      if (kind === "ipsec") input.natTraversal = booleanCell(cells.get("natTraversal"));
      return { input, issues: [] };
    },
    parse: (input) => connectorChangedSchema.safeParse(input),
    key: (input) => input.name,
    existing: (lookup) => lookup.existing,
    async create(context, input) {
      if (input.kind === "ipsec" && input.presharedKey === undefined) {
        throw new ValidationError("validation.presharedKeyRequired", undefined, [{ path: "presharedKey", key: "validation.presharedKeyRequired" }]);
      }
      await createConnector(context, siteId, input as never);
    },
    update: (context, id, input) => updateConnector(context, id, input as ConnectorUpdate),
  };
}
