import "server-only";
import { and, eq } from "drizzle-orm";
import { roleFor } from "@/lib/auth/scopes";
import type { CustomerOrganizationCreate, Organization, OrganizationUpdate } from "@/lib/organizations/schema";
import type { Principal } from "@/server/auth/principal";
import { mutate } from "@/server/core/changes";
import type { ServiceContext } from "@/server/core/service-context";
import type { Db } from "@/server/db/client";
import { organizations } from "@/server/db/schema";
import { findVisibleOrganization, listVisibleOrganizations } from "@/server/core/tenancy";
import { NotFoundError } from "@/server/core/errors";
import { mailInvitation } from "@/server/people/invitation-mail";
import { insertInvitation } from "@/server/people/invitations";

type OrganizationRow = typeof organizations.$inferSelect;

export function toOrganization(row: OrganizationRow): Organization {
  return { id: row.id, name: row.name, organizationType: row.organizationType, parentId: row.parentId };
}

// GET /api/v1/config/organization — the organizations the caller may see.
export async function listOrganizations(db: Db, principal: Principal): Promise<Organization[]> {
  return (await listVisibleOrganizations(db, principal)).map(toOrganization);
}

/** Renames a visible organization; null when the caller may not see it (or it is not of the wanted type). */
export async function renameOrganization(
  context: ServiceContext,
  organizationId: string,
  update: OrganizationUpdate,
  requiredType?: Organization["organizationType"],
): Promise<Organization> {
  const existing = await findVisibleOrganization(context.db, context.principal, organizationId);
  if (!existing || (requiredType && existing.organizationType !== requiredType)) throw new NotFoundError();
  return mutate(context, async (tx, record) => {
    const [row] = await tx
      .update(organizations)
      .set({ name: update.name, updatedAt: new Date() })
      .where(eq(organizations.id, existing.id))
      .returning();
    const before = toOrganization(existing);
    const after = toOrganization(row);
    if (before.name !== after.name) {
      await record({ organizationId: row.id, entityType: "organization", entityId: row.id, type: "updated", before, after });
    }
    return after;
  });
}

/** The MSP when the caller may see it, else null. */
async function findVisibleMsp(db: Db, principal: Principal, mspId: string) {
  const msp = await findVisibleOrganization(db, principal, mspId);
  return msp?.organizationType === "msp" ? msp : null;
}

// GET /api/v1/config/msp/{id}/organization — the MSP's customer organizations.
export async function listCustomerOrganizations(db: Db, principal: Principal, mspId: string): Promise<Organization[]> {
  const msp = await findVisibleMsp(db, principal, mspId);
  if (!msp) throw new NotFoundError();
  const rows = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.parentId, msp.id), eq(organizations.organizationType, "customer")))
    .orderBy(organizations.name);
  return rows.map(toOrganization);
}

// POST /api/v1/config/msp/{id}/organization — creates the customer and invites its first admin by mail (the link
// points at `origin`, where the console is reached).
export async function createCustomerOrganization(context: ServiceContext, mspId: string, input: CustomerOrganizationCreate, origin: string) {
  const { principal } = context;
  const msp = await findVisibleMsp(context.db, principal, mspId);
  if (!msp) throw new NotFoundError();
  const role = roleFor("customer", "admin");
  const { created, mail } = await mutate(context, async (tx, record) => {
    const [customer] = await tx
      .insert(organizations)
      .values({ name: input.name, organizationType: "customer", parentId: msp.id })
      .returning();
    await record({ organizationId: msp.id, entityType: "organization", entityId: customer.id, type: "created", after: toOrganization(customer) });
    const { invitation, mail } = await insertInvitation(tx, record, context, customer, input.userEmail, role);
    // The answer names the role as stored (customer-admin), as this endpoint always has.
    return { created: { ...toOrganization(customer), invitation: { id: invitation.id, email: invitation.email, role } }, mail };
  });
  await mailInvitation(context, mail, origin);
  return created;
}
