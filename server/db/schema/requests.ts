import "server-only";
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { organizations, users } from "./identity";

// Creates that must happen once (issue 41): the Idempotency-Key of a retried create, and the approval an assistant
// action was run under. The key is inserted before the work runs, so a concurrent duplicate finds it taken; the
// answer is kept beside it (status and body) to be given again to a retry. Kept 24 hours.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // What was asked under the key (method, route and a hash of the body): the same key for another request is refused.
    fingerprint: text("fingerprint").notNull(),
    // Null while the first request is still being worked on.
    status: integer("status"),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId, t.key] }), index("idempotency_keys_created_at_idx").on(t.createdAt)],
);
