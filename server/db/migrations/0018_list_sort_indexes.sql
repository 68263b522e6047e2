CREATE INDEX "paths_org_bandwidth_idx" ON "paths" USING btree ("organization_id","bandwidth_mbps","name","id");--> statement-breakpoint
CREATE INDEX "paths_bandwidth_idx" ON "paths" USING btree ("bandwidth_mbps","name","id");--> statement-breakpoint
CREATE INDEX "sites_org_active_name_idx" ON "sites" USING btree ("organization_id","active","name","id");--> statement-breakpoint
CREATE INDEX "links_org_name_idx" ON "links" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "links_org_bandwidth_idx" ON "links" USING btree ("organization_id","bandwidth_mbps","name","id");--> statement-breakpoint
CREATE INDEX "alarms_org_severity_idx" ON "alarms" USING btree ("organization_id",(case "severity" when 'warning' then 0 when 'minor' then 1 when 'major' then 2 when 'critical' then 3 else 4 end),"raised_at","id");--> statement-breakpoint
CREATE INDEX "devices_model_serial_idx" ON "devices" USING btree ("model","serial_number","id");--> statement-breakpoint
CREATE INDEX "lifecycle_org_status_rank_idx" ON "lifecycle_operations" USING btree ("organization_id",(case "status" when 'scheduled' then 0 when 'active' then 1 when 'success' then 2 when 'failed' then 3 when 'cancelled' then 4 else 5 end),"scheduled_at","id");