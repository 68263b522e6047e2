import "server-only";
import { and, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { PathSla } from "@/lib/health";
import type { SiteType } from "@/lib/sites/schema";
import { containsPattern } from "@/server/db/query";
import { organizations, sites } from "@/server/db/schema";
import { tenantWhere } from "@/server/core/tenancy";
import type { ChatScope } from "./scope";

// The read the assistant needs that no console list answers in one go: a scope's sites with their connector and path
// counts and worst path SLA. The query is the caller's (tenantWhere) narrowed to the chat's scope.

export interface ScopedSite {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  type: SiteType;
  city: string;
  active: boolean;
  connectors: number;
  paths: number;
  sla: PathSla;
}

const SLA_BY_RANK: PathSla[] = ["unknown", "healthy", "warning", "bad"];

/** The scope's sites by name (those whose name contains `search`, when given), the first `limit`, and how many match. */
export async function scopedSites(scope: ChatScope, options: { search?: string; limit: number }) {
  const { db, principal } = scope.context;
  const conditions: (SQL | undefined)[] = [
    tenantWhere(principal, sites.organizationId, db),
    scope.organizationFilter ? eq(sites.organizationId, scope.organizationFilter) : undefined,
    options.search ? ilike(sites.name, containsPattern(options.search)) : undefined,
  ];
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      organizationId: sites.organizationId,
      organizationName: organizations.name,
      type: sites.type,
      city: sites.locationAddress,
      active: sites.active,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      connectors: sql<number>`(select count(*) from connectors c where c.site_id = ${sites.id})`.mapWith(Number),
      paths: sql<number>`(select count(*) from paths p where p.source_site_id = ${sites.id} or p.destination_site_id = ${sites.id})`.mapWith(Number),
      // The worst SLA of the site's paths as a rank (lib/health.ts's order): unknown 0 … bad 3.
      slaRank: sql<number>`(select coalesce(max(case p.sla_health when 'bad' then 3 when 'warning' then 2 when 'healthy' then 1 else 0 end), 0)
                            from paths p where p.source_site_id = ${sites.id} or p.destination_site_id = ${sites.id})`.mapWith(Number),
    })
    .from(sites)
    .innerJoin(organizations, eq(organizations.id, sites.organizationId))
    .where(and(...conditions))
    .orderBy(sites.name, sites.id)
    .limit(options.limit);
  return {
    total: rows[0]?.total ?? 0,
    sites: rows.map(({ total: _total, slaRank, ...site }): ScopedSite => ({ ...site, sla: SLA_BY_RANK[slaRank] ?? "unknown" })),
  };
}
