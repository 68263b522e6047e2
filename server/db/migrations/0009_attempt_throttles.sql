CREATE TABLE "attempt_throttles" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"attempts" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_throttles_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE INDEX "attempt_throttles_last_at_idx" ON "attempt_throttles" USING btree ("last_at");
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;