CREATE INDEX "paths_name_idx" ON "paths" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "events_time_idx" ON "events" USING btree ("timestamp","id");