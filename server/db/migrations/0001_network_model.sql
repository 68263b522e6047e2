CREATE TABLE "connectors" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bandwidth_mbps" integer NOT NULL,
	"customer_ip" text,
	"provider_edge_ip" text,
	"vlan" integer,
	"local_site_ip" text,
	"public_ip" text,
	"mtu" integer,
	"mss" integer,
	"nat_traversal" boolean,
	"dpd_delay_seconds" integer,
	"phase1_sa_lifetime_hours" integer,
	"phase2_sa_lifetime_hours" integer,
	"preshared_key_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paths" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"layer" text NOT NULL,
	"source_site_id" text NOT NULL,
	"source_connector_id" text NOT NULL,
	"destination_site_id" text NOT NULL,
	"destination_connector_id" text NOT NULL,
	"bandwidth_mbps" integer NOT NULL,
	"vlan_type" text DEFAULT 'specific' NOT NULL,
	"vlan_id" integer,
	"prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"sla_health" text DEFAULT 'unknown' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paths_bandwidth_positive" CHECK ("paths"."bandwidth_mbps" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'standard' NOT NULL,
	"location_address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"cloud_account_id" text,
	"cloud_region" text,
	"aws_config" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "core_fabrics" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_fabrics" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'equinix' NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interfaces" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"node_id" text NOT NULL,
	"port_id" text NOT NULL,
	"type" text NOT NULL,
	"mtu" integer DEFAULT 1500 NOT NULL,
	"customer_organization_id" text,
	"site_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipsec_endpoints" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"node_id" text NOT NULL,
	"public_ip" text NOT NULL,
	"customer_organization_id" text,
	"site_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"bandwidth_mbps" integer NOT NULL,
	"cost" integer DEFAULT 10 NOT NULL,
	"mtu" integer DEFAULT 1500 NOT NULL,
	"source_node_id" text NOT NULL,
	"source_interface_id" text,
	"source_ipsec_endpoint_id" text,
	"source_vlan" integer NOT NULL,
	"destination_node_id" text NOT NULL,
	"destination_interface_id" text,
	"destination_ipsec_endpoint_id" text,
	"destination_vlan" integer NOT NULL,
	"core_fabric_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location_address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"edge_type" text,
	"core_fabric_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subinterfaces" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"interface_id" text NOT NULL,
	"type" text NOT NULL,
	"bandwidth_mbps" integer NOT NULL,
	"gateway" text,
	"ip_prefix" text,
	"outer_vlan" integer,
	"ether_type" text DEFAULT '8021q' NOT NULL,
	"customer_organization_id" text,
	"site_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "switch_ports" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"node_id" text NOT NULL,
	"index" integer NOT NULL,
	"bandwidth_gbps" integer NOT NULL,
	"customer_organization_id" text,
	"site_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"message" text NOT NULL,
	"severity" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"subject" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"acknowledged_by" text,
	"acknowledged_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"serial_number" text NOT NULL,
	"claim_code_hash" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"software_version" text DEFAULT '' NOT NULL,
	"configured" boolean DEFAULT false NOT NULL,
	"msp_organization_id" text,
	"node_id" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"node_id" text,
	"actor_user_id" text,
	"request_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "lifecycle_operations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"organization_id" text NOT NULL,
	"device_id" text NOT NULL,
	"operation" text NOT NULL,
	"version" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"progress" integer DEFAULT 0 NOT NULL,
	"summary" text,
	"created_by" text,
	"cancelled_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paths" ADD CONSTRAINT "paths_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paths" ADD CONSTRAINT "paths_source_site_id_sites_id_fk" FOREIGN KEY ("source_site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paths" ADD CONSTRAINT "paths_source_connector_id_connectors_id_fk" FOREIGN KEY ("source_connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paths" ADD CONSTRAINT "paths_destination_site_id_sites_id_fk" FOREIGN KEY ("destination_site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paths" ADD CONSTRAINT "paths_destination_connector_id_connectors_id_fk" FOREIGN KEY ("destination_connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_fabrics" ADD CONSTRAINT "core_fabrics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_fabrics" ADD CONSTRAINT "external_fabrics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interfaces" ADD CONSTRAINT "interfaces_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interfaces" ADD CONSTRAINT "interfaces_customer_organization_id_organizations_id_fk" FOREIGN KEY ("customer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interfaces" ADD CONSTRAINT "interfaces_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipsec_endpoints" ADD CONSTRAINT "ipsec_endpoints_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipsec_endpoints" ADD CONSTRAINT "ipsec_endpoints_customer_organization_id_organizations_id_fk" FOREIGN KEY ("customer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipsec_endpoints" ADD CONSTRAINT "ipsec_endpoints_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_source_node_id_nodes_id_fk" FOREIGN KEY ("source_node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_source_interface_id_interfaces_id_fk" FOREIGN KEY ("source_interface_id") REFERENCES "public"."interfaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_source_ipsec_endpoint_id_ipsec_endpoints_id_fk" FOREIGN KEY ("source_ipsec_endpoint_id") REFERENCES "public"."ipsec_endpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_destination_node_id_nodes_id_fk" FOREIGN KEY ("destination_node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_destination_interface_id_interfaces_id_fk" FOREIGN KEY ("destination_interface_id") REFERENCES "public"."interfaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_destination_ipsec_endpoint_id_ipsec_endpoints_id_fk" FOREIGN KEY ("destination_ipsec_endpoint_id") REFERENCES "public"."ipsec_endpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_core_fabric_id_core_fabrics_id_fk" FOREIGN KEY ("core_fabric_id") REFERENCES "public"."core_fabrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_core_fabric_id_core_fabrics_id_fk" FOREIGN KEY ("core_fabric_id") REFERENCES "public"."core_fabrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subinterfaces" ADD CONSTRAINT "subinterfaces_interface_id_interfaces_id_fk" FOREIGN KEY ("interface_id") REFERENCES "public"."interfaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subinterfaces" ADD CONSTRAINT "subinterfaces_customer_organization_id_organizations_id_fk" FOREIGN KEY ("customer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subinterfaces" ADD CONSTRAINT "subinterfaces_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "switch_ports" ADD CONSTRAINT "switch_ports_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "switch_ports" ADD CONSTRAINT "switch_ports_customer_organization_id_organizations_id_fk" FOREIGN KEY ("customer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "switch_ports" ADD CONSTRAINT "switch_ports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_msp_organization_id_organizations_id_fk" FOREIGN KEY ("msp_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_operations" ADD CONSTRAINT "lifecycle_operations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_operations" ADD CONSTRAINT "lifecycle_operations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_operations" ADD CONSTRAINT "lifecycle_operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_operations" ADD CONSTRAINT "lifecycle_operations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connectors_site_idx" ON "connectors" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "connectors_org_idx" ON "connectors" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "paths_org_name_idx" ON "paths" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "paths_source_connector_idx" ON "paths" USING btree ("source_connector_id");--> statement-breakpoint
CREATE INDEX "paths_destination_connector_idx" ON "paths" USING btree ("destination_connector_id");--> statement-breakpoint
CREATE INDEX "sites_org_name_idx" ON "sites" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "core_fabrics_org_idx" ON "core_fabrics" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "external_fabrics_org_idx" ON "external_fabrics" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interfaces_node_port_idx" ON "interfaces" USING btree ("node_id","port_id");--> statement-breakpoint
CREATE INDEX "ipsec_endpoints_node_idx" ON "ipsec_endpoints" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "links_org_idx" ON "links" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "links_fabric_idx" ON "links" USING btree ("core_fabric_id");--> statement-breakpoint
CREATE UNIQUE INDEX "links_source_vlan_idx" ON "links" USING btree ("source_node_id","source_vlan");--> statement-breakpoint
CREATE UNIQUE INDEX "links_destination_vlan_idx" ON "links" USING btree ("destination_node_id","destination_vlan");--> statement-breakpoint
CREATE INDEX "nodes_org_kind_idx" ON "nodes" USING btree ("organization_id","kind","name");--> statement-breakpoint
CREATE INDEX "nodes_fabric_idx" ON "nodes" USING btree ("core_fabric_id");--> statement-breakpoint
CREATE INDEX "subinterfaces_interface_idx" ON "subinterfaces" USING btree ("interface_id");--> statement-breakpoint
CREATE UNIQUE INDEX "switch_ports_node_index_idx" ON "switch_ports" USING btree ("node_id","index");--> statement-breakpoint
CREATE INDEX "alarms_org_raised_idx" ON "alarms" USING btree ("organization_id","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_subject_idx" ON "alarms" USING btree ("subject","type") WHERE "alarms"."cleared_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_idx" ON "devices" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_node_idx" ON "devices" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "devices_msp_idx" ON "devices" USING btree ("msp_organization_id");--> statement-breakpoint
CREATE INDEX "events_org_time_idx" ON "events" USING btree ("organization_id","timestamp");--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "lifecycle_org_status_idx" ON "lifecycle_operations" USING btree ("organization_id","status","scheduled_at");