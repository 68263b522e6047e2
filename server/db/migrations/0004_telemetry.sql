CREATE TABLE "device_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"msp_organization_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telemetry_connector_state" (
	"connector_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"site_id" text NOT NULL,
	"status" text NOT NULL,
	"rx_bps" double precision NOT NULL,
	"tx_bps" double precision NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_device_state" (
	"device_id" text PRIMARY KEY NOT NULL,
	"node_id" text,
	"last_seen_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	"uptime_seconds" integer,
	"software_version" text,
	"cpu_percent" double precision,
	"memory_percent" double precision,
	"silent" boolean DEFAULT false NOT NULL,
	"silent_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telemetry_dirty_hours" (
	"kind" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_dirty_hours_kind_hour_pk" PRIMARY KEY("kind","hour")
);
--> statement-breakpoint
CREATE TABLE "telemetry_link_state" (
	"link_id" text NOT NULL,
	"reporter_node_id" text NOT NULL,
	"status" text NOT NULL,
	"latency_ms" double precision,
	"loss_percent" double precision,
	"rx_bps" double precision NOT NULL,
	"tx_bps" double precision NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_link_state_link_id_reporter_node_id_pk" PRIMARY KEY("link_id","reporter_node_id")
);
--> statement-breakpoint
CREATE TABLE "telemetry_path_state" (
	"path_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"last_sample_at" timestamp with time zone NOT NULL,
	"latency_ms" double precision,
	"jitter_ms" double precision,
	"loss_percent" double precision,
	"samples" integer NOT NULL,
	"sla" text NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_port_state" (
	"node_id" text NOT NULL,
	"port_id" text NOT NULL,
	"status" text NOT NULL,
	"rx_bps" double precision NOT NULL,
	"tx_bps" double precision NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_port_state_node_id_port_id_pk" PRIMARY KEY("node_id","port_id")
);
--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_msp_organization_id_organizations_id_fk" FOREIGN KEY ("msp_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_connector_state" ADD CONSTRAINT "telemetry_connector_state_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_connector_state" ADD CONSTRAINT "telemetry_connector_state_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_connector_state" ADD CONSTRAINT "telemetry_connector_state_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_device_state" ADD CONSTRAINT "telemetry_device_state_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_device_state" ADD CONSTRAINT "telemetry_device_state_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_link_state" ADD CONSTRAINT "telemetry_link_state_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_link_state" ADD CONSTRAINT "telemetry_link_state_reporter_node_id_nodes_id_fk" FOREIGN KEY ("reporter_node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_path_state" ADD CONSTRAINT "telemetry_path_state_path_id_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_path_state" ADD CONSTRAINT "telemetry_path_state_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_port_state" ADD CONSTRAINT "telemetry_port_state_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_live_idx" ON "device_tokens" USING btree ("device_id") WHERE "device_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "telemetry_connector_state_site_idx" ON "telemetry_connector_state" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "telemetry_connector_state_org_idx" ON "telemetry_connector_state" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "telemetry_device_state_seen_idx" ON "telemetry_device_state" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "telemetry_path_state_stale_idx" ON "telemetry_path_state" USING btree ("last_sample_at") WHERE "telemetry_path_state"."sla" <> 'unknown';