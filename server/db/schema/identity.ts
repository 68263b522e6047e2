import "server-only";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";

const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable(
  "organizations",
  {
    id: id(),
    name: text("name").notNull(),
    organizationType: text("organization_type", { enum: ["msp", "customer", "maia"] }).notNull().default("customer"),
    // A customer belongs to an MSP; MSPs and the operator have no parent.
    parentId: text("parent_id").references((): AnyPgColumn => organizations.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("organizations_parent_idx").on(t.parentId)],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    language: text("language", { enum: ["en", "fr"] }).notNull().default("en"),
    passwordHash: text("password_hash"),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_idx").on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  "memberships",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index("memberships_org_idx").on(t.organizationId)],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the random token held by the browser; the token itself is never stored.
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    // The organization the user chose to act in; null (or a membership since removed) means their oldest membership.
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    address: text("address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// One counter per guessed secret's subject (an address, an account, an organization): attempts are reserved here before
// the secret is checked, under the row's lock, so concurrent guesses cannot all pass a limit.
export const attemptThrottles = pgTable(
  "attempt_throttles",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    attempts: integer("attempts").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index("attempt_throttles_last_at_idx").on(t.lastAt)],
);

/**
 * Addresses an account signed in from (an IPv4 address or an IPv6 /64), a few per account, newest kept: from these
 * the password alone signs in even while the account is being guessed.
 */
export const knownAddresses = pgTable(
  "known_addresses",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/**
 * A sign-in waiting for the code mailed to its account (the account was being guessed). Only hashes are kept: of the
 * challenge token the browser holds, and of the code keyed by that token (a 6-digit code alone is quickly reversed).
 * A challenge answered to a wrong password has no code and can never complete.
 */
export const signInCodes = pgTable(
  "sign_in_codes",
  {
    challengeHash: text("challenge_hash").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash"),
    address: text("address").notNull(),
    userAgent: text("user_agent"),
    tries: integer("tries").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sign_in_codes_user_idx").on(t.userId), index("sign_in_codes_expires_idx").on(t.expiresAt)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [index("invitations_org_idx").on(t.organizationId)],
);

/**
 * A user's personal API token (issue 43): it acts as its owner in one organization, within its scopes and the owner's
 * current ones. Only the SHA-256 of the secret is kept; `prefix` is its first characters, shown in lists.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    // Addresses and networks (IPv4 and IPv6) it may be used from; empty: any.
    allowedAddresses: text("allowed_addresses").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedFrom: text("last_used_from"),
    // The addresses (an IPv4 address or an IPv6 /64) it was used from, newest last, a few kept: a use from one not
    // here is an event.
    usedFrom: text("used_from").array().notNull().default(sql`'{}'::text[]`),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_idx").on(t.tokenHash),
    index("api_tokens_user_idx").on(t.userId, t.createdAt, t.id),
    index("api_tokens_org_idx").on(t.organizationId, t.createdAt, t.id),
  ],
);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [index("support_tickets_org_idx").on(t.organizationId)],
);
