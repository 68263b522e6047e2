import "server-only";
import { and, count, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { roleFor, roleLevel } from "@/lib/auth/scopes";
import type { OrganizationUser, UserRoleUpdate } from "@/lib/people/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import { forgetUserSessions, revokeAllSessions } from "@/server/auth/sessions";
import type { Db } from "@/server/db/client";
import { memberships, organizations, sessions, users } from "@/server/db/schema";
import { containsPattern } from "@/server/db/query";
import { findVisibleOrganization, tenantWhere } from "@/server/core/tenancy";
import { isRole, lockOrganization, roleView } from "./shared";
import { ConflictError, NotFoundError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { keyset } from "@/server/core/pagination";

type Organization = typeof organizations.$inferSelect;

// Never the password hash: only what the Users tab shows.
const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
  organizationId: memberships.organizationId,
  role: memberships.role,
  joinedAt: memberships.createdAt,
  // Their newest session (sessions_user_idx): when they last signed in.
  lastSignInAt: sql<Date | string | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`,
};

type MemberRow = { id: string; email: string; firstName: string; lastName: string; language: "en" | "fr"; organizationId: string; role: string; joinedAt: Date; lastSignInAt: Date | string | null };

function toOrganizationUser(row: MemberRow): OrganizationUser | null {
  if (!isRole(row.role)) return null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    language: row.language,
    ...roleView(row.role),
    joinedAt: row.joinedAt.toISOString(),
    lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt).toISOString(),
  };
}

async function findMember(executor: Db | Transaction, organizationId: string, userId: string) {
  const [row] = await executor
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return row ? toOrganizationUser(row) : null;
}

/** How many enabled admins the organization has besides the given user. */
async function otherAdmins(tx: Transaction, organization: Organization, userId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organization.id),
        eq(memberships.role, roleFor(organization.organizationType, "admin")),
        ne(memberships.userId, userId),
        eq(users.disabled, false),
      ),
    );
  return n;
}

// GET /api/v1/organization/{organizationId}/user — the organization's members by email, a page at a time.
export async function listOrganizationUsers(context: ServiceContext, organizationId: string, query: PageQuery & { search?: string }) {
  const { db, principal } = context;
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) throw new NotFoundError();
  const list = keyset({ column: users.email, id: users.id }, query);
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(memberships.organizationId, organization.id),
    tenantWhere(principal, memberships.organizationId, db),
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
    list.after,
  ];
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(...conditions))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.email, id: row.id }));
  return {
    items: page.items.map(toOrganizationUser).filter((user): user is OrganizationUser => user !== null),
    nextCursor: page.nextCursor,
  };
}

// PATCH /api/v1/organization/{organizationId}/user/{userId} — the member's role, effective on their next call.
export async function updateUserRole(
  context: ServiceContext,
  organizationId: string,
  userId: string,
  update: UserRoleUpdate,
): Promise<OrganizationUser> {
  const visible = await findVisibleOrganization(context.db, context.principal, organizationId);
  if (!visible) throw new NotFoundError();
  const updated = await mutate(context, async (tx, record) => {
    const organization = await lockOrganization(tx, visible.id);
    if (!organization) throw new NotFoundError();
    const before = await findMember(tx, organization.id, userId);
    if (!before) throw new NotFoundError();
    const role = roleFor(organization.organizationType, update.role);
    if (role === before.roleName) return before;
    if (before.role === "admin" && (await otherAdmins(tx, organization, userId)) === 0) {
      throw new ConflictError("apiErrors.lastAdmin", { organization: organization.name });
    }
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organizationId, organization.id), eq(memberships.userId, userId)));
    const after: OrganizationUser = { ...before, role: roleLevel(role), roleName: role };
    await record({ organizationId: organization.id, entityType: "user", entityId: userId, type: "updated", before, after });
    return after;
  });
  forgetUserSessions(userId);
  return updated;
}

// DELETE /api/v1/organization/{organizationId}/user/{userId} — removes the membership and signs the user out.
export async function removeUser(context: ServiceContext, organizationId: string, userId: string): Promise<void> {
  const visible = await findVisibleOrganization(context.db, context.principal, organizationId);
  if (!visible) throw new NotFoundError();
  await mutate(context, async (tx, record) => {
    const organization = await lockOrganization(tx, visible.id);
    if (!organization) throw new NotFoundError();
    const before = await findMember(tx, organization.id, userId);
    if (!before) throw new NotFoundError();
    if (userId === context.principal.userId) {
      throw new ConflictError("apiErrors.removeSelf", { organization: organization.name });
    }
    if (before.role === "admin" && (await otherAdmins(tx, organization, userId)) === 0) {
      throw new ConflictError("apiErrors.lastAdmin", { organization: organization.name });
    }
    await tx.delete(memberships).where(and(eq(memberships.organizationId, organization.id), eq(memberships.userId, userId)));
    await revokeAllSessions(tx, userId);
    await record({ organizationId: organization.id, entityType: "user", entityId: userId, type: "deleted", before });
  });
  forgetUserSessions(userId);
}
