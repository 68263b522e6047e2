import { z } from "zod";
import { CONNECTOR_KINDS } from "@/lib/connectors/constants";
import { ALARM_SEVERITIES, ALARM_TYPES } from "@/lib/alarms/schema";
import { LINK_HEALTH_STATES, LINK_STATUSES, PATH_SLA_STATES, PORT_STATES, PROBE_LEVELS } from "@/lib/health";
import { PATH_LAYERS, VLAN_TYPES } from "@/lib/paths/schema";
import { INVITATION_STATUSES } from "@/lib/people/schema";
import { ROLE_LEVELS } from "@/lib/auth/scopes";
import { ORGANIZATION_TYPES, type OrganizationType } from "@/lib/constants";
import { DEVICE_STATUSES } from "@/lib/inventory/schema";
import { LIFECYCLE_OPERATIONS, LIFECYCLE_STATUSES } from "@/lib/lifecycle/schema";
import { SITE_TYPES } from "@/lib/sites/schema";
import { consoleRoutePath } from "@/lib/validation/fields";

// The assistant's tools over live data and its knowledge of the product (issue 16, scopes 2 to 4): what they take and
// what they answer. Every tool that names
// an object answers "not-visible" when the caller sees nothing by that name (never whether it exists elsewhere) and
// "ambiguous" with the candidates when several match.

const NAME_MAX = 200;
const links = z.array(z.object({ label: z.string().min(1).max(200), path: consoleRoutePath() }));
const name = (what: string) => z.string().trim().min(1).max(NAME_MAX).describe(what);
const optionalName = (what: string) => z.string().trim().max(NAME_MAX).optional().describe(what);
const instant = (what: string) => z.iso.datetime({ offset: true }).optional().describe(what);

const SLA_METRICS = ["latencyMs", "jitterMs", "lossPercent"] as const;
export const PATH_STATISTICS = ["average", "p95", "max", "min"] as const;
export const PATH_HEALTH_FILTERS = ["unhealthy", "bad", "warning", "healthy", "unknown", "all"] as const;
/** How a list is ranked (issue 40, scope 3): by SLA state (worst first), or by a figure, highest first unless `order` is asc. */
export const PATH_SORTS = ["health", "latency", "jitter", "loss", "bandwidth"] as const;
export type PathSort = (typeof PATH_SORTS)[number];
/** What a count of paths is grouped by (issue 40, scope 3: aggregates). */
export const PATH_GROUPS = ["state", "layer"] as const;
const ORDERS = ["desc", "asc"] as const;
const order = z.enum(ORDERS).optional().describe("desc: highest first (default); asc: lowest first");
const limit = z.number().int().min(1).max(20).optional().describe("At most this many items (top N)");

/** A name that matched nothing the caller sees, or several things. */
const unresolved = z.discriminatedUnion("status", [
  z.object({ status: z.literal("not-visible"), query: z.string(), links }),
  z.object({ status: z.literal("ambiguous"), query: z.string(), candidates: z.array(z.object({ id: z.string(), name: z.string(), detail: z.string().nullable() })), links }),
]);
export type Unresolved = z.infer<typeof unresolved>;
const found = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.literal("found"), ...shape, links });
const resolved = <T extends z.ZodRawShape>(shape: T) => z.union([found(shape), unresolved]);

const breach = z.object({ metric: z.enum(SLA_METRICS), value: z.number(), level: z.enum(["warning", "bad"]), threshold: z.number() });

