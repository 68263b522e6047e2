import { z } from "zod";
import { sortQueryShape } from "@/lib/pagination-schema";
import { LINK_HEALTH_STATES, LINK_STATUSES, PATH_SLA_STATES } from "@/lib/health";
import { LINK_TYPES } from "@/lib/links/schema";
import { NODE_KINDS } from "@/lib/nodes/schema";

// The MSP's network as its topology page shows it (SPEC §2 "Topology: links table (endpoints, priority, status)"):
// the graph of its nodes and links with their health, the links table, and the blast radius of a link or node —
// the customers' paths whose route crosses it.

/** The graph holds at most this many nodes and links (the scale network has about 2,000 and 5,000). */
export const TOPOLOGY_NODES_MAX = 5_000;
export const TOPOLOGY_LINKS_MAX = 10_000;
/** A blast radius lists at most this many paths, the worst SLA first; its counts cover them all. */
export const BLAST_PATHS_MAX = 200;
export const TOPOLOGY_SEARCH_MAX = 100;

/** A node's device: heard recently (up), silent (down), or no device heard at all (unknown). */
export const NODE_STATES = ["up", "down", "unknown"] as const;
export type NodeState = (typeof NODE_STATES)[number];

const linkHealth = z.enum(LINK_HEALTH_STATES);

export const topologyNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(NODE_KINDS),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  coreFabricId: z.string().nullable(),
  state: z.enum(NODE_STATES),
});
export type TopologyNode = z.infer<typeof topologyNodeSchema>;

export const topologyLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(LINK_TYPES),
  sourceNodeId: z.string(),
  destinationNodeId: z.string(),
  cost: z.number().int(),
  bandwidth: z.number().int(),
  /** The link's operational state as its ends last reported it (null: no recent report). */
  status: z.enum(LINK_STATUSES).nullable(),
  health: linkHealth,
});
export type TopologyLink = z.infer<typeof topologyLinkSchema>;

// GET /api/v1/config/msp/{mspId}/topology
export const topologyGraphSchema = z.object({
  nodes: z.array(topologyNodeSchema),
  links: z.array(topologyLinkSchema),
  /** How many there are; more than the lists hold when `truncated`. */
  nodeCount: z.number().int(),
  linkCount: z.number().int(),
  truncated: z.boolean(),
  generatedAt: z.string(),
});
export type TopologyGraph = z.infer<typeof topologyGraphSchema>;

// GET /api/v1/config/msp/{mspId}/topology/link — the links table's filters.
export const topologyLinkQuerySchema = z.object({
  search: z.string().trim().max(TOPOLOGY_SEARCH_MAX).optional(),
  type: z.enum(LINK_TYPES).optional(),
  health: linkHealth.optional(),
  /** Links with this node at either end. */
  nodeId: z.string().trim().max(64).optional(),
  ...sortQueryShape("topologyLinks"),
});
export type TopologyLinkQuery = z.infer<typeof topologyLinkQuerySchema>;

const linkEnd = z.object({ id: z.string(), name: z.string(), kind: z.enum(NODE_KINDS) });

export const topologyLinkRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(LINK_TYPES),
  source: linkEnd,
  destination: linkEnd,
  /** The routing cost: the lower, the more the routes prefer the link (its priority). */
  cost: z.number().int(),
  bandwidth: z.number().int(),
  coreFabricId: z.string().nullable(),
  status: z.enum(LINK_STATUSES).nullable(),
  health: linkHealth,
  latencyMs: z.number().nullable(),
  lossPercent: z.number().nullable(),
  reportedAt: z.string().nullable(),
});
export type TopologyLinkRow = z.infer<typeof topologyLinkRowSchema>;

export const BLAST_TARGETS = ["link", "node"] as const;
export type BlastTarget = (typeof BLAST_TARGETS)[number];

// GET /api/v1/config/link/{linkId}/blast-radius and /config/node/{nodeId}/blast-radius
export const blastRadiusSchema = z.object({
  target: z.object({ type: z.enum(BLAST_TARGETS), id: z.string(), name: z.string() }),
  /** Every customer with a path over the target, the worst SLA first. */
  customers: z.array(
    z.object({
      organizationId: z.string(),
      name: z.string(),
      pathCount: z.number().int(),
      worstSla: z.enum(PATH_SLA_STATES),
    }),
  ),
  /** The paths over the target, the worst SLA first, at most BLAST_PATHS_MAX. */
  paths: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      organizationId: z.string(),
      organizationName: z.string(),
      sla: z.enum(PATH_SLA_STATES),
      sourceSiteName: z.string(),
      destinationSiteName: z.string(),
    }),
  ),
  pathCount: z.number().int(),
  generatedAt: z.string(),
});
export type BlastRadius = z.infer<typeof blastRadiusSchema>;
