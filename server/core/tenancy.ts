import "server-only";
import { and, eq, exists, inArray, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client";
import { cachedRead } from "@/server/db/read-cache";
import { organizations } from "@/server/db/schema";
import type { Principal } from "@/server/auth/principal";

// The one tenant-visibility rule: the operator sees all, an MSP itself and its customers, a customer itself.
// Every query over tenant data filters through these helpers, never by hand in a handler; the realtime hub decides
// who hears an organization's news with maySeeOrganization, the same rule read in memory.

/** Who looks: the organization a session acts in, and its type. */
export type Viewer = Pick<Principal, "organizationType" | "organizationId">;

/** Where an organization sits in the tree: all the rule reads of it. */
export interface OrganizationPlace {
  id: string;
  parentId: string | null;
}

/** What a viewer sees of the tree: everything, or its own organization and, for an MSP, the ones it is the parent of. */
function sightOf(viewer: Viewer): { everything: true } | { everything: false; own: string; children: boolean } {
  switch (viewer.organizationType) {
    case "maia":
      return { everything: true };
    case "msp":
      return { everything: false, own: viewer.organizationId, children: true };
    case "customer":
      return { everything: false, own: viewer.organizationId, children: false };
  }
}

/** The rule on one organization in memory (the realtime hub: may this user hear its news?). */
export function maySeeOrganization(viewer: Viewer, organization: OrganizationPlace): boolean {
  const sight = sightOf(viewer);
  return sight.everything || organization.id === sight.own || (sight.children && organization.parentId === sight.own);
}

/** The rule as a condition on the organizations table, or undefined when everything is visible. */
export function visibleOrganizationsWhere(viewer: Viewer): SQL | undefined {
  const sight = sightOf(viewer);
  if (sight.everything) return undefined;
  const own = eq(organizations.id, sight.own);
  return sight.children ? or(own, eq(organizations.parentId, sight.own)) : own;
}

/** Names what the principal may see: principals with the same key see the same rows. */
function visibilityKey(principal: Principal): string {
  return principal.organizationType === "maia" ? "maia" : `${principal.organizationType}:${principal.organizationId}`;
}

/**
 * A read kept until a write changes what it read (server/db/read-cache.ts), under a key that names what the
 * principal may see, the read and all of its inputs — `compute` may depend on nothing else but the database.
 */
export function visibleRead<T>(db: object, principal: Principal, read: string, inputs: unknown, compute: () => Promise<T>): Promise<T> {
  return cachedRead(db, `${read}:${visibilityKey(principal)}:${JSON.stringify(inputs)}`, compute);
}

/** A condition for a table's organization-id column: rows of visible organizations only. */
export function tenantWhere(principal: Principal, organizationIdColumn: PgColumn, db: Db): SQL | undefined {
  const where = visibleOrganizationsWhere(principal);
  if (!where) return undefined;
  return inArray(organizationIdColumn, db.select({ id: organizations.id }).from(organizations).where(where));
}

/**
 * The rows of one organization's console (a list's organization filter): the organization's own and, for an MSP the
 * caller may see, its customers' — what its own users see there. The caller's visibility (tenantWhere) still applies
 * on top, so an organization out of the caller's sight matches nothing (its customers are not reached through it).
 */
export function consoleScopeWhere(principal: Principal, organizationIdColumn: PgColumn, organizationId: string, db: Db): SQL {
  const visible = db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, organizationId), visibleOrganizationsWhere(principal)));
  const managed = and(eq(organizations.parentId, organizationId), eq(organizations.organizationType, "customer"), exists(visible));
  return inArray(organizationIdColumn, db.select({ id: organizations.id }).from(organizations).where(or(eq(organizations.id, organizationId), managed)));
}

export function listVisibleOrganizations(db: Db, principal: Principal) {
  return visibleRead(db, principal, "organizations", null, () =>
    db.select().from(organizations).where(visibleOrganizationsWhere(principal)).orderBy(organizations.name),
  );
}

/** The organization when the principal may see it; null otherwise (callers answer 404, not 403). */
export function findVisibleOrganization(db: Db, principal: Principal, organizationId: string) {
  return visibleRead(db, principal, "organization", organizationId, async () => {
    const [row] = await db
      .select()
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), visibleOrganizationsWhere(principal)))
      .limit(1);
    return row ?? null;
  });
}