// --- listPaths ---
export const listPathsInputSchema = z.object({
  health: z.enum(PATH_HEALTH_FILTERS).optional().describe("Which paths by SLA: unhealthy (warning or bad), one state, or all (default all)"),
  query: optionalName("Part of a path or site name to filter by"),
  sort: z.enum(PATH_SORTS).optional().describe("Rank by SLA state (default), latency, jitter, loss or bandwidth"),
  order,
  limit,
  layer: z.enum(PATH_LAYERS).optional().describe("Only Layer 2 or only Layer 3 paths (those list their prefixes)"),
  groupBy: z.enum(PATH_GROUPS).optional().describe("Count the paths of each SLA state or of each layer (with their bandwidth)"),
  total: z.enum(["bandwidth"]).optional().describe("Sum the bandwidth of every path the filter keeps"),
  minBandwidthMbps: z.number().int().min(0).max(1_000_000).optional().describe("Only the paths of at least this bandwidth ('paths over 500 Mbps')"),
  maxBandwidthMbps: z.number().int().min(0).max(1_000_000).optional().describe("Only the paths of at most this bandwidth ('paths under 100 Mbps')"),
});
export const listPathsOutputSchema = z.object({
  organizationName: z.string(),
  health: z.enum(PATH_HEALTH_FILTERS),
  /** The part of a name the list was filtered by (not an organization's name), when asked. */
  query: z.string().nullable().default(null),
  /** The bandwidth bounds the list keeps, when asked. */
  minBandwidthMbps: z.number().nullable().default(null),
  maxBandwidthMbps: z.number().nullable().default(null),
  sort: z.enum(PATH_SORTS).default("health"),
  order: z.enum(ORDERS).default("desc"),
  /** Every path the caller sees in the chat's organization, and how many match the filter. */
  scanned: z.number().int(),
  total: z.number().int(),
  layer: z.enum(PATH_LAYERS).nullable().default(null),
  /** The paths counted by group, when asked (every state or layer, zero counts included). */
  groupBy: z.enum(PATH_GROUPS).nullable().default(null),
  groups: z.array(z.object({ key: z.string(), count: z.number().int(), bandwidthMbps: z.number() })).default([]),
  /** The bandwidth of every path the filter keeps, summed, when asked. */
  totalBandwidthMbps: z.number().nullable().default(null),
  paths: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sourceSiteName: z.string(),
      destinationSiteName: z.string(),
      sla: z.enum(PATH_SLA_STATES),
      breaches: z.array(breach),
      /** The path's bandwidth (Mbps) and its last SLA evaluation's figures (null before any). */
      bandwidthMbps: z.number().nullable().default(null),
      latencyMs: z.number().nullable().default(null),
      jitterMs: z.number().nullable().default(null),
      lossPercent: z.number().nullable().default(null),
      /** A Layer 3 path's prefixes. */
      prefixes: z.array(z.string()).default([]),
    }),
  ),
  links,
});

// --- pathStatistics ---
export const pathStatisticsInputSchema = z.object({
  path: name("A path name or id, or its two site names as 'A to B'"),
  metric: z.enum(SLA_METRICS).optional().describe("latencyMs, jitterMs or lossPercent (default latencyMs)"),
  from: instant("Start of the range (ISO 8601); default 24 hours ago"),
  to: instant("End of the range (ISO 8601); default now"),
});
export const pathStatisticsOutputSchema = resolved({
  path: z.object({ id: z.string(), name: z.string(), sla: z.enum(PATH_SLA_STATES) }),
  metric: z.enum(SLA_METRICS),
  from: z.string(),
  to: z.string(),
  /** Points of the series over the range (raw samples or hourly rollups) and its step in seconds. */
  points: z.number().int(),
  step: z.number().int(),
  average: z.number().nullable(),
  p95: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});

// --- nodeStatus ---
export const nodeStatusInputSchema = z.object({
  node: name("A node name or id, or the serial number of its device"),
  sites: z.boolean().optional().describe("Also the customer sites connected through the node's ports (and their customers)"),
});
export const nodeStatusOutputSchema = resolved({
  node: z.object({ id: z.string(), name: z.string(), kind: z.string() }),
  device: z
    .object({
      serialNumber: z.string(),
      model: z.string(),
      softwareVersion: z.string(),
      reachable: z.boolean(),
      lastSeenAt: z.string().nullable(),
      uptimeSeconds: z.number().nullable(),
      /** The device's last reported load (%), as its monitor page shows it. */
      cpuPercent: z.number().nullable().default(null),
      memoryPercent: z.number().nullable().default(null),
    })
    .nullable(),
  ports: z.array(z.object({ portId: z.string(), status: z.enum(PORT_STATES).nullable() })),
  /** The sites the node serves (asked with `sites`): the first by name, and how many sites and customers in all. */
  connectedSites: z
    .object({
      total: z.number().int(),
      customers: z.number().int(),
      sites: z.array(z.object({ name: z.string(), organizationName: z.string(), ports: z.array(z.string()), sla: z.enum(PATH_SLA_STATES) })),
    })
    .nullable()
    .default(null),
});

