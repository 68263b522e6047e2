import "server-only";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Server-wide values shared by every console process through the database (the secret-encryption key).
export const serverSettings = pgTable("server_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
