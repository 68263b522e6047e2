ALTER TABLE "alarms" ADD COLUMN "cleared_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "entity_name" text;--> statement-breakpoint
CREATE INDEX "events_entity_name_idx" ON "events" USING btree ("entity_type",lower("entity_name"));--> statement-breakpoint
-- Existing events: the name their own snapshot gives, as lib/events/names.ts reads it (its after, else its before);
-- the events list looks the others up among the objects that still exist.
UPDATE "events" SET "entity_name" = coalesce(
	nullif(btrim("after"->>'name'), ''), nullif(btrim("after"->>'serialNumber'), ''), nullif(btrim("after"->>'email'), ''), nullif(btrim("after"->>'portId'), ''), nullif(btrim("after"->>'message'), ''),
	nullif(btrim("before"->>'name'), ''), nullif(btrim("before"->>'serialNumber'), ''), nullif(btrim("before"->>'email'), ''), nullif(btrim("before"->>'portId'), ''), nullif(btrim("before"->>'message'), '')
) WHERE "entity_name" IS NULL;
