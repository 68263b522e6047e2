import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { ROLES, scopesForRole, type Role } from "@/lib/auth/scopes";
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE, SESSION_IDLE_TIMEOUT_MS } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { memberships, organizations, sessions, users } from "@/server/db/schema";
import type { Principal } from "./principal";
import { sessionCache, type ResolvedSession } from "./session-cache";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A new session of the user, acting in `organizationId` when given (else in their oldest membership). */
export async function createSession(db: Db, userId: string, meta: { address?: string; userAgent?: string }, organizationId?: string) {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    organizationId: organizationId ?? null,
    expiresAt: new Date(now + SESSION_ABSOLUTE_TIMEOUT_MS),
    address: meta.address ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * Makes the session act in another organization of its user; false when the user has no membership there (the caller
 * answers as for a missing organization).
 */
export async function chooseSessionOrganization(db: Db, principal: Principal, organizationId: string): Promise<boolean> {
  const [member] = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(and(eq(memberships.userId, principal.userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  if (!member) return false;
  await db.update(sessions).set({ organizationId: member.organizationId }).where(eq(sessions.tokenHash, principal.sessionTokenHash));
  sessionCache().forget(principal.sessionTokenHash);
  return true;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  sessionCache().forget(tokenHash);
}

/**
 * Revokes every session of a user. Inside a transaction, the caller also calls `forgetUserSessions` once it has
 * committed: a call in between may have read the sessions again.
 */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetUserSessions(userId);
}

/** Makes the next call of each of the user's sessions read it again (after a change to the user or a membership). */
export function forgetUserSessions(userId: string): void {
  sessionCache().forgetUser(userId);
}

const TOUCH_INTERVAL_MS = 60_000;

async function loadSession(db: Db, tokenHash: string): Promise<ResolvedSession | null> {
  const rows = await db
    .select({
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language },
      role: memberships.role,
      organization: { id: organizations.id, organizationType: organizations.organizationType },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), eq(users.disabled, false)))
    // The chosen organization while the user is still a member there, else the oldest membership.
    .orderBy(asc(sql`${memberships.organizationId} is distinct from ${sessions.organizationId}`), asc(memberships.createdAt))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  let lastSeenAt = row.lastSeenAt.getTime();
  if (isEnded(row.expiresAt.getTime(), lastSeenAt, now)) return null;
  if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
    lastSeenAt = now;
  }
  const role = (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : null;
  if (!role) return null;
  return {
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt,
    principal: {
      userId: row.user.id,
      email: row.user.email,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      language: row.user.language,
      organizationId: row.organization.id,
      organizationType: row.organization.organizationType,
      role,
      scopes: scopesForRole(role),
      sessionTokenHash: tokenHash,
    },
  };
}

const isEnded = (expiresAt: number, lastSeenAt: number, now: number) => expiresAt <= now || lastSeenAt + SESSION_IDLE_TIMEOUT_MS <= now;

/**
 * The principal behind a session token, or null when the session is unknown, revoked, expired or idle. The row is
 * read at most every SESSION_CACHE_TTL_MS per process (see session-cache.ts); the expiry times are checked on every
 * call.
 */
export async function resolveSession(db: Db, token: string | undefined | null): Promise<Principal | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const session = await sessionCache().read(db, tokenHash, () => loadSession(db, tokenHash));
  if (!session || isEnded(session.expiresAt, session.lastSeenAt, Date.now())) return null;
  return session.principal;
}

/** The cookie name: the `__Host-` prefix when served over https, which pins it to this host and path. */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export function readSessionToken(cookies: { get(name: string): string | undefined }): string | undefined {
  return cookies.get(`__Host-${SESSION_COOKIE}`) ?? cookies.get(SESSION_COOKIE);
}

/** Parses a Cookie header into a name → value lookup. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!map.has(name)) map.set(name, decodeURIComponent(part.slice(index + 1).trim()));
  }
  return map;
}