// --- pathDetail: a path's configuration ---
export const pathDetailInputSchema = z.object({ path: name("A path name or id, or its two site names as 'A to B'") });
export const pathDetailOutputSchema = resolved({
  path: z.object({
    id: z.string(),
    name: z.string(),
    layer: z.enum(PATH_LAYERS),
    sourceSiteName: z.string(),
    sourceConnectorName: z.string(),
    destinationSiteName: z.string(),
    destinationConnectorName: z.string(),
    bandwidthMbps: z.number(),
    vlanType: z.enum(VLAN_TYPES),
    /** The VLAN of a Specific path; null for All. */
    vlanId: z.number().int().nullable(),
    /** Layer 3 prefixes (CIDR); empty for Layer 2. */
    prefixes: z.array(z.string()),
    sla: z.enum(PATH_SLA_STATES),
  }),
});

// --- fabricStatus: a core fabric's nodes and links and their health ---
export const fabricStatusInputSchema = z.object({
  fabric: optionalName("A core fabric's name or id; omit it when the organization has one"),
  external: z.boolean().optional().describe("The external fabrics (Equinix Fabric…) configured instead, each with its type"),
});
/** The external fabrics an MSP configured (issue 40): their names and types, how many in all. */
const externalFabricsOutput = z.object({
  status: z.literal("external"),
  total: z.number().int(),
  externalFabrics: z.array(z.object({ name: z.string(), type: z.string(), organizationName: z.string(), createdAt: z.string() })),
  links,
});
const coreFabricOutput = resolved({
  /** The worst health of its links (unknown when none reported). */
  fabric: z.object({ id: z.string(), name: z.string(), health: z.enum(LINK_HEALTH_STATES) }),
  nodes: z.array(z.object({ name: z.string(), serialNumber: z.string().nullable(), reachable: z.boolean().nullable() })),
  /** Its core links, the first by name, with their latest state; `linkCount` counts them all. */
  fabricLinks: z.array(
    z.object({
      name: z.string(),
      sourceNodeName: z.string(),
      destinationNodeName: z.string(),
      status: z.enum(LINK_STATUSES).nullable(),
      health: z.enum(LINK_HEALTH_STATES),
      latencyMs: z.number().nullable(),
      lossPercent: z.number().nullable(),
    }),
  ),
  linkCount: z.number().int(),
  /** SPEC §5's full mesh: the pairs of core nodes no link joins. */
  mesh: z.object({ complete: z.boolean(), missingPairs: z.array(z.object({ a: z.string(), b: z.string() })) }),
});
export const fabricStatusOutputSchema = z.union([...coreFabricOutput.options, externalFabricsOutput]);

// --- listInvitations: the organization's invitations, as its Invitations tab lists them ---
export const listInvitationsInputSchema = z.object({ status: z.enum(INVITATION_STATUSES).optional().describe("Only the pending, accepted or expired ones (default: all)") });
export const listInvitationsOutputSchema = z.object({
  organizationName: z.string(),
  status: z.enum(INVITATION_STATUSES).nullable(),
  total: z.number().int(),
  invitations: z.array(z.object({ email: z.string(), role: z.enum(ROLE_LEVELS), status: z.enum(INVITATION_STATUSES), invitedBy: z.string().nullable(), expiresAt: z.string() })),
  links,
});

