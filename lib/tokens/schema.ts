import { z } from "zod";
import { SCOPES } from "@/lib/auth/scopes";
import { requiredName } from "@/lib/validation/fields";
import { messageWithValues } from "@/lib/validation/messages";
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_MAX_ADDRESSES, API_TOKEN_STATUSES, parseAddressRange, splitAddresses } from "./constants";

export * from "./constants";

// API tokens: a user's personal tokens for scripts (issue 43, scope 1). The secret is answered once, at creation.

// GET /api/v1/config/user/token, GET /api/v1/organization/{organizationId}/token — a token (never its secret).
export const apiTokenSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  /** The owner's email (the organization's list shows whose each token is). */
  userEmail: z.string(),
  name: z.string(),
  /** The first characters of the secret, to tell tokens apart: never enough to use one. */
  prefix: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  allowedAddresses: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

const EXPIRY_DAYS_MESSAGE = messageWithValues("validation.tokenExpiryDays", { max: API_TOKEN_EXPIRY_DAYS.max });
const expiryDays = () =>
  z.number({ error: EXPIRY_DAYS_MESSAGE }).int(EXPIRY_DAYS_MESSAGE).min(API_TOKEN_EXPIRY_DAYS.min, EXPIRY_DAYS_MESSAGE).max(API_TOKEN_EXPIRY_DAYS.max, EXPIRY_DAYS_MESSAGE);

const allowedAddresses = () =>
  z
    .array(z.string({ error: "validation.tokenAddress" }).trim().max(60, "validation.tokenAddress"), { error: "validation.tokenAddress" })
    .max(API_TOKEN_MAX_ADDRESSES, messageWithValues("validation.tokenAddressesMax", { max: API_TOKEN_MAX_ADDRESSES }))
    .superRefine((entries, ctx) => {
      for (const entry of entries) {
        if (!parseAddressRange(entry)) ctx.addIssue({ code: "custom", message: messageWithValues("validation.tokenAddressInvalid", { address: entry }) });
      }
    });

// POST /api/v1/config/user/token — scopes within the caller's own (read-only unless more are asked for), an expiry
// in days (90 unless said, 365 at most), the client addresses or networks it may be used from (any when empty).
export const apiTokenCreateSchema = z.strictObject({
  name: requiredName(),
  scopes: z.array(z.enum(SCOPES, { error: "validation.tokenScope" }), { error: "validation.tokenScope" }).max(SCOPES.length).optional(),
  expiresInDays: expiryDays().default(API_TOKEN_EXPIRY_DAYS.default),
  allowedAddresses: allowedAddresses().default([]),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

// The create dialog: the same fields, the allowed addresses typed in one box (lines or commas).
export const apiTokenFormSchema = apiTokenCreateSchema.extend({
  scopes: z.array(z.enum(SCOPES, { error: "validation.tokenScope" })).min(1, "validation.tokenScopesRequired"),
  // The box hands text.
  expiresInDays: z.coerce.number({ error: EXPIRY_DAYS_MESSAGE }).pipe(expiryDays()),
  allowedAddresses: z
    .string()
    .max(API_TOKEN_MAX_ADDRESSES * 60, "validation.tokenAddress")
    .transform(splitAddresses)
    .pipe(allowedAddresses()),
});

/** The created token and its secret: the only answer that ever holds the secret (only its hash is stored). */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
