import { z } from "zod";
import { ROLE_LEVELS, ROLES } from "@/lib/auth/scopes";
import { LOCALES, ORGANIZATION_TYPES } from "@/lib/constants";
import { email, organizationName, personName } from "@/lib/validation/fields";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "./constants";

// The people of an organization (SPEC §2 Users with tabs Users and Invitations, §3 User and Invitation, §6 roles),
// the operator's MSP list and Add MSP, and an MSP's customer summaries.

export { PEOPLE_ROLE_LEVELS, ROLE_LEVEL_LABELS, INVITATION_VALIDITY_DAYS, INVITATION_VALIDITY_MS, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, invitationAcceptPath } from "./constants";
const roleLevel = () => z.enum(ROLE_LEVELS, { error: "validation.roleLevel" });

const invitationToken = () =>
  z.string({ error: "validation.invitationTokenRequired" }).trim().min(1, "validation.invitationTokenRequired");

// --- Users ------------------------------------------------------------------------------------------------------

// GET /api/v1/organization/{organizationId}/user — a member and their role there (level and role name).
export const organizationUserSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: z.enum(LOCALES),
  role: z.enum(ROLE_LEVELS),
  roleName: z.enum(ROLES),
  joinedAt: z.string(),
  /** When they last signed in (their newest session), null if never. */
  lastSignInAt: z.string().nullable(),
});
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});

// PATCH /api/v1/organization/{organizationId}/user/{userId}
export const userRoleUpdateSchema = z.strictObject({ role: roleLevel() });
export type UserRoleUpdate = z.infer<typeof userRoleUpdateSchema>;

// --- Invitations ------------------------------------------------------------------------------------------------

/** Where an invitation stands: waiting for its invitee, accepted, or past its seven days. */
export const INVITATION_STATUSES = ["pending", "accepted", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

// GET /api/v1/organization/{organizationId}/invitation — an invitation (never its token); `createdAt` is when its
// link was last sent.
export const invitationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.enum(ROLE_LEVELS),
  roleName: z.enum(ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
});
export type Invitation = z.infer<typeof invitationSchema>;

// POST /api/v1/organization/{organizationId}/invitation — SPEC §5: invite email required.
export const invitationCreateSchema = z.strictObject({ email: email(), role: roleLevel() });
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

/** The created invitation; its link goes to the invitee by mail only (only the token's hash is stored). */
export const invitationCreatedSchema = invitationSchema;
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

// GET /api/v1/invitation/preview?token=
export const invitationPreviewQuerySchema = z.object({ token: invitationToken() });

export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES),
  email: z.string(),
  role: z.enum(ROLE_LEVELS),
  roleName: z.enum(ROLES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

const password = () =>
  z
    .string({ error: "validation.passwordRequired" })
    .min(1, "validation.passwordRequired")
    .max(PASSWORD_MAX_LENGTH, "validation.passwordMax");

// POST /api/v1/invitation/accept — a new account's password and name; an existing account joins signed in as itself
// (none of them needed).
export const invitationAcceptSchema = z.strictObject({
  token: invitationToken(),
  password: password().optional(),
  firstName: personName("validation.firstNameRequired").optional(),
  lastName: personName("validation.lastNameRequired").optional(),
});
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;

/** What a new account needs (the accept form for an email without an account). */
export const invitationAcceptNewAccountSchema = invitationAcceptSchema.extend({
  password: password().min(PASSWORD_MIN_LENGTH, "validation.passwordMin"),
  firstName: personName("validation.firstNameRequired"),
  lastName: personName("validation.lastNameRequired"),
});
export type InvitationAcceptNewAccount = z.infer<typeof invitationAcceptNewAccountSchema>;

/** What an address with an account gives when not signed in as it: its password (checked, never set). */
export const invitationAcceptExistingAccountSchema = z.strictObject({ token: invitationToken(), password: password() });
export type InvitationAcceptExistingAccount = z.infer<typeof invitationAcceptExistingAccountSchema>;

// --- MSPs (operator) and customer summaries ---------------------------------------------------------------------

// GET /api/v1/core/msp — SPEC §2 MSP list: ID, Name, Customers, Attachments (sites of its customers).
export const mspListEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  customerCount: z.number().int(),
  attachmentCount: z.number().int(),
});
export type MspListEntry = z.infer<typeof mspListEntrySchema>;

export const mspListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});

// POST /api/v1/core/msp — SPEC §3: name and the email of its first admin.
export const mspCreateSchema = z.strictObject({
  name: organizationName(),
  userEmail: email("validation.userEmailRequired"),
});
export type MspCreate = z.infer<typeof mspCreateSchema>;

export const mspCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationType: z.literal("msp"),
  parentId: z.null(),
  invitation: invitationCreatedSchema,
});
export type MspCreated = z.infer<typeof mspCreatedSchema>;

// GET /api/v1/config/msp/{mspId}/customer-summary — SPEC §3 MSP customer summary.
export const customerSummarySchema = z.object({
  customerOrgId: z.string(),
  customerName: z.string(),
  activeSites: z.number().int(),
  inactiveSites: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
