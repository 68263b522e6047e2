import { z } from "zod";
import { HEALTH_TONES, PATH_SLA_STATES, PORT_STATES } from "@/lib/health";

// GET /api/v1/config/path/{pathId}/topology — the route a path takes through its MSP's network, element by element
// from the source site to the destination site, each with its current health (a tone from lib/health.ts).

const tone = z.enum(HEALTH_TONES);

export const TOPOLOGY_ELEMENT_TYPES = ["site", "connector", "edge", "cpe", "core"] as const;
export type TopologyElementType = (typeof TOPOLOGY_ELEMENT_TYPES)[number];

export const topologyElementSchema = z.object({
  /** Unique in the graph: "<type>:<objectId>". */
  id: z.string(),
  type: z.enum(TOPOLOGY_ELEMENT_TYPES),
  objectId: z.string(),
  name: z.string(),
  /** The column of the drawing, 0 (source site) to the destination site's. */
  layer: z.number().int().nonnegative(),
  role: z.enum(["source", "destination", "transit"]),
  tone,
  /** The state behind the tone: a path SLA, link health, port state or device reachability; "inactive" for a site. */
  state: z.string(),
  /** Connectors: physical, ipsec, external, virtual or internet. */
  kind: z.string().nullable(),
  /** Sites, edge, CPE and core nodes. */
  location: z.string().nullable(),
  bandwidthMbps: z.number().nullable(),
  rxBps: z.number().nullable(),
  txBps: z.number().nullable(),
  utilizationPercent: z.number().nullable(),
  /** Physical connectors: the front-panel port they ride on ("<node>/<port>") and its state. */
  port: z.string().nullable(),
});
export type TopologyElement = z.infer<typeof topologyElementSchema>;

export const topologyConnectionSchema = z.object({
  id: z.string(),
  /** attachment: site to its connector; access: connector to the node serving it; link: a link of the MSP. */
  type: z.enum(["attachment", "access", "link"]),
  source: z.string(),
  target: z.string(),
  /** The link's id and name (links only). */
  linkId: z.string().nullable(),
  name: z.string().nullable(),
  linkType: z.enum(["fiber", "internet"]).nullable(),
  tone,
  state: z.string(),
  status: z.enum(PORT_STATES).nullable(),
  latencyMs: z.number().nullable(),
  lossPercent: z.number().nullable(),
  bandwidthMbps: z.number().nullable(),
  rxBps: z.number().nullable(),
  txBps: z.number().nullable(),
  cost: z.number().nullable(),
});
export type TopologyConnection = z.infer<typeof topologyConnectionSchema>;

export const TOPOLOGY_UNREACHABLE = ["sourceUnserved", "destinationUnserved", "noRoute"] as const;
export type TopologyUnreachable = (typeof TOPOLOGY_UNREACHABLE)[number];

export const pathTopologySchema = z.object({
  path: z.object({
    id: z.string(),
    name: z.string(),
    organizationId: z.string(),
    organizationName: z.string(),
    layer: z.enum(["layer2", "layer3"]),
    bandwidthMbps: z.number(),
    sla: z.enum(PATH_SLA_STATES),
    tone,
    latencyMs: z.number().nullable(),
    jitterMs: z.number().nullable(),
    lossPercent: z.number().nullable(),
    measuredAt: z.string().nullable(),
  }),
  /** False when an end has no serving node or no chain of links joins the two: elements hold what is known. */
  reachable: z.boolean(),
  unreachableReason: z.enum(TOPOLOGY_UNREACHABLE).nullable(),
  /** The sum of the route's link costs; null when unreachable. */
  routeCost: z.number().nullable(),
  elements: z.array(topologyElementSchema),
  connections: z.array(topologyConnectionSchema),
  generatedAt: z.string(),
});
export type PathTopology = z.infer<typeof pathTopologySchema>;
