-- Staged rollouts (issue 15 item 7): a rollout and its waves; each wave's operations are lifecycle_operations rows.
-- The scheduler finds the running rollouts that are due through the partial index on next_check_at.
CREATE TABLE "rollout_waves" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"rollout_id" text NOT NULL,
	"index" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"device_ids" text[] NOT NULL,
	"operation_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone,
	"installed_at" timestamp with time zone,
	"observe_until" timestamp with time zone,
	"verdict" jsonb
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"version" text NOT NULL,
	"wave_mode" text NOT NULL,
	"wave_size" integer NOT NULL,
	"observation_seconds" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"current_wave" integer DEFAULT 0 NOT NULL,
	"halt_reason" text,
	"next_check_at" timestamp with time zone,
	"created_by" text,
	"resumed_by" text,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rollout_waves" ADD CONSTRAINT "rollout_waves_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_resumed_by_users_id_fk" FOREIGN KEY ("resumed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rollout_waves_rollout_index_idx" ON "rollout_waves" USING btree ("rollout_id","index");--> statement-breakpoint
CREATE INDEX "rollouts_org_created_idx" ON "rollouts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "rollouts_due_idx" ON "rollouts" USING btree ("next_check_at") WHERE "rollouts"."status" = 'running';