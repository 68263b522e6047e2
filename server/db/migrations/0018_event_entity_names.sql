ALTER TABLE "alarms" ADD COLUMN "cleared_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "entity_name" text;--> statement-breakpoint
CREATE INDEX "events_entity_name_idx" ON "events" USING btree ("entity_type",lower("entity_name"));--> statement-breakpoint
-- Existing events: the name their own snapshot gives (a deleted object's before, a created one's after); the
-- events list looks the others up among the objects that still exist.
UPDATE "events" SET "entity_name" = coalesce(
	nullif(btrim("after"->>'name'), ''), nullif(btrim("before"->>'name'), ''),
	nullif(btrim("after"->>'serialNumber'), ''), nullif(btrim("before"->>'serialNumber'), ''),
	nullif(btrim("after"->>'email'), ''), nullif(btrim("before"->>'email'), ''),
	nullif(btrim("after"->>'message'), ''), nullif(btrim("before"->>'message'), '')
) WHERE "entity_name" IS NULL;
