import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { ROLES, scopesForRole, type Role } from "@/lib/auth/scopes";
import { API_TOKEN_GUESS_LIMIT, API_TOKEN_PREFIX, addressAllowed, effectiveScopes } from "@/lib/tokens/constants";
import { addressNetworks, plainAddress, type AddressNetworks } from "@/server/auth/address-networks";
import type { AttemptRule } from "@/server/auth/attempt-rules";
import { reserveAttempt, tooManyAttempts } from "@/server/auth/attempt-throttle";
import type { Principal } from "@/server/auth/principal";
import { hashToken } from "@/server/auth/sessions";
import { RateLimitedError, UnauthenticatedError } from "@/server/core/errors";
import type { Db } from "@/server/db/client";
import { apiTokens, memberships, organizations, users } from "@/server/db/schema";
import { recordTokenEvent, recordTokenRefusal, type TokenRef } from "./events";
import { tokenRateBudget } from "./rate-budget";

// `Authorization: Bearer <API token>` on /api/v1: the token acts as its owner in its organization, within its scopes
// and the owner's current ones (read on every call: a role change or a removal narrows or stops it at once). A call
// carrying a bearer is never also a session's: the cookie is not read (server/api/app.ts).

const SECRET_LENGTH = API_TOKEN_PREFIX.length + 43;
const USE_TOUCH_EVERY_MS = 60_000;
const KEPT_ADDRESSES = 20;

/** The value of an `Authorization: Bearer …` header; undefined when the header is absent or of another scheme. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header?.trim() ?? "");
  return match ? (match[1] ?? "").trim() : undefined;
}

/** Whether a bearer value is shaped like one of our API tokens (anything else is refused without a lookup). */
export const isApiTokenShaped = (secret: string) => secret.length === SECRET_LENGTH && secret.startsWith(API_TOKEN_PREFIX) && /^[\w-]+$/.test(secret);

export function apiTokenGuessRules(address: AddressNetworks): AttemptRule[] {
  const { windowMs, maxPerAddress, maxPerNetwork } = API_TOKEN_GUESS_LIMIT;
  const rules: AttemptRule[] = [{ kind: "api-token-address", key: address.host, limit: maxPerAddress, windowMs }];
  if (address.network !== address.host) rules.push({ kind: "api-token-network", key: address.network, limit: maxPerNetwork, windowMs });
  return rules;
}

const GUESS_REFUSED = "apiErrors.tooManyTokenAttempts";
const blocked = () => ((globalThis as typeof globalThis & { __maiaTokenGuessBlocks?: Map<string, number> }).__maiaTokenGuessBlocks ??= new Map());

/**
 * A wrong bearer value: counted against the address like any guessed secret (server/auth/attempt-throttle.ts); past
 * the limit the address's token calls are refused, right ones too, until the window has passed.
 */
async function wrongGuess(db: Db, address: AddressNetworks): Promise<never> {
  const reservation = await reserveAttempt(db, apiTokenGuessRules(address));
  if (!reservation.ok) {
    blocked().set(address.host, Date.now() + reservation.retryAfterMs);
    throw tooManyAttempts(GUESS_REFUSED, reservation.retryAfterMs);
  }
  throw new UnauthenticatedError("apiErrors.tokenInvalid");
}

function refuseWhileBlocked(address: AddressNetworks): void {
  const until = blocked().get(address.host);
  if (until === undefined) return;
  const wait = until - Date.now();
  if (wait > 0) throw tooManyAttempts(GUESS_REFUSED, wait);
  blocked().delete(address.host);
}

async function loadToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      token: apiTokens,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language, disabled: users.disabled },
      role: memberships.role,
      organizationType: organizations.organizationType,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    .leftJoin(memberships, and(eq(memberships.userId, apiTokens.userId), eq(memberships.organizationId, apiTokens.organizationId)))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

type LoadedToken = NonNullable<Awaited<ReturnType<typeof loadToken>>>;

/**
 * Keeps when and where the token was last used, at most once a minute, and at once from an address it was never used
 * from: that use (and the very first) is an event; the update is conditional, so concurrent calls write it once.
 */