// --- blastRadius: who is hit if a node fails (the topology's blast radius) ---
export const blastRadiusInputSchema = z.object({ node: name("A node name or id, or the serial number of its device") });
export const blastRadiusOutputSchema = resolved({
  node: z.object({ name: z.string(), kind: z.string() }),
  /** Every customer with a path over the node, the worst SLA first, and how many paths in all. */
  customers: z.array(z.object({ name: z.string(), pathCount: z.number().int(), worstSla: z.enum(PATH_SLA_STATES) })),
  paths: z.array(z.object({ name: z.string(), organizationName: z.string(), sla: z.enum(PATH_SLA_STATES) })),
  pathCount: z.number().int(),
});

// --- listUsers: who has access to the organization's console, with their roles (the Users tab) ---
export const listUsersInputSchema = z.object({ role: z.enum(ROLE_LEVELS).optional().describe("Only the users of this role (default: all)") });
export const listUsersOutputSchema = z.object({
  organizationName: z.string(),
  role: z.enum(ROLE_LEVELS).nullable(),
  total: z.number().int(),
  /** How many of all the organization's users hold each role. */
  byRole: z.record(z.string(), z.number().int()),
  users: z.array(z.object({ name: z.string(), email: z.string(), role: z.enum(ROLE_LEVELS), lastSignInAt: z.string().nullable() })),
  links,
});

// --- deviceStatus (inventory and reachability by serial) ---
export const DEVICE_GROUPS = ["status", "version", "model"] as const;
export const inventoryInputSchema = z.object({
  serial: optionalName("A device serial number"),
  status: z.enum(DEVICE_STATUSES).optional().describe("unclaimed, unassigned (claimed, on no node) or assigned"),
  silent: z.boolean().optional().describe("Only the devices that stopped reporting"),
  byStatus: z.boolean().optional().describe("Count the devices of each status (unclaimed, unassigned, assigned)"),
  groupBy: z.enum(DEVICE_GROUPS).optional().describe("Count the devices of each status, software version or model"),
});
export const inventoryOutputSchema = z.object({
  query: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES).nullable(),
  silent: z.boolean(),
  total: z.number().int(),
  /** How many devices of each status the caller sees, when asked. */
  byStatus: z.record(z.enum(DEVICE_STATUSES), z.number().int()).nullable().default(null),
  /** How many devices run each version or are of each model, most first, when asked. */
  groupBy: z.enum(DEVICE_GROUPS).nullable().default(null),
  groups: z.array(z.object({ key: z.string(), count: z.number().int() })).default([]),
  devices: z.array(
    z.object({
      serialNumber: z.string(),
      model: z.string(),
      softwareVersion: z.string(),
      status: z.enum(DEVICE_STATUSES),
      nodeName: z.string().nullable(),
      mspName: z.string().nullable(),
      reachable: z.boolean().nullable(),
      lastSeenAt: z.string().nullable(),
    }),
  ),
  links,
});

// --- lifecycleOperations ---
export const lifecycleInputSchema = z.object({
  tab: z.enum(["scheduled", "running", "finished"]).optional().describe("Scheduled, running or finished operations (default: all three)"),
  status: z.enum(LIFECYCLE_STATUSES).optional(),
  device: optionalName("A device serial number or node name"),
});
export const lifecycleOutputSchema = z.object({
  device: z.string().nullable(),
  total: z.number().int(),
  operations: z.array(
    z.object({
      serialNumber: z.string(),
      nodeName: z.string().nullable(),
      operation: z.enum(LIFECYCLE_OPERATIONS),
      version: z.string().nullable(),
      status: z.enum(LIFECYCLE_STATUSES),
      scheduledAt: z.string(),
      startedAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
      progress: z.number(),
      summary: z.string().nullable(),
      createdBy: z.string().nullable(),
    }),
  ),
  links,
});

