import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { roleFor, scopesForRole, type Role } from "@/lib/auth/scopes";
import {
  invitationAcceptNewAccountSchema,
  type Invitation,
  type InvitationAccept,
  type InvitationCreate,
  type InvitationCreated,
  type InvitationPreview,
  type OrganizationUser,
} from "@/lib/people/schema";
import { mutate, recordChange, type ChangeRecord } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import { announceChanges } from "@/server/realtime/announce";
import { checkCredentials } from "@/server/auth/credentials";
import { hashPassword } from "@/server/auth/password";
import type { Principal } from "@/server/auth/principal";
import { chooseSessionOrganization, createSession, forgetUserSessions, hashToken } from "@/server/auth/sessions";
import type { Db } from "@/server/db/client";
import { invitations, memberships, organizations, users } from "@/server/db/schema";
import { findVisibleOrganization, tenantWhere } from "@/server/core/tenancy";
import { assertInvitationBudget } from "./invitation-budget";
import { mailInvitation, type NewInvitation } from "./invitation-mail";
import {
  invitationExpiresAt,
  invitationView,
  isRole,
  lockOrganization,
  newInvitationToken,
  pendingInvitationWhere,
  roleView,
  toInvitation,
} from "./shared";
import { UnauthenticatedError, NotFoundError, ConflictError, ForbiddenError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { keyset } from "@/server/core/pagination";
import { validationError } from "@/server/core/validation";

type Organization = typeof organizations.$inferSelect;

const inviter = alias(users, "inviter");

// Tokens are 43 characters (32 bytes in base64url); anything much longer is not one of ours.
const TOKEN_MAX_LENGTH = 200;

const invitationInvalid = () => new NotFoundError("apiErrors.invitationInvalid");

/**
 * Creates an invitation in an organization the caller acts on and records it; answers it with what its mail needs
 * (the token, which leaves this process only in that mail, sent once the transaction has committed). Every
 * invitation is a mail (a new customer's or MSP's first admin's too): it spends the inviter's and the organization's
 * budgets.
 */
export async function insertInvitation(
  tx: Transaction,
  record: (change: ChangeRecord) => Promise<void>,
  context: ServiceContext,
  organization: Organization,
  email: string,
  role: Role,
): Promise<{ invitation: InvitationCreated; mail: NewInvitation }> {
  await assertInvitationBudget(tx, { userId: context.principal.userId, organizationId: organization.id });
  const { token, tokenHash } = newInvitationToken();
  const [row] = await tx
    .insert(invitations)
    .values({ organizationId: organization.id, email, role, tokenHash, invitedBy: context.principal.userId })
    .returning();
  const invitation = invitationView(row, role, context.principal.email);
  await record({ organizationId: organization.id, entityType: "invitation", entityId: row.id, type: "created", after: invitation });
  return { invitation, mail: { email, token, organizationName: organization.name, role } };
}

// GET /api/v1/organization/{organizationId}/invitation — the invitations (pending, accepted or expired; a revoked one
// is gone) by email, a page at a time.
export async function listInvitations(context: ServiceContext, organizationId: string, query: PageQuery) {
  const { db, principal } = context;
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) throw new NotFoundError();
  const list = keyset({ column: invitations.email, id: invitations.id }, query);
  const conditions: (SQL | undefined)[] = [
    eq(invitations.organizationId, organization.id),
    tenantWhere(principal, invitations.organizationId, db),
    list.after,
  ];
  const rows = await db
    .select({ invitation: invitations, invitedBy: inviter.email })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(and(...conditions))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.invitation.email, id: row.invitation.id }));
  return {
    items: page.items
      .map((row) => toInvitation(row.invitation, row.invitedBy))
      .filter((invitation): invitation is Invitation => invitation !== null),
    nextCursor: page.nextCursor,
  };
}

