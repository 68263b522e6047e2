import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { ROLES, scopesForRole, type Role } from "@/lib/auth/scopes";
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE, SESSION_IDLE_TIMEOUT_MS } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { memberships, organizations, sessions, users } from "@/server/db/schema";
import type { Principal } from "./principal";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export async function createSession(db: Db, userId: string, meta: { address?: string; userAgent?: string }) {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now + SESSION_ABSOLUTE_TIMEOUT_MS),
    address: meta.address ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

const TOUCH_INTERVAL_MS = 60_000;

/** The principal behind a session token, or null when the session is unknown, revoked, expired or idle. */
export async function resolveSession(db: Db, token: string | undefined | null): Promise<Principal | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const rows = await db
    .select({
      session: sessions,
      user: users,
      membership: memberships,
      organization: organizations,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), eq(users.disabled, false)))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now || row.session.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS <= now) return null;
  if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
  }
  const role = (ROLES as readonly string[]).includes(row.membership.role) ? (row.membership.role as Role) : null;
  if (!role) return null;
  return {
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
  };
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
