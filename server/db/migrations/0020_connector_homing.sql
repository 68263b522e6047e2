ALTER TABLE "connectors" ADD COLUMN "serving_node_id" text;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "serving_port_key" text;--> statement-breakpoint
CREATE INDEX "connectors_serving_node_idx" ON "connectors" USING btree ("serving_node_id");--> statement-breakpoint
-- Today's derived homing is stored for every existing connector once, at the first start after this migration
-- (server/paths/homing.ts backfillConnectorHoming, from server/main.ts: the serving rule needs distances and the
-- port pairing); this row asks for it and is dropped with its table when done.
CREATE TABLE "connector_homing_backfill" ("pending" boolean NOT NULL);--> statement-breakpoint
INSERT INTO "connector_homing_backfill" VALUES (true);
