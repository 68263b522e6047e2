-- The stale-SLA sweep starts from the paths whose SLA still says something (also those that never reported), so
-- it walks a partial index of them rather than the path state's by last sample, which nothing reads any more.
DROP INDEX "telemetry_path_state_stale_idx";--> statement-breakpoint
CREATE INDEX "paths_known_sla_idx" ON "paths" USING btree ("id") WHERE "paths"."sla_health" <> 'unknown';