async function noteUse(db: Db, row: LoadedToken, ref: TokenRef, address: AddressNetworks, plain: string, requestId: string | undefined) {
  const now = new Date();
  const { token } = row;
  if (!token.usedFrom.includes(address.host)) {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(apiTokens)
        .set({
          lastUsedAt: now,
          lastUsedFrom: plain,
          usedFrom: sql`(${apiTokens.usedFrom} || array[${address.host}]::text[])[greatest(1, cardinality(${apiTokens.usedFrom}) + 2 - ${KEPT_ADDRESSES}):]`,
        })
        .where(and(eq(apiTokens.id, token.id), sql`not (${address.host} = any(${apiTokens.usedFrom}))`))
        .returning({ usedFrom: apiTokens.usedFrom });
      if (updated) await recordTokenEvent(tx, db, ref, "used", { address: plain, first: updated.usedFrom.length === 1 }, requestId);
    });
    return;
  }
  if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < USE_TOUCH_EVERY_MS) return;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now, lastUsedFrom: plain })
    .where(and(eq(apiTokens.id, token.id), sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < ${new Date(now.getTime() - USE_TOUCH_EVERY_MS).toISOString()}::timestamptz)`));
}

/**
 * The principal an API token acts as, for a call from `address`; throws 401 (unknown, expired, revoked, owner gone,
 * address not allowed) or 429 (the address guessed too often, or the token's rate budget is spent).
 */
export async function authenticateApiToken(db: Db, secret: string, address: string, requestId?: string): Promise<Principal> {
  const networks = addressNetworks(address);
  refuseWhileBlocked(networks);
  if (!isApiTokenShaped(secret)) return wrongGuess(db, networks);
  const tokenHash = hashToken(secret);
  // The budget is kept by the secret's hash, so a script past its budget is refused from memory, before any query:
  // its flood costs the others (tokens, browsers) next to nothing.
  const wait = tokenRateBudget().take(tokenHash);
  if (wait > 0) {
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    throw new RateLimitedError("apiErrors.tokenRateLimited", { seconds }, seconds);
  }
  const row = await loadToken(db, tokenHash);
  if (!row) return wrongGuess(db, networks);
  const { token, user } = row;
  const ref: TokenRef = { id: token.id, name: token.name, organizationId: token.organizationId, userId: user.id, ownerEmail: user.email };
  const plain = plainAddress(address);
  if (token.revokedAt) {
    await recordTokenRefusal(db, ref, "revoked", plain, requestId);
    throw new UnauthenticatedError("apiErrors.tokenRevoked");
  }
  if (token.expiresAt.getTime() <= Date.now()) {
    await recordTokenRefusal(db, ref, "expired", plain, requestId);
    throw new UnauthenticatedError("apiErrors.tokenExpired");
  }
  // The owner disabled, or no longer a member of the token's organization (or in a role this console does not know).
  const role = row.role && (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : null;
  if (user.disabled || !role) throw new UnauthenticatedError("apiErrors.tokenInvalid");
  if (!addressAllowed(token.allowedAddresses, plain)) {
    await recordTokenRefusal(db, ref, "address", plain, requestId);
    throw new UnauthenticatedError("apiErrors.tokenAddressRefused", { address: plain });
  }
  await noteUse(db, row, ref, networks, plain, requestId);
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    organizationId: token.organizationId,
    organizationType: row.organizationType,
    role,
    scopes: effectiveScopes(token.scopes, scopesForRole(role)),
    // No session row has this hash: what a session would change of itself (its organization) a token cannot.
    sessionTokenHash: `api-token:${token.id}`,
    tokenId: token.id,
  };
}

/** Records that a token's call asked for a scope the token (or its owner now) does not hold. */
export async function recordOutOfScope(db: Db, principal: Principal, address: string, requestId?: string): Promise<void> {
  if (!principal.tokenId) return;
  const [row] = await db.select({ name: apiTokens.name }).from(apiTokens).where(eq(apiTokens.id, principal.tokenId)).limit(1);
  if (!row) return;
  const ref = { id: principal.tokenId, name: row.name, organizationId: principal.organizationId, userId: principal.userId, ownerEmail: principal.email };
  await recordTokenRefusal(db, ref, "scope", plainAddress(address), requestId);
}
