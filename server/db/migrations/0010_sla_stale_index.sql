-- The stale-SLA sweep walks the verdicts whose samples stopped, oldest first, instead of every path whose SLA says
-- something: on a network of 100,000 reporting paths it read them all every 15 s on the request thread.
CREATE INDEX "telemetry_path_state_known_stale_idx" ON "telemetry_path_state" USING btree ("last_sample_at") WHERE "telemetry_path_state"."sla" <> 'unknown';