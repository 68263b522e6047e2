import "server-only";
import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { organizations, users } from "./identity";

// The assistant's conversations. A chat belongs to the user who started it and is about one organization
// (the one open in the console); nobody else reads it, not even an admin of that organization.
export const chats = pgTable(
  "chats",
  {
    id: text("id").primaryKey().default(sql`gen_random_uuid()::text`),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // When the last message was added: the recent-chats lists sort on it.
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chats_user_org_updated_idx").on(t.userId, t.organizationId, t.updatedAt, t.id)],
);

// One UI message of a chat (the AI SDK's UIMessage: its id, role and parts), in the order it was said.
export const chatMessages = pgTable(
  "chat_messages",
  {
    chatId: text("chat_id").notNull().references(() => chats.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    // Insertion order: messages are listed by it.
    position: bigserial("position", { mode: "number" }).notNull(),
    role: text("role", { enum: ["user", "assistant", "system"] }).notNull(),
    parts: jsonb("parts").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.id] }), index("chat_messages_chat_position_idx").on(t.chatId, t.position)],
);
