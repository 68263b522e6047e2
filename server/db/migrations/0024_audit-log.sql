CREATE INDEX "events_audit_time_idx" ON "events" USING btree ("timestamp","id") WHERE "events"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "events_audit_org_time_idx" ON "events" USING btree ("organization_id","timestamp","id") WHERE "events"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "events_audit_actor_time_idx" ON "events" USING btree ("actor_user_id","timestamp","id") WHERE "events"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "events_audit_kind_time_idx" ON "events" USING btree ("entity_type","timestamp","id") WHERE "events"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "events_audit_entity_time_idx" ON "events" USING btree ("entity_id","timestamp","id") WHERE "events"."actor_user_id" is not null;