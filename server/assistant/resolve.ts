import "server-only";
import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import { containsPattern } from "@/server/db/query";
import { connectors, devices, nodes, sites } from "@/server/db/schema";
import { consoleScopeWhere, tenantWhere, visibleOrganizationsWhere } from "@/server/core/tenancy";
import type { PgColumn } from "drizzle-orm/pg-core";
import { organizations } from "@/server/db/schema";
import type { ChatScope } from "./scope";
import { fold, UUID } from "./text";

// Entity resolution with the caller's visibility (issue 16, scope 1): a name, part of a name, an id or a serial
// number, matched among the objects the caller sees in the chat's organization only. Several matches are candidates
// for a clarifying question; none is "not visible" — the same answer whether the object exists elsewhere or not.

export type Resolution<T> = { status: "found"; item: T } | { status: "ambiguous"; candidates: T[] } | { status: "not-visible" };

const CANDIDATES_MAX = 8;
const SEARCH_LIMIT = 50;

/** The best matches for `query` among named items: by id, then exact name, then names holding it, then every word of it. */
export function pickByName<T extends { id: string; name: string }>(query: string, items: readonly T[], aliases: (item: T) => string[] = () => []): Resolution<T> {
  const trimmed = query.trim();
  const wanted = fold(trimmed);
  if (!wanted) return { status: "not-visible" };
  const names = (item: T) => [item.name, ...aliases(item)].map(fold);
  const tiers: ((item: T) => boolean)[] = [
    (item) => item.id === trimmed,
    (item) => names(item).some((name) => name === wanted),
    (item) => names(item).some((name) => name.includes(wanted)),
    (item) => {
      const words = wanted.split(" ").filter((word) => word.length > 1);
      return words.length > 1 && names(item).some((name) => words.every((word) => name.includes(word)));
    },
  ];
  for (const tier of tiers) {
    const matches = items.filter(tier);
    if (matches.length === 1) return { status: "found", item: matches[0] };
    if (matches.length > 1) return { status: "ambiguous", candidates: matches.slice(0, CANDIDATES_MAX) };
  }
  return { status: "not-visible" };
}

/** The words of a query to search the database with (the longest word: accents and word order vary). */
const searchTerm = (query: string) =>
  query
    .trim()
    .split(/\s+/)
    .sort((a, b) => b.length - a.length)[0]
    ?.slice(0, 100) ?? "";

const scoped = (scope: ChatScope, column: PgColumn): SQL | undefined =>
  scope.organizationFilter ? consoleScopeWhere(scope.context.principal, column, scope.organizationFilter, scope.context.db) : undefined;

export interface ResolvedSite {
  id: string;
  name: string;
  organizationId: string;
}

export async function resolveSite(scope: ChatScope, query: string): Promise<Resolution<ResolvedSite>> {
  const { db, principal } = scope.context;
  const id = UUID.exec(query)?.[0];
  const term = searchTerm(query);
  const rows = await db
    .select({ id: sites.id, name: sites.name, organizationId: sites.organizationId })
    .from(sites)
    .where(and(tenantWhere(principal, sites.organizationId, db), scoped(scope, sites.organizationId), id ? eq(sites.id, id) : ilike(sites.name, containsPattern(term))))
    .orderBy(sites.name)
    .limit(SEARCH_LIMIT);
  return pickByName(id ?? query, rows);
}

export interface ResolvedConnector {
  id: string;
  name: string;
  siteId: string;
  siteName: string;
  organizationId: string;
  bandwidthMbps: number;
  kind: string;
}

export async function resolveConnector(scope: ChatScope, query: string): Promise<Resolution<ResolvedConnector>> {
  const { db, principal } = scope.context;
  const id = UUID.exec(query)?.[0];
  const term = searchTerm(query);
  const rows = await db
    .select({
      id: connectors.id,
      name: connectors.name,
      siteId: connectors.siteId,
      siteName: sites.name,
      organizationId: connectors.organizationId,
      bandwidthMbps: connectors.bandwidthMbps,
      kind: connectors.kind,
    })
    .from(connectors)
    .innerJoin(sites, eq(sites.id, connectors.siteId))
    .where(
      and(
        tenantWhere(principal, connectors.organizationId, db),
        scoped(scope, connectors.organizationId),
        id ? eq(connectors.id, id) : or(ilike(connectors.name, containsPattern(term)), ilike(sites.name, containsPattern(term))),
      ),
    )
    .orderBy(connectors.name)
    .limit(SEARCH_LIMIT);
  return pickByName(id ?? query, rows);
}

export interface ResolvedNode {
  id: string;
  name: string;
  kind: string;
  serialNumber: string | null;
  deviceId: string | null;
}

/** A node of the MSPs the caller sees, by name, id or its device's serial number (customers see none). */
export async function resolveNode(scope: ChatScope, query: string): Promise<Resolution<ResolvedNode>> {
  const { db, principal } = scope.context;
  const id = UUID.exec(query)?.[0];
  const term = searchTerm(query);
  const rows = await db
    .select({ id: nodes.id, name: nodes.name, kind: nodes.kind, serialNumber: devices.serialNumber, deviceId: devices.id })
    .from(nodes)
    .leftJoin(devices, eq(devices.nodeId, nodes.id))
    .where(
      and(
        tenantWhere(principal, nodes.organizationId, db),
        scoped(scope, nodes.organizationId),
        id ? eq(nodes.id, id) : or(ilike(nodes.name, containsPattern(term)), ilike(devices.serialNumber, containsPattern(term))),
      ),
    )
    .orderBy(nodes.name)
    .limit(SEARCH_LIMIT);
  return pickByName(id ?? query, rows, (node) => (node.serialNumber ? [node.serialNumber] : []));
}

/** The organizations the caller sees, for a name the question gives. */
export async function visibleOrganizationNamed(scope: ChatScope, query: string) {
  const { db, principal } = scope.context;
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, organizationType: organizations.organizationType })
    .from(organizations)
    .where(and(visibleOrganizationsWhere(principal), ilike(organizations.name, containsPattern(searchTerm(query)))))
    .limit(SEARCH_LIMIT);
  return pickByName(query, rows);
}

/** The names of the customer organizations the caller sees (an MSP's customers), by name: the choices to offer. */
export async function visibleCustomerNames(scope: ChatScope, limit = CANDIDATES_MAX): Promise<string[]> {
  const { db, principal } = scope.context;
  const rows = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(and(visibleOrganizationsWhere(principal), eq(organizations.organizationType, "customer")))
    .orderBy(organizations.name)
    .limit(limit);
  return rows.map((row) => row.name);
}
