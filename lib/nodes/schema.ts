import { z } from "zod";
import { alarmSchema } from "@/lib/alarms/schema";
import { HEALTH_TONES } from "@/lib/health";
import { linkSchema } from "@/lib/links/schema";
import { locationSchema } from "@/lib/locations/schema";
import { bandwidth, description, ipPrefix, ipv4, isIpv4, location, mtu, reference, requiredName, vlan } from "@/lib/validation/fields";
import { messageWithValues } from "@/lib/validation/messages";
import { sortQueryShape } from "@/lib/pagination-schema";
import { ETHER_TYPES } from "./ether-types";

// SPEC §3: an MSP's edge, CPE and core nodes with their interfaces, subinterfaces, IPsec endpoints and (on With
// Switch edge nodes) switch ports. Shared by the forms and the API.

export const NODE_KINDS = ["edge", "cpe", "core"] as const;
export type NodeKind = (typeof NODE_KINDS)[number];
export const EDGE_TYPES = ["standard", "with-switch"] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];
export const INTERFACE_TYPES = ["access", "fabric", "hybrid"] as const;
export type InterfaceType = (typeof INTERFACE_TYPES)[number];
export { ETHER_TYPE_LABELS, ETHER_TYPES, type EtherType } from "./ether-types";

export const DEFAULT_MTU = 1500;
/** SPEC §9: switch port bandwidth is in Gbps; the fastest port we know of is 400G. */
export const SWITCH_PORT_MAX_GBPS = 400;
export const SWITCH_PORT_INDEX_MAX = 4095;

const KIND_ERROR = { error: "validation.nodeKind" };
const EDGE_TYPE_ERROR = { error: "validation.edgeType" };
const INTERFACE_TYPE_ERROR = { error: "validation.interfaceType" };
const ETHER_TYPE_ERROR = { error: "validation.etherType" };

/** An optional id of another object; "" or null mean none (a cleared dropdown). */
export const optionalReference = (invalidKey: string) =>
  z
    .string({ error: invalidKey })
    .trim()
    .max(64, invalidKey)
    .nullish()
    .transform((value) => value || null);

// --- Nodes ---

const nodeFields = () => ({
  name: requiredName(),
  description: description(),
  location: location(),
  kind: z.enum(NODE_KINDS, KIND_ERROR),
  edgeType: z.enum(EDGE_TYPES, EDGE_TYPE_ERROR).nullish(),
  coreFabricId: optionalReference("validation.coreFabricNotFound"),
});

/** Edge nodes are Standard or With Switch; other kinds have no edge type; only core nodes join a core fabric. */
export function nodeKindRules(node: { kind: NodeKind; edgeType?: EdgeType | null; coreFabricId?: string | null }, ctx: z.RefinementCtx) {
  if (node.kind === "edge" && !node.edgeType) ctx.addIssue({ code: "custom", path: ["edgeType"], message: "validation.edgeTypeRequired" });
  if (node.kind !== "edge" && node.edgeType) ctx.addIssue({ code: "custom", path: ["edgeType"], message: "validation.edgeTypeEdgeOnly" });
  if (node.kind !== "core" && node.coreFabricId) ctx.addIssue({ code: "custom", path: ["coreFabricId"], message: "validation.coreFabricCoreOnly" });
}

// POST /api/v1/config/msp/{mspId}/node
export const nodeCreateSchema = z.strictObject(nodeFields()).superRefine(nodeKindRules);
export type NodeCreate = z.infer<typeof nodeCreateSchema>;
export type NodeCreateInput = z.input<typeof nodeCreateSchema>;

// PATCH /api/v1/config/node/{nodeId} — any subset; the kind stays, the result is checked whole.
export const nodeUpdateSchema = z.strictObject({ ...nodeFields(), description: description().unwrap() }).partial();
export type NodeUpdate = z.infer<typeof nodeUpdateSchema>;

export const nodeSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  kind: z.enum(NODE_KINDS),
  name: z.string(),
  description: z.string(),
  location: locationSchema,
  edgeType: z.enum(EDGE_TYPES).nullable(),
  coreFabricId: z.string().nullable(),
  /** The serial number of the device assigned to the node, if any. */
  deviceSerialNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Node = z.infer<typeof nodeSchema>;

export const nodeListQuerySchema = z.object({
  kind: z.enum(NODE_KINDS, KIND_ERROR).optional(),
  search: z.string().trim().max(100).optional(),
  ...sortQueryShape("nodes"),
});
export type NodeListQuery = z.infer<typeof nodeListQuerySchema>;

// --- The customer and site a port serves ---

