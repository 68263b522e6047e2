import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { foldText } from "@/lib/locations/text";
import { consoleScopeWhere, tenantWhere, visibleOrganizationsWhere, visibleRead } from "@/server/core/tenancy";
import { connectors, coreFabrics, devices, externalFabrics, links, nodes, organizations, paths, sites } from "@/server/db/schema";
import type { ChatScope } from "../scope";
import { abbreviationAliases, cityCodeAliases, exonymAliases } from "./exonyms";
import { NameIndex, type NamedEntry } from "./name-index";

// The names a chat may speak of: what its user sees in the chat's organization (sites, paths, connectors, nodes,
// devices by serial number, fabrics) and the organizations they see, with the other ways people write them. Read once
// per change of those tables (the read cache keeps the rows until a write touches them), indexed once per read.

type Rows = readonly NamedEntry[];

/** At most this many spare devices are named (the inventory tool finds any other by its serial number). */
const SPARES_MAX = 2_000;

async function readNames(scope: ChatScope): Promise<NamedEntry[]> {
  const { db, principal } = scope.context;
  const within = (column: Parameters<typeof tenantWhere>[1]) =>
    and(tenantWhere(principal, column, db), scope.organizationFilter ? consoleScopeWhere(principal, column, scope.organizationFilter, db) : undefined);
  const source = alias(sites, "source_site");
  const destination = alias(sites, "destination_site");
  const sourceNode = alias(nodes, "source_node");
  const destinationNode = alias(nodes, "destination_node");
  const [siteRows, pathRows, connectorRows, nodeRows, coreFabricRows, externalFabricRows, organizationRows, linkRows, spareRows] = await Promise.all([
    db.select({ id: sites.id, name: sites.name }).from(sites).where(within(sites.organizationId)),
    db
      .select({
        id: paths.id,
        name: paths.name,
        source: source.name,
        destination: destination.name,
        sourceConnectorId: paths.sourceConnectorId,
        destinationConnectorId: paths.destinationConnectorId,
      })
      .from(paths)
      .innerJoin(source, eq(source.id, paths.sourceSiteId))
      .innerJoin(destination, eq(destination.id, paths.destinationSiteId))
      .where(within(paths.organizationId)),
    db
      .select({ id: connectors.id, name: connectors.name, site: sites.name })
      .from(connectors)
      .innerJoin(sites, eq(sites.id, connectors.siteId))
      .where(within(connectors.organizationId)),
    db
      .select({ id: nodes.id, name: nodes.name, kind: nodes.kind, address: nodes.locationAddress, serialNumber: devices.serialNumber })
      .from(nodes)
      .leftJoin(devices, eq(devices.nodeId, nodes.id))
      .where(within(nodes.organizationId)),
    db.select({ id: coreFabrics.id, name: coreFabrics.name }).from(coreFabrics).where(within(coreFabrics.organizationId)),
    db.select({ id: externalFabrics.id, name: externalFabrics.name }).from(externalFabrics).where(within(externalFabrics.organizationId)),
    db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(visibleOrganizationsWhere(principal)),
    db
      .select({ id: links.id, name: links.name, source: sourceNode.name, destination: destinationNode.name })
      .from(links)
      .innerJoin(sourceNode, eq(sourceNode.id, links.sourceNodeId))
      .innerJoin(destinationNode, eq(destinationNode.id, links.destinationNodeId))
      .where(within(links.organizationId)),
    // The claimed devices on no node (spares): the nodes above name the others by their serial numbers.
    db
      .select({ id: devices.id, serialNumber: devices.serialNumber })
      .from(devices)
      .where(and(isNotNull(devices.mspOrganizationId), isNull(devices.nodeId), within(devices.mspOrganizationId)))
      .orderBy(devices.serialNumber)
      .limit(SPARES_MAX),
  ]);
  const pathsOf = new Map<string, string[]>();
  for (const row of pathRows)
    for (const connectorId of new Set([row.sourceConnectorId, row.destinationConnectorId])) pathsOf.set(connectorId, [...(pathsOf.get(connectorId) ?? []), row.name]);
  return [
    ...siteRows.map((row): NamedEntry => ({ kind: "site", id: row.id, name: row.name })),
    // A path by its name, and by its ends' site names ("Paris HQ ⇄ Frankfurt DC").
    ...pathRows.map((row): NamedEntry => ({ kind: "path", id: row.id, name: row.name, aliases: [`${row.source} ⇄ ${row.destination}`] })),
    // A connector by its name, and with its site's ("Paris HQ fiber 1").
    ...connectorRows.map((row): NamedEntry => ({ kind: "connector", id: row.id, name: row.name, aliases: [`${row.site} ${row.name}`], paths: pathsOf.get(row.id) ?? [], site: row.site })),
    // A node by its name, by its device's serial number, and by where it stands ("the Seattle edge", "the box in
    // Seattle": its address's city with its kind).
    ...nodeRows.map((row): NamedEntry => ({ kind: "node", id: row.id, name: row.name, aliases: [...(row.serialNumber ? [row.serialNumber] : []), ...nodePlaceAliases(row), ...nodeShortAliases(row.name)] })),
    ...spareRows.map((row): NamedEntry => ({ kind: "device", id: row.id, name: row.serialNumber })),
    ...coreFabricRows.map((row): NamedEntry => ({ kind: "fabric", id: row.id, name: row.name })),
    ...externalFabricRows.map((row): NamedEntry => ({ kind: "fabric", id: row.id, name: row.name })),
    ...organizationRows.map((row): NamedEntry => ({ kind: "organization", id: row.id, name: row.name })),
    // A link between nodes by its name, without its network's prefix ("lon-ash" for nw-lon-ash), and by its ends.
    ...linkRows.map((row): NamedEntry => {
      const short = row.name.replace(/^[\p{L}\p{N}]+-(?=[^-]+-[^-]+$)/u, "");
      return { kind: "link", id: row.id, name: row.name, aliases: [...(short !== row.name ? [short] : []), `${row.source} ⇄ ${row.destination}`] };
    }),
  ].map((entry) => {
    // Each written form also with its cities in the other language ("Francfort ⇄ Paris"), and its abbreviations
    // written the other way ("Frankfurt xconnect", "Paris headquarters").
    const written = [entry.name, ...(entry.aliases ?? [])];
    const coded = entry.kind === "site" || entry.kind === "path";
    const other = written.flatMap((text) => [...exonymAliases(foldText(text)), ...abbreviationAliases(foldText(text)), ...(coded ? cityCodeAliases(foldText(text)) : [])]);
    return other.length > 0 ? { ...entry, aliases: [...(entry.aliases ?? []), ...other] } : entry;
  });
}

