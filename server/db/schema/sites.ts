import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { CONNECTOR_KINDS } from "@/lib/connectors/schema";
import { PATH_SLA_STATES } from "@/lib/health";
import { severityRank } from "@/lib/dashboard/format";
import { PATH_LAYERS, VLAN_TYPES } from "@/lib/paths/schema";
import { SITE_TYPES } from "@/lib/sites/schema";
import { organizations, users } from "./identity";

const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const sites = pgTable(
  "sites",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: SITE_TYPES }).notNull().default("standard"),
    locationAddress: text("location_address").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    // AWS account ID, Azure subscription ID, GCP project ID or Oracle compartment ID, by type.
    cloudAccountId: text("cloud_account_id"),
    cloudRegion: text("cloud_region"),
    awsConfig: text("aws_config"),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("sites_org_name_idx").on(t.organizationId, t.name, t.id),
    // The Sites page sorted by state (server/sites/service.ts).
    index("sites_org_active_name_idx").on(t.organizationId, t.active, t.name, t.id),
  ],
);

export const connectors = pgTable(
  "connectors",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONNECTOR_KINDS }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    bandwidthMbps: integer("bandwidth_mbps").notNull(),
    // physical
    customerIp: text("customer_ip"),
    providerEdgeIp: text("provider_edge_ip"),
    vlan: integer("vlan"),
    // ipsec
    localSiteIp: text("local_site_ip"),
    publicIp: text("public_ip"),
    mtu: integer("mtu"),
    mss: integer("mss"),
    natTraversal: boolean("nat_traversal"),
    deadPeerDetectionDelaySeconds: integer("dpd_delay_seconds"),
    phase1SaLifetimeHours: integer("phase1_sa_lifetime_hours"),
    phase2SaLifetimeHours: integer("phase2_sa_lifetime_hours"),
    // AES-256-GCM with the server's secret key; never returned by the API.
    presharedKeyEncrypted: text("preshared_key_encrypted"),
    // Homing, stored (docs/decisions/connector-homing.md): the MSP node serving the connector and, for a physical
    // connector, the front-panel port it rides on ("<nodeId>/<portId>"). Chosen at creation and changed only by an
    // explicit re-homing, so no node edit moves a live connector. Null: no node serves it.
    // No foreign key (nodes.ts references this file): a node serving connectors is not deleted, and a node gone
    // with its MSP leaves an id that no reader finds among the MSP's nodes, so the connector is then unserved.
    servingNodeId: text("serving_node_id"),
    servingPortKey: text("serving_port_key"),
    ...timestamps,
  },
  (t) => [
    index("connectors_site_idx").on(t.siteId),
    index("connectors_org_idx").on(t.organizationId, t.name, t.id),
    index("connectors_serving_node_idx").on(t.servingNodeId),
  ],
);

/**
 * A path's SLA as the dashboards' worst-first rank (lib/dashboard/format's severityRank): the expression the
 * organization's worst-paths list sorts by, and the index below holds, so that list reads its first rows off the index.
 */
export const pathSlaRank = (slaHealth: AnyColumn | SQL) =>
  sql`(case ${slaHealth} ${sql.raw(PATH_SLA_STATES.map((state) => `when '${state}' then ${severityRank(state)}`).join(" "))} else 3 end)`;

export const paths = pgTable(
  "paths",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    layer: text("layer", { enum: PATH_LAYERS }).notNull(),
    sourceSiteId: text("source_site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    sourceConnectorId: text("source_connector_id").notNull().references(() => connectors.id, { onDelete: "cascade" }),
    destinationSiteId: text("destination_site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
    destinationConnectorId: text("destination_connector_id").notNull().references(() => connectors.id, { onDelete: "cascade" }),
    bandwidthMbps: integer("bandwidth_mbps").notNull(),
    vlanType: text("vlan_type", { enum: VLAN_TYPES }).notNull().default("specific"),
    vlanId: integer("vlan_id"),
    prefixes: text("prefixes").array().notNull().default(sql`'{}'::text[]`),
    slaHealth: text("sla_health", { enum: PATH_SLA_STATES }).notNull().default("unknown"),
    ...timestamps,
  },
  (t) => [
    index("paths_org_name_idx").on(t.organizationId, t.name, t.id),
    // An organization's worst paths first (the dashboards' paths card): the first rows of this, not a sort of them all.
    index("paths_org_sla_rank_idx").on(t.organizationId, pathSlaRank(t.slaHealth), t.name, t.id),
    // Lists across organizations (an MSP's or the operator's) walk this one in name order.
    index("paths_name_idx").on(t.name, t.id),
    // The paths list sorted by bandwidth (server/paths/service.ts), within an organization and across them.
    index("paths_org_bandwidth_idx").on(t.organizationId, t.bandwidthMbps, t.name, t.id),
    index("paths_bandwidth_idx").on(t.bandwidthMbps, t.name, t.id),
    // A connector's paths; with the VLAN, the clash a new path's VLAN makes there is a probe, not a walk of the
    // connector's paths (server/paths/service.ts, loadsOf).
    index("paths_source_connector_vlan_idx").on(t.sourceConnectorId, t.vlanId),
    // Deleting a site cascades to its paths through these.
    index("paths_source_site_idx").on(t.sourceSiteId),
    index("paths_destination_site_idx").on(t.destinationSiteId),
    index("paths_destination_connector_vlan_idx").on(t.destinationConnectorId, t.vlanId),
    // The stale-SLA sweep walks the paths whose SLA still says something (server/telemetry/sla.ts): few, once settled.
    index("paths_known_sla_idx").on(t.id).where(sql`${t.slaHealth} <> 'unknown'`),
    check("paths_bandwidth_positive", sql`${t.bandwidthMbps} >= 1`),
    // Only a Specific path has a VLAN: the clash lookup finds an All path among those without one.
    check("paths_vlan_only_specific", sql`${t.vlanType} = 'specific' or ${t.vlanId} is null`),
  ],
);

/**
 * The bandwidth the paths over each connector take, summed: kept by the database itself (the triggers of migrations
 * 0013 and 0014 on every insert, delete and change of a path's bandwidth or ends, cascades included), so a path's
 * headroom check reads one row however many paths share its connector. A connector without a row has no path.
 */
export const connectorLoads = pgTable("connector_loads", {
  connectorId: text("connector_id")
    .primaryKey()
    .references(() => connectors.id, { onDelete: "cascade" }),
  usedBandwidthMbps: bigint("used_bandwidth_mbps", { mode: "number" }).notNull().default(0),
});