// POST /api/v1/organization/{organizationId}/invitation — one pending invitation per email, never for a member; its
// link is mailed to the invitee (with `origin`, where the console is reached).
export async function createInvitation(
  context: ServiceContext,
  organizationId: string,
  input: InvitationCreate,
  origin: string,
): Promise<InvitationCreated> {
  const visible = await findVisibleOrganization(context.db, context.principal, organizationId);
  if (!visible) throw new NotFoundError();
  const { invitation, mail } = await mutate(context, async (tx, record) => {
    const organization = await lockOrganization(tx, visible.id);
    if (!organization) throw new NotFoundError();
    const [member] = await tx
      .select({ id: users.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organization.id), eq(sql`lower(${users.email})`, input.email)))
      .limit(1);
    if (member) throw new ConflictError("apiErrors.alreadyMember", { email: input.email, organization: organization.name }).onField("email");
    const [pending] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.organizationId, organization.id), eq(sql`lower(${invitations.email})`, input.email), pendingInvitationWhere()))
      .limit(1);
    if (pending) throw new ConflictError("apiErrors.invitationPending", { email: input.email, organization: organization.name }).onField("email");
    return insertInvitation(tx, record, context, organization, input.email, roleFor(organization.organizationType, input.role));
  });
  await mailInvitation(context, mail, origin);
  return invitation;
}

/**
 * An invitation not yet accepted that the caller may see, locked for a change, with its organization and who sent
 * it; another tenant's answers exactly like a missing one (404).
 */
async function lockUnaccepted(tx: Transaction, context: ServiceContext, invitationId: string) {
  const [row] = await tx
    .select({ invitation: invitations, invitedBy: inviter.email, organization: organizations })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(
      and(eq(invitations.id, invitationId), sql`${invitations.acceptedAt} is null`, tenantWhere(context.principal, invitations.organizationId, tx)),
    )
    .limit(1)
    .for("update", { of: invitations });
  if (!row) throw new NotFoundError();
  return row;
}

// DELETE /api/v1/invitation/{invitationId} — revokes an invitation not yet accepted; its link stops working.
export async function revokeInvitation(context: ServiceContext, invitationId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const row = await lockUnaccepted(tx, context, invitationId);
    await tx.delete(invitations).where(eq(invitations.id, row.invitation.id));
    await record({
      organizationId: row.invitation.organizationId,
      entityType: "invitation",
      entityId: row.invitation.id,
      type: "deleted",
      before: toInvitation(row.invitation, row.invitedBy) ?? { id: row.invitation.id, email: row.invitation.email },
    });
  });
}

// POST /api/v1/invitation/{invitationId}/resend — mails the invitation again with a fresh link (the old one stops
// working) valid seven days from now; an accepted invitation cannot be sent again. A resend is a mail: it spends the
// budgets an invitation does.
export async function resendInvitation(context: ServiceContext, invitationId: string, origin: string): Promise<Invitation> {
  const { invitation, mail } = await mutate(context, async (tx, record) => {
    const row = await lockUnaccepted(tx, context, invitationId);
    if (!isRole(row.invitation.role)) throw new NotFoundError();
    await lockOrganization(tx, row.invitation.organizationId);
    await assertInvitationBudget(tx, { userId: context.principal.userId, organizationId: row.invitation.organizationId });
    const { token, tokenHash } = newInvitationToken();
    const [updated] = await tx
      .update(invitations)
      .set({ tokenHash, createdAt: new Date() })
      .where(eq(invitations.id, row.invitation.id))
      .returning();
    const before = invitationView(row.invitation, row.invitation.role, row.invitedBy);
    const after = invitationView(updated, row.invitation.role, row.invitedBy);
    await record({ organizationId: updated.organizationId, entityType: "invitation", entityId: updated.id, type: "updated", before, after });
    return { invitation: after, mail: { email: updated.email, token, organizationName: row.organization.name, role: row.invitation.role } };
  });
  await mailInvitation(context, mail, origin);
  return invitation;
}

/** The pending invitation behind a token, with its organization; null for an unknown, used or expired one. */
async function findPendingByToken(db: Db | Transaction, token: string) {
  if (token.length > TOKEN_MAX_LENGTH) return null;
  const [row] = await db
    .select({ invitation: invitations, organization: organizations })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), pendingInvitationWhere()))
    .limit(1);
  if (!row || !isRole(row.invitation.role)) return null;
  return { ...row, role: row.invitation.role };
}

async function findAccount(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

// GET /api/v1/invitation/preview?token= — what the invitee is joining, before they accept (public).
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const found = await findPendingByToken(db, token);
  if (!found) throw new NotFoundError("apiErrors.invitationInvalid");
  return {
    organizationName: found.organization.name,
    organizationType: found.organization.organizationType,
    email: found.invitation.email,
    ...roleView(found.role),
    expiresAt: invitationExpiresAt(found.invitation.createdAt).toISOString(),
  };
}