const portTenantFields = () => ({
  customerOrganizationId: optionalReference("validation.customerNotOfMsp"),
  siteId: optionalReference("validation.siteNotOfCustomer"),
});

const portTenantResponse = {
  customerOrganizationId: z.string().nullable(),
  siteId: z.string().nullable(),
};

// --- Interfaces ---

/** Port names as equipment prints them: et-0/0/1, xe-0/0/0, Ethernet1/1, eth0.100. */
export const portId = () =>
  z
    .string({ error: "validation.portIdRequired" })
    .trim()
    .min(1, "validation.portIdRequired")
    .max(64, "validation.portIdInvalid")
    .regex(/^[A-Za-z0-9._/:-]+$/, "validation.portIdInvalid");

const interfaceFields = () => ({
  portId: portId(),
  type: z.enum(INTERFACE_TYPES, INTERFACE_TYPE_ERROR),
  mtu: mtu().default(DEFAULT_MTU),
  ...portTenantFields(),
});

// POST /api/v1/config/node/{nodeId}/interface
export const interfaceCreateSchema = z.strictObject(interfaceFields());
export type InterfaceCreate = z.infer<typeof interfaceCreateSchema>;

// PATCH /api/v1/config/node/{nodeId}/interface/{interfaceId}
export const interfaceUpdateSchema = z.strictObject({ ...interfaceFields(), mtu: mtu() }).partial();
export type InterfaceUpdate = z.infer<typeof interfaceUpdateSchema>;

export const interfaceSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  portId: z.string(),
  type: z.enum(INTERFACE_TYPES),
  mtu: z.number().int(),
  ...portTenantResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Interface = z.infer<typeof interfaceSchema>;

// --- Subinterfaces ---

function ipv4ToNumber(address: string): number {
  return address.split(".").reduce((value, octet) => value * 256 + Number(octet), 0);
}

/** Whether an IPv4 address lies inside a prefix ("10.0.0.1" in "10.0.0.0/24"). */
export function prefixContains(prefix: string, address: string): boolean {
  const [network, length] = prefix.split("/");
  if (!isIpv4(network) || !isIpv4(address)) return false;
  const size = 2 ** (32 - Number(length));
  return Math.floor(ipv4ToNumber(network) / size) === Math.floor(ipv4ToNumber(address) / size);
}

/** The gateway of a subinterface lies in its IP prefix. */
export function subinterfaceRules(value: { gateway?: string | null; ipPrefix?: string | null }, ctx: z.RefinementCtx) {
  if (value.gateway && value.ipPrefix && !prefixContains(value.ipPrefix, value.gateway)) {
    ctx.addIssue({
      code: "custom",
      path: ["gateway"],
      message: messageWithValues("validation.gatewayOutsidePrefix", { gateway: value.gateway, prefix: value.ipPrefix }),
    });
  }
}

const subinterfaceFields = () => ({
  interfaceId: reference("validation.interfaceRequired"),
  type: z.enum(INTERFACE_TYPES, INTERFACE_TYPE_ERROR),
  bandwidth: bandwidth(),
  gateway: ipv4().nullish(),
  ipPrefix: ipPrefix().nullish(),
  outerVlan: vlan().nullish(),
  etherType: z.enum(ETHER_TYPES, ETHER_TYPE_ERROR).default("8021q"),
  ...portTenantFields(),
});

// POST /api/v1/config/node/{nodeId}/subinterface — on one of the node's interfaces.
export const subinterfaceCreateSchema = z.strictObject(subinterfaceFields()).superRefine(subinterfaceRules);
export type SubinterfaceCreate = z.infer<typeof subinterfaceCreateSchema>;

// PATCH /api/v1/config/node/{nodeId}/subinterface/{subinterfaceId}
export const subinterfaceUpdateSchema = z
  .strictObject({ ...subinterfaceFields(), etherType: z.enum(ETHER_TYPES, ETHER_TYPE_ERROR) })
  .partial();
export type SubinterfaceUpdate = z.infer<typeof subinterfaceUpdateSchema>;

export const subinterfaceSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  interfaceId: z.string(),
  type: z.enum(INTERFACE_TYPES),
  bandwidth: z.number().int(),
  gateway: z.string().nullable(),
  ipPrefix: z.string().nullable(),
  outerVlan: z.number().int().nullable(),
  etherType: z.enum(ETHER_TYPES),
  ...portTenantResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subinterface = z.infer<typeof subinterfaceSchema>;

// --- IPsec endpoints ---

const ipsecEndpointFields = () => ({ publicIp: ipv4(), ...portTenantFields() });

// POST /api/v1/config/node/{nodeId}/ipsec-endpoint
export const ipsecEndpointCreateSchema = z.strictObject(ipsecEndpointFields());
export type IpsecEndpointCreate = z.infer<typeof ipsecEndpointCreateSchema>;

