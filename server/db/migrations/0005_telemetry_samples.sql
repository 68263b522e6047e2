-- Telemetry samples and their hourly rollups: range-partitioned on time (daily partitions for samples, monthly for
-- rollups), created ahead and on demand by server/telemetry/partitions.ts and dropped whole by retention. The primary
-- keys include the partition key (PostgreSQL requires it) and make a resent sample a no-op.
CREATE TABLE "telemetry_port_samples" (
	"time" timestamp with time zone NOT NULL,
	"node_id" text NOT NULL,
	"port_id" text NOT NULL,
	"status" text NOT NULL,
	"rx_bps" double precision NOT NULL,
	"tx_bps" double precision NOT NULL,
	PRIMARY KEY ("node_id", "port_id", "time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
CREATE TABLE "telemetry_connector_samples" (
	"time" timestamp with time zone NOT NULL,
	"connector_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"site_id" text NOT NULL,
	"status" text NOT NULL,
	"rx_bps" double precision NOT NULL,
	"tx_bps" double precision NOT NULL,
	PRIMARY KEY ("connector_id", "time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
CREATE INDEX "telemetry_connector_samples_site_idx" ON "telemetry_connector_samples" ("site_id", "time");
--> statement-breakpoint
CREATE TABLE "telemetry_path_samples" (
	"time" timestamp with time zone NOT NULL,
	"path_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"latency_ms" double precision NOT NULL,
	"jitter_ms" double precision NOT NULL,
	"loss_percent" double precision NOT NULL,
	"rx_bps" double precision NOT NULL,
	"tx_bps" double precision NOT NULL,
	PRIMARY KEY ("path_id", "time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
CREATE TABLE "telemetry_link_samples" (
	"time" timestamp with time zone NOT NULL,
	"link_id" text NOT NULL,
	"reporter_node_id" text NOT NULL,
	"status" text NOT NULL,
	"latency_ms" double precision,
	"loss_percent" double precision,
	"rx_bps" double precision NOT NULL,
	"tx_bps" double precision NOT NULL,
	PRIMARY KEY ("link_id", "reporter_node_id", "time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
CREATE TABLE "telemetry_flow_samples" (
	"time" timestamp with time zone NOT NULL,
	"site_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"bytes" bigint NOT NULL,
	PRIMARY KEY ("site_id", "time", "source", "destination")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
CREATE INDEX "telemetry_flow_samples_org_idx" ON "telemetry_flow_samples" ("organization_id", "time");
--> statement-breakpoint
CREATE TABLE "telemetry_probe_samples" (
	"time" timestamp with time zone NOT NULL,
	"site_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"target" text NOT NULL,
	"latency_ms" double precision,
	"jitter_ms" double precision,
	"loss_percent" double precision NOT NULL,
	PRIMARY KEY ("site_id", "target", "time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
CREATE INDEX "telemetry_probe_samples_org_idx" ON "telemetry_probe_samples" ("organization_id", "time");
--> statement-breakpoint
CREATE TABLE "telemetry_port_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"node_id" text NOT NULL,
	"port_id" text NOT NULL,
	"samples" integer NOT NULL,
	"down_samples" integer NOT NULL,
	"disabled_samples" integer NOT NULL,
	"rx_avg" double precision NOT NULL,
	"rx_max" double precision NOT NULL,
	"tx_avg" double precision NOT NULL,
	"tx_max" double precision NOT NULL,
	PRIMARY KEY ("node_id", "port_id", "hour")
) PARTITION BY RANGE ("hour");
--> statement-breakpoint
CREATE TABLE "telemetry_connector_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"connector_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"site_id" text NOT NULL,
	"samples" integer NOT NULL,
	"down_samples" integer NOT NULL,
	"rx_avg" double precision NOT NULL,
	"rx_max" double precision NOT NULL,
	"tx_avg" double precision NOT NULL,
	"tx_max" double precision NOT NULL,
	PRIMARY KEY ("connector_id", "hour")
) PARTITION BY RANGE ("hour");
--> statement-breakpoint
CREATE INDEX "telemetry_connector_hourly_site_idx" ON "telemetry_connector_hourly" ("site_id", "hour");
--> statement-breakpoint
CREATE TABLE "telemetry_path_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"path_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"samples" integer NOT NULL,
	"latency_avg" double precision NOT NULL,
	"latency_min" double precision NOT NULL,
	"latency_max" double precision NOT NULL,
	"jitter_avg" double precision NOT NULL,
	"jitter_max" double precision NOT NULL,
	"loss_avg" double precision NOT NULL,
	"loss_max" double precision NOT NULL,
	"rx_avg" double precision NOT NULL,
	"rx_max" double precision NOT NULL,
	"tx_avg" double precision NOT NULL,
	"tx_max" double precision NOT NULL,
	PRIMARY KEY ("path_id", "hour")
) PARTITION BY RANGE ("hour");
--> statement-breakpoint
CREATE TABLE "telemetry_link_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"link_id" text NOT NULL,
	"reporter_node_id" text NOT NULL,
	"samples" integer NOT NULL,
	"down_samples" integer NOT NULL,
	"latency_samples" integer NOT NULL,
	"latency_avg" double precision,
	"latency_max" double precision,
	"loss_samples" integer NOT NULL,
	"loss_avg" double precision,
	"loss_max" double precision,
	"rx_avg" double precision NOT NULL,
	"rx_max" double precision NOT NULL,
	"tx_avg" double precision NOT NULL,
	"tx_max" double precision NOT NULL,
	PRIMARY KEY ("link_id", "reporter_node_id", "hour")
) PARTITION BY RANGE ("hour");
--> statement-breakpoint
CREATE TABLE "telemetry_flow_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"site_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"samples" integer NOT NULL,
	"bytes" bigint NOT NULL,
	PRIMARY KEY ("site_id", "hour", "source", "destination")
) PARTITION BY RANGE ("hour");
--> statement-breakpoint
CREATE INDEX "telemetry_flow_hourly_org_idx" ON "telemetry_flow_hourly" ("organization_id", "hour");
--> statement-breakpoint
CREATE TABLE "telemetry_probe_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"site_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"target" text NOT NULL,
	"samples" integer NOT NULL,
	"latency_samples" integer NOT NULL,
	"latency_avg" double precision,
	"latency_min" double precision,
	"latency_max" double precision,
	"jitter_samples" integer NOT NULL,
	"jitter_avg" double precision,
	"loss_avg" double precision NOT NULL,
	"loss_max" double precision NOT NULL,
	PRIMARY KEY ("site_id", "target", "hour")
) PARTITION BY RANGE ("hour");