// --- connectorUsage ---
export const connectorUsageInputSchema = z.object({
  connector: name("A connector name or id"),
  bandwidthMbps: z.number().positive().max(1_000_000).optional().describe("A new path's bandwidth in Mbps, to check whether it fits"),
});
export const connectorUsageOutputSchema = resolved({
  connector: z.object({ id: z.string(), name: z.string(), siteName: z.string(), bandwidthMbps: z.number() }),
  /** Mbps the paths over the connector take, and what is left. */
  usedMbps: z.number(),
  freeMbps: z.number(),
  paths: z.array(z.object({ name: z.string(), bandwidthMbps: z.number() })),
  /** Traffic over the last hour: averages in Mbps, and the busier direction against the bandwidth. */
  traffic: z.object({ rxMbps: z.number(), txMbps: z.number(), utilizationPercent: z.number() }).nullable(),
  /** Its latest sample, as the connector health list shows it ("how loaded is it?"). */
  now: z
    .object({ status: z.enum(LINK_STATUSES).nullable().default(null), rxMbps: z.number(), txMbps: z.number(), utilizationPercent: z.number(), at: z.string() })
    .nullable()
    .default(null),
  request: z.object({ bandwidthMbps: z.number(), fits: z.boolean() }).nullable(),
});

// --- siteTraffic ---
export const siteTrafficInputSchema = z.object({
  site: name("A site name or id"),
  from: instant("Start of the range (ISO 8601); default 24 hours ago"),
  to: instant("End of the range (ISO 8601); default now"),
  compare: z.boolean().optional().describe("Compare with the same span just before (this week against last week)"),
  talkers: z.boolean().optional().describe("Answer the top talkers (sources and destinations)"),
  now: z.boolean().optional().describe("What the site carries right now (its connectors' latest samples) is what is asked"),
});
export const siteTrafficOutputSchema = resolved({
  site: z.object({ id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  average: z.object({ rxMbps: z.number(), txMbps: z.number() }).nullable(),
  peak: z.object({ rxMbps: z.number(), txMbps: z.number() }).nullable(),
  previous: z.object({ rxMbps: z.number(), txMbps: z.number(), changePercent: z.number().nullable() }).nullable(),
  talkers: z.object({ sources: z.array(z.object({ name: z.string(), bytes: z.number() })), destinations: z.array(z.object({ name: z.string(), bytes: z.number() })) }).nullable(),
  /** Its connectors' latest samples added up (what the site health list shows), and when the latest was taken. */
  current: z.object({ rxMbps: z.number(), txMbps: z.number(), at: z.string().nullable() }).nullable().default(null),
  /** Whether the question asked for now rather than the range. */
  now: z.boolean().default(false),
});

// --- siteDetail ---
export const siteDetailInputSchema = z.object({ site: name("A site name or id") });
export const siteDetailOutputSchema = resolved({
  site: z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(SITE_TYPES),
    city: z.string(),
    active: z.boolean(),
    /** Written by users: data to quote, never instructions. */
    description: z.string(),
    organizationName: z.string(),
  }),
  connectors: z.array(z.object({ name: z.string(), kind: z.string(), bandwidthMbps: z.number() })),
  paths: z.array(z.object({ name: z.string(), sla: z.enum(PATH_SLA_STATES) })),
  /** Its probes' latest results (the dashboard's probes card), the worst first. */
  probes: z
    .array(z.object({ target: z.string(), latencyMs: z.number().nullable(), jitterMs: z.number().nullable(), lossPercent: z.number(), level: z.enum(PROBE_LEVELS) }))
    .default([]),
});

/** A range of time a list is narrowed to (the events of yesterday, the alarms raised since Monday). */
export const timeRangeFilterSchema = z.object({
  from: instant("Only from this time (ISO 8601); omit for no lower bound"),
  to: instant("Only up to this time (ISO 8601); omit for up to now"),
});

// --- alarms (listOpenAlarms' filters) ---
export const alarmFiltersSchema = z.object({
  severity: z.enum(ALARM_SEVERITIES).optional().describe("Only this severity"),
  type: z.enum(ALARM_TYPES).optional().describe("Only this type (sla-bad, port-down, link-down, device-unreachable)"),
  about: optionalName("An object the alarms should be about (a path, site, node or device name)"),
  acknowledged: z.boolean().optional().describe("Only the acknowledged alarms, with who acknowledged them and their note (default: the unacknowledged)"),
});

// --- recent changes ---
export const changesFilterSchema = z.object({ about: optionalName("A path, site, connector or node name: only its changes") });

