import { z } from "zod";
import { SUPPORT_MESSAGE_MAX } from "@/lib/constants";

// POST /api/v1/support/ticket
export const supportTicketSchema = z.strictObject({
  organizationId: z.string({ error: "validation.organizationRequired" }).min(1, "validation.organizationRequired").max(64),
  message: z
    .string({ error: "validation.messageRequired" })
    .trim()
    .min(1, "validation.messageRequired")
    .max(SUPPORT_MESSAGE_MAX, "validation.messageTooLong"),
});
export type SupportTicketInput = z.infer<typeof supportTicketSchema>;

export const supportTicketCreatedSchema = z.object({ id: z.string(), createdAt: z.string() });