/**
 * A node's name as engineers shorten it: without its network's prefix, and its number without the leading zero, with
 * or without the hyphen ("nw-edge-fra-01" → "edge-fra-01", "edge-fra-1", "edge-fra1").
 */
export function nodeShortAliases(name: string): string[] {
  const parts = name.split("-");
  const last = parts[parts.length - 1];
  // Only a numbered name ("nw-core-fra" is already "core fra" word for word, and "lon-ash" is a link).
  if (parts.length < 4 || !/^\d+$/.test(last)) return [];
  const stem = parts.slice(1, -1).join("-");
  const number = String(Number(last));
  return [...new Set([`${stem}-${last}`, `${stem}-${number}`, `${stem}${number}`, `${stem}${last}`])];
}

/** A node's city (its address's first part) with its kind: "Seattle edge". */
function nodePlaceAliases(row: { kind: string; address: string }): string[] {
  const city = row.address.split(",")[0]?.replace(/\(.*?\)/g, "").trim();
  // French puts the kind first: « le edge de Paris », « le cpe de Lyon ».
  return city ? [`${city} ${row.kind}`, `${row.kind} de ${city}`] : [];
}

// Built once per read: the kept rows are the same object until a write touches their tables.
const indexes = new WeakMap<Rows, NameIndex>();

/** The index of the names the chat may speak of. */
export async function chatNames(scope: ChatScope): Promise<NameIndex> {
  const { db, principal } = scope.context;
  const rows: Rows = await visibleRead(db, principal, "assistant-names", { organizationFilter: scope.organizationFilter ?? null }, () => readNames(scope));
  let index = indexes.get(rows);
  if (!index) {
    index = new NameIndex(rows);
    indexes.set(rows, index);
  }
  return index;
}
