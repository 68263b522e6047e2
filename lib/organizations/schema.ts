import { z } from "zod";
import { ORGANIZATION_TYPES } from "@/lib/constants";
import { email, organizationName } from "@/lib/validation/fields";

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES).default("customer"),
  parentId: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

// PATCH /api/v1/config/organization/{id}
export const organizationUpdateSchema = z.strictObject({ name: organizationName() });
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

// PATCH /api/v1/config/msp/{id}
export const mspUpdateSchema = z.strictObject({ name: organizationName() });
export type MspUpdate = z.infer<typeof mspUpdateSchema>;

// POST /api/v1/config/msp/{id}/organization — the customer and the email of its first admin.
export const customerOrganizationCreateSchema = z.strictObject({
  name: organizationName(),
  userEmail: email("validation.userEmailRequired"),
});
export type CustomerOrganizationCreate = z.infer<typeof customerOrganizationCreateSchema>;

export const customerOrganizationCreatedSchema = organizationSchema.extend({
  // Its link goes to the invitee by mail only.
  invitation: z.object({ id: z.string(), email: z.string(), role: z.string() }),
});