// PATCH /api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}
export const ipsecEndpointUpdateSchema = ipsecEndpointCreateSchema.partial();
export type IpsecEndpointUpdate = z.infer<typeof ipsecEndpointUpdateSchema>;

export const ipsecEndpointSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  publicIp: z.string(),
  ...portTenantResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IpsecEndpoint = z.infer<typeof ipsecEndpointSchema>;

// --- Switch ports (With Switch edge nodes only) ---

const switchPortIndexKey = messageWithValues("validation.switchPortIndex", { max: SWITCH_PORT_INDEX_MAX });
const switchPortBandwidthKey = messageWithValues("validation.switchPortBandwidth", { max: SWITCH_PORT_MAX_GBPS });

const switchPortFields = () => ({
  index: z.coerce.number({ error: switchPortIndexKey }).int(switchPortIndexKey).min(0, switchPortIndexKey).max(SWITCH_PORT_INDEX_MAX, switchPortIndexKey),
  // SPEC §9: in Gbps.
  bandwidthGbps: z.coerce
    .number({ error: switchPortBandwidthKey })
    .int(switchPortBandwidthKey)
    .min(1, switchPortBandwidthKey)
    .max(SWITCH_PORT_MAX_GBPS, switchPortBandwidthKey),
  ...portTenantFields(),
});

// POST /api/v1/config/node/{nodeId}/switch-port
export const switchPortCreateSchema = z.strictObject(switchPortFields());
export type SwitchPortCreate = z.infer<typeof switchPortCreateSchema>;

// PATCH /api/v1/config/node/{nodeId}/switch-port/{switchPortId}
export const switchPortUpdateSchema = switchPortCreateSchema.partial();
export type SwitchPortUpdate = z.infer<typeof switchPortUpdateSchema>;

export const switchPortSchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  index: z.number().int(),
  bandwidthGbps: z.number().int(),
  ...portTenantResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SwitchPort = z.infer<typeof switchPortSchema>;

// GET /api/v1/config/node/{nodeId} — what the node pages show.
export const nodeDetailSchema = nodeSchema.extend({
  interfaces: z.array(interfaceSchema),
  subinterfaces: z.array(subinterfaceSchema),
  ipsecEndpoints: z.array(ipsecEndpointSchema),
  switchPorts: z.array(switchPortSchema),
  links: z.array(linkSchema),
});
export type NodeDetail = z.infer<typeof nodeDetailSchema>;

// --- What the node list, the node layout and the overview show beside the configuration ---

/** A node of the lists: the node, its device's reachability and its health in one word. */
export const nodeListItemSchema = nodeSchema.extend({
  /** Null when no device is assigned. */
  deviceReachable: z.boolean().nullable(),
  health: z.enum(HEALTH_TONES),
});
export type NodeListItem = z.infer<typeof nodeListItemSchema>;

// GET /api/v1/config/node/{nodeId}/status — the node's health and why, and its open alarms.
export const NODE_STATUS_ALARMS_MAX = 10;
export const nodeStatusSchema = z.object({
  nodeId: z.string(),
  health: z.enum(HEALTH_TONES),
  deviceReachable: z.boolean().nullable(),
  portsDown: z.number().int(),
  linksDown: z.number().int(),
  /** Open (not cleared) alarms about the node, its ports, links and device: how many, and the latest few. */
  openAlarmCount: z.number().int(),
  openAlarms: z.array(alarmSchema),
});
export type NodeStatus = z.infer<typeof nodeStatusSchema>;

/** A connector a node serves, with its site, customer and how many paths use it. */
export const servedConnectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  siteName: z.string(),
  organizationName: z.string(),
  pathCount: z.number().int(),
});
export type ServedConnector = z.infer<typeof servedConnectorSchema>;

// GET /api/v1/config/node/{nodeId}/deletion — what deleting the node removes with it (asked before confirming).
export const nodeDeletionSchema = z.object({
  nodeId: z.string(),
  interfaces: z.number().int(),
  subinterfaces: z.number().int(),
  ipsecEndpoints: z.number().int(),
  switchPorts: z.number().int(),
  links: z.array(z.object({ id: z.string(), name: z.string(), farEndNodeName: z.string() })),
  /** The device that goes back to the MSP's spares, unconfigured. */
  deviceSerialNumber: z.string().nullable(),
  /** The customers' connectors the node serves: while there are any, the node cannot be deleted (re-home them first). */
  servedConnectors: z.array(servedConnectorSchema),
});
export type NodeDeletion = z.infer<typeof nodeDeletionSchema>;