// --- listOrganizations ---
export const ORGANIZATION_SORTS = ["name", "sites", "paths"] as const;
export const listOrganizationsInputSchema = z.object({
  sort: z.enum(ORGANIZATION_SORTS).optional().describe("By name (default), or the most sites or paths first"),
  limit,
  type: z.enum(["msp", "customer"]).optional().describe("Only the MSPs (each with how many customers it has) or only the customer organizations"),
});
export const listOrganizationsOutputSchema = z.object({
  sort: z.enum(ORGANIZATION_SORTS).default("name"),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      organizationType: z.string(),
      /** The sites and paths of the organization itself (a customer's own; none for an MSP or the operator). */
      sites: z.number().int().nullable().default(null),
      paths: z.number().int().nullable().default(null),
      /** An MSP's customer organizations the caller sees. */
      customers: z.number().int().nullable().default(null),
    }),
  ),
  /** The caller sees every organization (the operator): nothing is left unsaid. */
  seesAll: z.boolean().default(false),
  links,
});

// --- listConnectors: the connectors ranked by their load ---
export const CONNECTOR_SORTS = ["utilization", "allocated", "bandwidth"] as const;
export const listConnectorsInputSchema = z.object({
  sort: z.enum(CONNECTOR_SORTS).optional().describe("utilization: current traffic against bandwidth (default); allocated: Mbps its paths reserve; bandwidth"),
  order,
  limit,
});
export const listConnectorsOutputSchema = z.object({
  organizationName: z.string(),
  sort: z.enum(CONNECTOR_SORTS),
  order: z.enum(ORDERS),
  total: z.number().int(),
  connectors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      siteName: z.string(),
      organizationName: z.string(),
      bandwidthMbps: z.number(),
      /** Now: the busier direction against the bandwidth (%), null before any report. */
      utilizationPercent: z.number().nullable(),
      rxMbps: z.number().nullable(),
      txMbps: z.number().nullable(),
      /** Mbps its paths reserve (lib/paths/headroom.ts), and what is left. */
      allocatedMbps: z.number(),
      freeMbps: z.number(),
      paths: z.number().int(),
    }),
  ),
  links,
});

// --- listNodes: an MSP's nodes by kind, with their device's reachability ---
export const NODE_KINDS = ["edge", "cpe", "core"] as const;
export const listNodesInputSchema = z.object({
  kind: z.enum(NODE_KINDS).optional().describe("Only edge, CPE or core nodes"),
  unreachable: z.boolean().optional().describe("Only the nodes whose device is unreachable"),
  groupBy: z.enum(["kind"]).optional().describe("Count the nodes of every kind (edge, CPE, core)"),
});
export const listNodesOutputSchema = z.object({
  kind: z.enum(NODE_KINDS).nullable(),
  unreachableOnly: z.boolean(),
  /** How many nodes match, how many of those have a device that is unreachable, and how many have no device. */
  total: z.number().int(),
  unreachable: z.number().int(),
  withoutDevice: z.number().int(),
  /** The nodes counted by kind, every kind, when asked. */
  groups: z.array(z.object({ key: z.enum(NODE_KINDS), count: z.number().int(), unreachable: z.number().int() })).default([]),
  /** Reachable null: no device on the node. */
  nodes: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(NODE_KINDS), reachable: z.boolean().nullable() })),
  links,
});

// --- listLinks: the links between an MSP's nodes with their state ---
export const LINK_HEALTH_FILTERS = ["unhealthy", "all"] as const;
export const listLinksInputSchema = z.object({
  health: z.enum(LINK_HEALTH_FILTERS).optional().describe("unhealthy: the links down, unhealthy or in warning; all (default)"),
  link: optionalName("One link's name (or part of it, or of its end nodes' names): only that link"),
  core: z.boolean().optional().describe("Only the core fabric's links, between two core nodes (the backbone)"),
  sort: z.enum(["health", "latency", "loss"]).optional().describe("The least healthy first (default), or the highest latency or loss first"),
});
export const listLinksOutputSchema = z.object({
  health: z.enum(LINK_HEALTH_FILTERS),
  core: z.boolean().default(false),
  sort: z.enum(["health", "latency", "loss"]).default("health"),
  /** Every link the caller sees, how many match, and how many of all are in each state. */
  scanned: z.number().int(),
  total: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  items: z.array(
    z.object({
      name: z.string(),
      sourceNodeName: z.string(),
      destinationNodeName: z.string(),
      status: z.enum(["up", "down"]).nullable(),
      health: z.string(),
      latencyMs: z.number().nullable(),
      lossPercent: z.number().nullable(),
    }),
  ),
  links,
});

