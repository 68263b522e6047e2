import { z } from "zod";
import { ROLE_LEVELS, ROLES, SCOPES } from "@/lib/auth/scopes";
import { LOCALES, ORGANIZATION_TYPES } from "@/lib/constants";
import { personName } from "@/lib/validation/fields";

// GET /api/v1/config/user (SPEC §3 current user, plus the language and role the console needs).
export const currentUserSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userLanguage: z.enum(LOCALES),
  organizationId: z.string(),
  role: z.enum(ROLES),
  scopes: z.array(z.enum(SCOPES)),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// PATCH /api/v1/config/user — the user's own settings; the email is read-only.
export const userSettingsSchema = z.strictObject({
  userFirstName: personName("validation.firstNameRequired"),
  userLastName: personName("validation.lastNameRequired"),
  userLanguage: z.enum(LOCALES, { error: "validation.languageInvalid" }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

// GET /api/v1/config/user/membership — the organizations the user belongs to (they act in one at a time: the session's
// organization, `organizationId` of the current user; POST …/membership/{organizationId}/switch changes it).
export const membershipSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES),
  role: z.enum(ROLE_LEVELS),
  roleName: z.enum(ROLES),
});
export type Membership = z.infer<typeof membershipSchema>;
