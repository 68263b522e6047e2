DROP INDEX "events_entity_name_idx";--> statement-breakpoint
CREATE INDEX "events_entity_name_idx" ON "events" USING btree (lower("entity_name"),"entity_type");