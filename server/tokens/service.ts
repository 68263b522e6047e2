import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, or, type SQL } from "drizzle-orm";
import { hasScopes, type Scope } from "@/lib/auth/scopes";
import type { PageQuery } from "@/lib/pagination";
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_LENGTH,
  apiTokenCreateSchema,
  apiTokenExpiry,
  apiTokenStatus,
  readScopes,
  scopesBeyond,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from "@/lib/tokens/schema";
import { hashToken } from "@/server/auth/sessions";
import { mutate } from "@/server/core/changes";
import { ForbiddenError, NotFoundError, ValidationError } from "@/server/core/errors";
import { keyset, timeKey } from "@/server/core/pagination";
import type { ServiceContext } from "@/server/core/service-context";
import { findVisibleOrganization, tenantWhere } from "@/server/core/tenancy";
import { apiTokens, users } from "@/server/db/schema";

// API tokens (issue 43, scope 1): a user makes them for themself, in the organization they act in; the user and an
// admin of that organization list and revoke them. Another tenant's token answers exactly like a missing one.

type TokenRow = typeof apiTokens.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toApiToken(row: TokenRow, userEmail: string): ApiToken {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    userEmail,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as Scope[],
    allowedAddresses: row.allowedAddresses,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedFrom: row.lastUsedFrom,
    revokedAt: iso(row.revokedAt),
    status: apiTokenStatus(row),
  };
}

/** The scopes a new token holds: those asked for, all of them the caller's own now; the caller's read scopes unless said. */
export function tokenScopes(asked: readonly Scope[] | undefined, held: readonly Scope[]): Scope[] {
  const scopes = asked ? [...new Set(asked)] : readScopes(held);
  if (scopes.length === 0) throw new ValidationError("validation.tokenScopesRequired").onField("scopes");
  const beyond = scopesBeyond(scopes, held);
  if (beyond.length > 0) throw new ValidationError("validation.tokenScopeBeyond", { scope: beyond[0] }).onField("scopes");
  return scopes;
}

// POST /api/v1/config/user/token — a new token of the caller in the organization they act in; the secret is in this
// answer only.
export async function createApiToken(context: ServiceContext, input: ApiTokenCreate): Promise<ApiTokenCreated> {
  const { principal } = context;
  // A token making tokens would outlive itself: tokens are made from a signed-in session only.
  if (principal.tokenId) throw new ForbiddenError("apiErrors.tokenByToken");
  const parsed = apiTokenCreateSchema.parse(input);
  const scopes = tokenScopes(parsed.scopes, principal.scopes);
  const secret = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return mutate(context, async (tx, record) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId: principal.userId,
        organizationId: principal.organizationId,
        name: parsed.name,
        tokenHash: hashToken(secret),
        prefix: secret.slice(0, API_TOKEN_SHOWN_LENGTH),
        scopes,
        allowedAddresses: parsed.allowedAddresses,
        expiresAt: apiTokenExpiry(parsed.expiresInDays),
      })
      .returning();
    const token = toApiToken(row, principal.email);
    await record({ organizationId: row.organizationId, entityType: "apiToken", entityId: row.id, entityName: row.name, type: "created", after: token });
    return { token, secret };
  });
}

async function listTokens(context: ServiceContext, where: SQL | undefined, query: PageQuery) {
  const { db } = context;
  const list = keyset({ column: apiTokens.createdAt, id: apiTokens.id, time: true, direction: "desc" }, query);
  const rows = await db
    .select({ token: apiTokens, userEmail: users.email, cursor: timeKey(apiTokens.createdAt) })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(where, list.after))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.cursor, id: row.token.id }));
  return { items: page.items.map((row) => toApiToken(row.token, row.userEmail)), nextCursor: page.nextCursor };
}

// GET /api/v1/config/user/token — the caller's tokens in the organization they act in, newest first.
export function listOwnApiTokens(context: ServiceContext, query: PageQuery) {
  const { principal } = context;
  return listTokens(context, and(eq(apiTokens.userId, principal.userId), eq(apiTokens.organizationId, principal.organizationId)), query);
}

// GET /api/v1/organization/{organizationId}/token — every member's tokens in the organization (its admins).
export async function listOrganizationApiTokens(context: ServiceContext, organizationId: string, query: PageQuery) {
  const { db, principal } = context;
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) throw new NotFoundError();
  return listTokens(context, and(eq(apiTokens.organizationId, organization.id), tenantWhere(principal, apiTokens.organizationId, db)), query);
}

// DELETE /api/v1/token/{tokenId} — revokes a token: its owner's, or an admin's of an organization they may see.
export async function revokeApiToken(context: ServiceContext, tokenId: string): Promise<ApiToken> {
  const { db, principal } = context;
  const admin = hasScopes(principal.scopes, ["common:user:write"]);
  const mayRevoke = or(eq(apiTokens.userId, principal.userId), admin ? tenantWhere(principal, apiTokens.organizationId, db) ?? eq(apiTokens.id, apiTokens.id) : undefined);
  return mutate(context, async (tx, record) => {
    const [found] = await tx
      .select({ token: apiTokens, userEmail: users.email })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(and(eq(apiTokens.id, tokenId), mayRevoke))
      .for("update", { of: apiTokens })
      .limit(1);
    if (!found) throw new NotFoundError();
    const before = toApiToken(found.token, found.userEmail);
    if (found.token.revokedAt) return before;
    const [row] = await tx.update(apiTokens).set({ revokedAt: new Date(), revokedBy: principal.userId }).where(eq(apiTokens.id, tokenId)).returning();
    const after = toApiToken(row, found.userEmail);
    await record({ organizationId: row.organizationId, entityType: "apiToken", entityId: row.id, entityName: row.name, type: "revoked", before, after });
    return after;
  });
}