// --- explainRules: the product's rules and constants, read from the modules the validation uses ---
export const RULE_TOPICS = ["vlan", "mtu", "name", "claimCode", "slaThresholds", "probeLevels", "unknownSla", "layers", "bandwidth", "interfaceTypes"] as const;
export type RuleTopic = (typeof RULE_TOPICS)[number];
export const explainRulesInputSchema = z.object({ topic: z.enum(RULE_TOPICS).describe("Which rule: VLAN, MTU, name length, claim code, SLA thresholds, probe levels, unknown SLA, layer 2 vs 3, bandwidth, a node interface's types") });
export const explainRulesOutputSchema = z.object({
  topic: z.enum(RULE_TOPICS),
  /** The figures of the rule, from lib/constants.ts, lib/health.ts and the schemas. */
  values: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string())])),
  links,
});

// --- guideTask: how-to answers for the console's tasks ---
export const GUIDE_TASKS = [
  "invite",
  "claim",
  "schedule",
  "acknowledge",
  "connector",
  "coreFabric",
  "externalFabric",
  "edgeNode",
  "cpeNode",
  "link",
  "subinterface",
  "assignDevice",
  "unacknowledge",
  "customer",
  "msp",
  "roles",
] as const;
export type GuideTask = (typeof GUIDE_TASKS)[number];
export const guideTaskInputSchema = z.object({
  task: z.enum(GUIDE_TASKS).describe(
    "invite a user, claim a device, schedule a lifecycle job, acknowledge alarms, add a connector, set up a core fabric, an external fabric, an edge or CPE node, a link, a subinterface, assign a device to a node, unacknowledge alarms, add a customer organization or an MSP, or what each role may do",
  ),
  connectorKind: z.enum(CONNECTOR_KINDS).optional().describe("For a connector: the kind asked about (physical fiber, ipsec, external, virtual, internet), whose form fields the answer lists"),
  role: z.enum(ROLE_LEVELS).optional().describe("The role asked about ('can a read-only user acknowledge alarms?'), when it is not the user's own"),
  may: z.boolean().optional().describe("True when the question is whether the user, or the role named, may do it: the answer says yes or no first"),
  define: z.boolean().optional().describe("True when the question asks what the thing is or is for ('what's a CPE?'): the answer says so first"),
});
export const guideTaskOutputSchema = z.object({
  task: z.enum(GUIDE_TASKS),
  /** What the thing is, when the question asks (define), for the things that are objects of the console. */
  about: z.string().nullable().default(null),
  /** Whether the caller's role may do it (or the role asked about, when one is). */
  allowed: z.boolean(),
  /** The role asked about, null for the caller's own; whether the question asks if it may; the roles that may. */
  role: z.enum(ROLE_LEVELS).nullable().default(null),
  may: z.boolean().default(false),
  allowedRoles: z.array(z.enum(ROLE_LEVELS)).default([]),
  /** The caller's own role. */
  askerRole: z.enum(ROLE_LEVELS).nullable().default(null),
  steps: z.array(z.string()),
  /** The operator's way of a task ("stock": devices put in stock for MSPs to claim), null for the MSPs' own. */
  variant: z.enum(["stock"]).nullable().default(null),
  links,
});

