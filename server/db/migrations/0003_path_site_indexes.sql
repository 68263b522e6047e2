CREATE INDEX "paths_source_site_idx" ON "paths" USING btree ("source_site_id");--> statement-breakpoint
CREATE INDEX "paths_destination_site_idx" ON "paths" USING btree ("destination_site_id");