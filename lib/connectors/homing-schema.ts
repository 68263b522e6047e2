import { z } from "zod";
import { NODE_KINDS } from "@/lib/nodes/schema";
import { CONNECTOR_KINDS } from "./constants";

// A connector's homing: the provider's node serving it (stored, changed only by an explicit re-homing).

export const homingNodeSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(NODE_KINDS) });
export type HomingNode = z.infer<typeof homingNodeSchema>;

// GET /api/v1/config/connector/{connectorId}/homing
export const connectorHomingSchema = z.object({
  connectorId: z.string(),
  /** The node serving it; null when none does. */
  node: homingNodeSchema.nullable(),
  /** The front-panel port a physical connector rides on, as "node/port". */
  port: z.string().nullable(),
  /** The nodes that may serve it (the MSP's edge and CPE nodes, nearest first); empty for a customer. */
  candidates: z.array(homingNodeSchema.extend({ distanceKm: z.number(), current: z.boolean() })),
});
export type ConnectorHoming = z.infer<typeof connectorHomingSchema>;

// GET /api/v1/config/site/{siteId}/homing?kind=… — the node a new connector of that kind would be served by.
export const homingProposalQuerySchema = z.object({ kind: z.enum(CONNECTOR_KINDS) });
export const homingProposalSchema = z.object({
  /** The node the rule proposes (a port's node, the site's CPE, the nearest edge node); null when none would serve it. */
  node: homingNodeSchema.nullable(),
});
export type HomingProposal = z.infer<typeof homingProposalSchema>;

// POST /api/v1/config/connector/{connectorId}/homing — without `apply`, only says what would move.
export const rehomeSchema = z.object({
  nodeId: z.string().min(1).max(64),
  apply: z.boolean().default(false),
});
export type Rehome = z.infer<typeof rehomeSchema>;

export const movedPathSchema = z.object({ id: z.string(), name: z.string(), organizationName: z.string() });

export const rehomingSchema = z.object({
  connectorId: z.string(),
  from: homingNodeSchema.nullable(),
  to: homingNodeSchema,
  port: z.string().nullable(),
  /** The paths over the connector: their route now enters or leaves by the new node. */
  paths: z.array(movedPathSchema),
  applied: z.boolean(),
});
export type Rehoming = z.infer<typeof rehomingSchema>;
