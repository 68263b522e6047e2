import "server-only";
import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { LINK_TYPES } from "@/lib/links/schema";
import { EDGE_TYPES, ETHER_TYPES, INTERFACE_TYPES, NODE_KINDS } from "@/lib/nodes/schema";
import { organizations } from "./identity";
import { sites } from "./sites";

const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const coreFabrics = pgTable(
  "core_fabrics",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [index("core_fabrics_org_idx").on(t.organizationId)],
);

export const externalFabrics = pgTable(
  "external_fabrics",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["equinix"] }).notNull().default("equinix"),
    clientId: text("client_id").notNull(),
    // AES-256-GCM with the server's secret key; never returned by the API.
    clientSecretEncrypted: text("client_secret_encrypted").notNull(),
    ...timestamps,
  },
  (t) => [index("external_fabrics_org_idx").on(t.organizationId)],
);

export const nodes = pgTable(
  "nodes",
  {
    id: id(),
    // The MSP that runs the node.
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NODE_KINDS }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    locationAddress: text("location_address").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    edgeType: text("edge_type", { enum: EDGE_TYPES }),
    coreFabricId: text("core_fabric_id").references(() => coreFabrics.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("nodes_org_kind_idx").on(t.organizationId, t.kind, t.name), index("nodes_fabric_idx").on(t.coreFabricId)],
);

const tenantOfPort = {
  customerOrganizationId: text("customer_organization_id").references(() => organizations.id, { onDelete: "set null" }),
  siteId: text("site_id").references(() => sites.id, { onDelete: "set null" }),
};

export const interfaces = pgTable(
  "interfaces",
  {
    id: id(),
    nodeId: text("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    portId: text("port_id").notNull(),
    type: text("type", { enum: INTERFACE_TYPES }).notNull(),
    mtu: integer("mtu").notNull().default(1500),
    ...tenantOfPort,
    ...timestamps,
  },
  (t) => [uniqueIndex("interfaces_node_port_idx").on(t.nodeId, t.portId)],
);

export const subinterfaces = pgTable(
  "subinterfaces",
  {
    id: id(),
    interfaceId: text("interface_id").notNull().references(() => interfaces.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    bandwidthMbps: integer("bandwidth_mbps").notNull(),
    gateway: text("gateway"),
    ipPrefix: text("ip_prefix"),
    outerVlan: integer("outer_vlan"),
    etherType: text("ether_type", { enum: ETHER_TYPES }).notNull().default("8021q"),
    ...tenantOfPort,
    ...timestamps,
  },
  (t) => [index("subinterfaces_interface_idx").on(t.interfaceId)],
);

export const ipsecEndpoints = pgTable(
  "ipsec_endpoints",
  {
    id: id(),
    nodeId: text("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    publicIp: text("public_ip").notNull(),
    ...tenantOfPort,
    ...timestamps,
  },
  (t) => [index("ipsec_endpoints_node_idx").on(t.nodeId)],
);

export const switchPorts = pgTable(
  "switch_ports",
  {
    id: id(),
    nodeId: text("node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    bandwidthGbps: integer("bandwidth_gbps").notNull(),
    ...tenantOfPort,
    ...timestamps,
  },
  (t) => [uniqueIndex("switch_ports_node_index_idx").on(t.nodeId, t.index)],
);

export const links = pgTable(
  "links",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: LINK_TYPES }).notNull(),
    bandwidthMbps: integer("bandwidth_mbps").notNull(),
    cost: integer("cost").notNull().default(10),
    mtu: integer("mtu").notNull().default(1500),
    sourceNodeId: text("source_node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    sourceInterfaceId: text("source_interface_id").references(() => interfaces.id, { onDelete: "set null" }),
    sourceIpsecEndpointId: text("source_ipsec_endpoint_id").references(() => ipsecEndpoints.id, { onDelete: "set null" }),
    sourceVlan: integer("source_vlan").notNull(),
    destinationNodeId: text("destination_node_id").notNull().references(() => nodes.id, { onDelete: "cascade" }),
    destinationInterfaceId: text("destination_interface_id").references(() => interfaces.id, { onDelete: "set null" }),
    destinationIpsecEndpointId: text("destination_ipsec_endpoint_id").references(() => ipsecEndpoints.id, { onDelete: "set null" }),
    destinationVlan: integer("destination_vlan").notNull(),
    coreFabricId: text("core_fabric_id").references(() => coreFabrics.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    index("links_org_idx").on(t.organizationId),
    // The topology page's links table, by name or by bandwidth (server/topology/links.ts).
    index("links_org_name_idx").on(t.organizationId, t.name, t.id),
    index("links_org_bandwidth_idx").on(t.organizationId, t.bandwidthMbps, t.name, t.id),
    index("links_fabric_idx").on(t.coreFabricId),
    // A VLAN is used once per node end (auto-assignment relies on it).
    uniqueIndex("links_source_vlan_idx").on(t.sourceNodeId, t.sourceVlan),
    uniqueIndex("links_destination_vlan_idx").on(t.destinationNodeId, t.destinationVlan),
  ],
);
