import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { ROLES, roleLevel, type Role } from "@/lib/auth/scopes";
import { INVITATION_VALIDITY_MS, type Invitation } from "@/lib/people/schema";
import type { Transaction } from "@/server/core/service-context";
import { hashToken } from "@/server/auth/sessions";
import type { Db } from "@/server/db/client";
import { invitations, organizations } from "@/server/db/schema";

// Helpers shared by the user, invitation and MSP services of the people area.

export type InvitationRow = typeof invitations.$inferSelect;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** A role as the API shows it: the level a person picks and the role name behind it. */
export function roleView(role: Role) {
  return { role: roleLevel(role), roleName: role };
}

/** A fresh invitation token (32 random bytes) and its SHA-256, the only form stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

export function invitationExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INVITATION_VALIDITY_MS);
}

/** Invitations still waiting for their invitee: not accepted and not expired. */
export function pendingInvitationWhere(now = Date.now()): SQL {
  return and(isNull(invitations.acceptedAt), gt(invitations.createdAt, new Date(now - INVITATION_VALIDITY_MS))) as SQL;
}

/** Where an invitation stands (SPEC §2 Invitations tab). */
export function invitationStatus(row: InvitationRow, now = Date.now()): Invitation["status"] {
  if (row.acceptedAt) return "accepted";
  return invitationExpiresAt(row.createdAt).getTime() <= now ? "expired" : "pending";
}

/** The API's view of an invitation (never its token hash). */
export function invitationView(row: InvitationRow, role: Role, invitedByEmail: string | null): Invitation {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    ...roleView(role),
    invitedBy: invitedByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: invitationExpiresAt(row.createdAt).toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    status: invitationStatus(row),
  };
}

/** The view of a stored invitation; null when its role is not one of ours. */
export function toInvitation(row: InvitationRow, invitedByEmail: string | null): Invitation | null {
  return isRole(row.role) ? invitationView(row, row.role, invitedByEmail) : null;
}

/**
 * Locks an organization's row until the transaction ends, so changes to its people (the last-admin rule, one
 * pending invitation per email) are decided one at a time.
 */
export async function lockOrganization(tx: Transaction | Db, organizationId: string) {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for("update");
  return row ?? null;
}
