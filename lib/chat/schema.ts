import { z } from "zod";
import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX } from "@/lib/constants";
import { consoleRoutePath, reference } from "@/lib/validation/fields";

// The assistant's chats (GET/POST /api/v1/chat, GET/PATCH/DELETE /api/v1/chat/{chatId},
// POST /api/v1/chat/{chatId}/message). One schema serves the composer, the rename form and the API.

export const chatSummarySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  /** Empty until the first question names the chat, or the user renames it. */
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatTitle = () =>
  z.string({ error: "validation.chatTitleRequired" }).trim().min(1, "validation.chatTitleRequired").max(CHAT_TITLE_MAX, "validation.chatTitleTooLong");

export const questionText = () =>
  z.string({ error: "validation.chatMessageRequired" }).trim().min(1, "validation.chatMessageRequired").max(CHAT_MESSAGE_MAX, "validation.chatMessageTooLong");

// POST /api/v1/chat — a new, empty chat about an organization.
export const chatCreateSchema = z.strictObject({
  organizationId: reference("validation.organizationRequired"),
  title: chatTitle().optional(),
});
export type ChatCreate = z.infer<typeof chatCreateSchema>;

// PATCH /api/v1/chat/{chatId}
export const chatRenameSchema = z.strictObject({ title: chatTitle() });
export type ChatRename = z.infer<typeof chatRenameSchema>;

// The composer's form.
export const questionSchema = z.strictObject({ text: questionText() });
export type Question = z.infer<typeof questionSchema>;

/** The user's answer to an action's preview (AI SDK tool approval): the approval request's id, approved or not. */
export const chatApprovalSchema = z.strictObject({
  id: z.string().trim().min(1).max(128),
  approved: z.boolean(),
  reason: z.string().trim().max(500).optional(),
});
export type ChatApproval = z.infer<typeof chatApprovalSchema>;

// POST /api/v1/chat/{chatId}/message — the user's new message (an AI SDK UIMessage with text parts only), or their
// answer to the preview of an action the assistant asked approval for; and the page the user is looking at, relative
// to /organization/{organizationId}/ (the contextual panel sends it); and the browser's IANA time zone, in which the
// assistant reads "yesterday" or "tomorrow at 3am" and writes times (one it does not know is ignored: UTC).
export const chatMessageSendSchema = z
  .strictObject({
    message: z
      .object({
        id: z.string().trim().min(1).max(64),
        role: z.literal("user", { error: "validation.chatMessageRequired" }),
        parts: z
          .array(z.object({ type: z.literal("text", { error: "validation.chatMessageRequired" }), text: questionText() }))
          .min(1, "validation.chatMessageRequired")
          .max(1, "validation.chatMessageRequired"),
      })
      .optional(),
    approval: chatApprovalSchema.optional(),
    page: consoleRoutePath().optional(),
    timeZone: z.string().max(100).optional(),
  })
  .superRefine((body, ctx) => {
    // A question or an approval, one of the two.
    if (!body.message === !body.approval) ctx.addIssue({ code: "custom", path: ["message"], message: "validation.chatMessageRequired" });
  });
export type ChatMessageSend = z.infer<typeof chatMessageSendSchema>;

/** A stored UI message as the chat page renders it (parts are the AI SDK's UIMessage parts). */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant", "system"]),
  parts: z.array(z.record(z.string(), z.unknown())),
  createdAt: z.string(),
});

export const chatDetailSchema = z.object({ chat: chatSummarySchema, messages: z.array(chatMessageSchema) });
export type ChatDetail = z.infer<typeof chatDetailSchema>;

export const chatListQuerySchema = z.object({
  organizationId: reference("validation.organizationRequired"),
});

/** The title a chat takes from its first question: its first line, cut to the title's length. */
export function titleFromQuestion(text: string): string {
  const line = text.trim().split("\n")[0].trim();
  return line.length > CHAT_TITLE_MAX ? `${line.slice(0, CHAT_TITLE_MAX - 1).trimEnd()}…` : line;
}