// POST /api/v1/invitation/accept — joins the organization. An address without an account gets one, made by whoever
// holds the mailed link; an address with an account joins from a session of that account (signed in as it), or with
// its password checked under the sign-in limits (a new session then) — never setting it, so no one else's password can
// be set on it, nor tried through it more often than at sign-in.
export async function acceptInvitation(
  db: Db,
  input: InvitationAccept,
  caller: Principal | null,
  meta: { address: string; userAgent?: string; requestId: string },
): Promise<{ sessionToken: string | null }> {
  const found = await findPendingByToken(db, input.token);
  if (!found) throw invitationInvalid();
  const email = found.invitation.email.toLowerCase();
  const existing = await findAccount(db, email);
  let newAccount: { passwordHash: string; firstName: string; lastName: string } | null = null;
  // The existing account's own session, which then acts in the organization it joins.
  let joiningSession: Principal | null = null;
  if (existing) {
    if (caller && caller.userId !== existing.id) throw new ForbiddenError("apiErrors.invitationSignInRequired", { email });
    if (caller) {
      joiningSession = caller;
    } else if (input.password !== undefined) {
      // Nobody signed in: its password, checked as a sign-in is (same limits) — how a person removed from their only
      // organization, who can no longer sign in, comes back. A wrong one says so, and changes nothing.
      // The invitation came by mail to the account: it stands for the code an account being guessed would need.
      const check = await checkCredentials(db, email, input.password, meta.address);
      if (check.outcome === "invalid" || check.userId !== existing.id) {
        throw new UnauthenticatedError("apiErrors.invitationPasswordWrong", { email });
      }
    } else {
      throw new UnauthenticatedError("apiErrors.invitationSignInRequired", { email });
    }
  } else {
    const parsed = invitationAcceptNewAccountSchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    newAccount = {
      passwordHash: await hashPassword(parsed.data.password),
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
    };
  }

  const changes: ChangeRecord[] = [];
  const userId = await db.transaction(async (tx) => {
    // Held until the end: two accepts of one link cannot both succeed.
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, found.invitation.id), pendingInvitationWhere()))
      .for("update");
    if (!invitation) throw invitationInvalid();
    const organization = found.organization;
    let account: { id: string; email: string; firstName: string; lastName: string; language: "en" | "fr" };
    if (newAccount) {
      const [created] = await tx
        .insert(users)
        .values({ email, firstName: newAccount.firstName, lastName: newAccount.lastName, passwordHash: newAccount.passwordHash })
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language });
      // Another invitation for this email was accepted in the meantime: the account now exists.
      if (!created) throw new ConflictError("apiErrors.invitationAcceptRace");
      account = created;
    } else if (existing) {
      account = existing;
    } else {
      throw invitationInvalid();
    }
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organization.id), eq(memberships.userId, account.id)))
      .limit(1);
    if (member) throw new ConflictError("apiErrors.alreadyMember", { email, organization: organization.name });
    const [membership] = await tx
      .insert(memberships)
      .values({ userId: account.id, organizationId: organization.id, role: found.role })
      .returning();
    const [accepted] = await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitation.id)).returning();

    // The acceptor is the actor of these events.
    const principal: Principal = {
      userId: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      language: account.language,
      organizationId: organization.id,
      organizationType: organization.organizationType,
      role: found.role,
      scopes: scopesForRole(found.role),
      sessionTokenHash: "",
    };
    const context: ServiceContext = { db, principal, requestId: meta.requestId };
    const [invitedBy] = invitation.invitedBy
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, invitation.invitedBy))
      : [];
    const view = invitationView(invitation, found.role, invitedBy?.email ?? null);
    const record = async (change: ChangeRecord) => {
      await recordChange(tx, context, change);
      changes.push(change);
    };
    await record({
      organizationId: organization.id,
      entityType: "invitation",
      entityId: invitation.id,
      type: "accepted",
      before: view,
      after: invitationView(accepted, found.role, invitedBy?.email ?? null),
    });
    const joined: OrganizationUser = {
      id: account.id,
      organizationId: organization.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      language: account.language,
      ...roleView(found.role),
      joinedAt: membership.createdAt.toISOString(),
      lastSignInAt: null,
    };
    await record({ organizationId: organization.id, entityType: "user", entityId: account.id, type: "created", after: joined });
    return account.id;
  });
  // Committed: the organization's Users and Invitations tabs hear of it.
  announceChanges(db, changes);

  forgetUserSessions(userId);
  if (!joiningSession) return { sessionToken: await createSession(db, userId, meta, found.organization.id) };
  await chooseSessionOrganization(db, joiningSession, found.organization.id);
  return { sessionToken: null };
}