// --- guideScreen: what a console screen (SPEC §2) shows and what one does there, and whether the caller may open it ---
export const GUIDE_SCREENS = [
  "dashboard",
  "paths",
  "pathDetail",
  "pathTopology",
  "sites",
  "siteConfiguration",
  "alarms",
  "events",
  "users",
  "userSettings",
  "organizationSettings",
  "inventory",
  "lifecycle",
  "coreFabrics",
  "externalFabrics",
  "edgeNodes",
  "cpeNodes",
  "coreNodes",
  "nodeMonitor",
  "nodeLink",
  "nodeConfiguration",
  "switchPorts",
  "topology",
  "customers",
  "msps",
  "apiDocs",
  "chat",
  "organizationSelector",
  "support",
  "documentation",
  "apiTokens",
  "webhooks",
  "audit",
  "csv",
  "metrics",
] as const;
export type GuideScreen = (typeof GUIDE_SCREENS)[number];
export const guideScreenInputSchema = z.object({
  screen: z.enum(GUIDE_SCREENS).describe(
    "The console screen asked about: dashboard (bandwidth, backcast comparison, top talkers), paths list, a path's page, its topology, sites, a site's configuration and paths, alarms, events, users and invitations, user settings (name, language), organization settings, inventory, lifecycle, core fabrics, external fabrics, edge, CPE or core node pages, a node's monitor (front panel, RX/TX, uptime, version), link or configuration page, switch ports, topology, customers, MSPs, API docs, chat, the organization selector, the support ticket dialog, the documentation link, personal API tokens, webhooks, the audit log, CSV export and import of the lists, the server's Prometheus metrics",
  ),
  nodeKind: z.enum(NODE_KINDS).optional().describe("For a node's monitor, link or configuration page: edge, CPE or core"),
});
export const guideScreenOutputSchema = z.object({
  screen: z.enum(GUIDE_SCREENS),
  nodeKind: z.enum(NODE_KINDS).nullable(),
  /** The screen's name, what it shows and what one does there, in the reader's language. */
  title: z.string(),
  shows: z.string(),
  does: z.string(),
  /** Where it is when it is no page of its own (a dialog, the header). */
  where: z.string().nullable(),
  /** Whether the caller's organization type and role may open it (SPEC §6), and make its changes. */
  allowed: z.boolean(),
  canChange: z.boolean(),
  /** Who has it when the caller may not: the organization types whose users open it, the roles of the caller's type that may. */
  forTypes: z.array(z.enum(ORGANIZATION_TYPES)),
  openRoles: z.array(z.enum(ROLE_LEVELS)),
  changeRoles: z.array(z.enum(ROLE_LEVELS)),
  links,
});

// --- gettingStarted: where the caller's organization stands on the way to a working network, and the next step ---
/** The steps of getting started, by organization type (a customer's, an MSP's, the operator's), in their order. */
export const GETTING_STARTED_STEPS = {
  customer: ["sites", "connectors", "paths", "colleagues", "monitor"],
  msp: ["claim", "nodes", "assign", "fabric", "customers", "customerSites", "colleagues", "monitor"],
  maia: ["msps", "coreInventory", "colleagues", "monitor"],
} as const satisfies Record<OrganizationType, readonly string[]>;
export const GETTING_STARTED_STEP_NAMES = [...new Set(Object.values(GETTING_STARTED_STEPS).flat())] as [GettingStartedStep, ...GettingStartedStep[]];
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[OrganizationType][number];
export const gettingStartedInputSchema = z.object({});
export const gettingStartedOutputSchema = z.object({
  organizationName: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES),
  role: z.enum(ROLE_LEVELS),
  steps: z.array(
    z.object({
      step: z.enum(GETTING_STARTED_STEP_NAMES),
      /** Whether the step is behind the organization (the monitoring step never is: it goes on). */
      done: z.boolean(),
      /** How many of the step's objects there are ("you have 4 sites"). */
      count: z.number().int().min(0),
      /** What is still to do in this step, by name (the sites without a connector), and how many in all. */
      pending: z.array(z.string()),
      pendingTotal: z.number().int().min(0),
      /** Whether the caller's role may take the step. */
      allowed: z.boolean(),
    }),
  ),
  /** Where the steps are taken, those still to do first. */
  links,
  /** The first step not done that the caller may take, or null when every one is done. */
  next: z.enum(GETTING_STARTED_STEP_NAMES).nullable(),
});
