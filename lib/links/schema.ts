import { z } from "zod";
import { bandwidth, mtu, reference, requiredName, vlan } from "@/lib/validation/fields";
import { messageWithValues } from "@/lib/validation/messages";

// SPEC §3/§5: a link joins two nodes of an MSP. A fiber link runs between an interface at each end, an internet
// link between an IPsec endpoint at each end. Each end has a VLAN, auto-assigned when left out.

export const LINK_TYPES = ["fiber", "internet"] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** Auto-assigned VLANs start here (lower ones are kept for hand-made configuration). */
export const VLAN_AUTO_START = 100;
export const LINK_COST_MAX = 65_535;
export const DEFAULT_LINK_COST = 10;
export const DEFAULT_LINK_MTU = 1500;
/** 400G, in Mbps. */
export const LINK_BANDWIDTH_MAX_MBPS = 400_000;

const costKey = messageWithValues("validation.costRange", { max: LINK_COST_MAX });
const TYPE_ERROR = { error: "validation.linkType" };

const optionalId = (invalidKey: string) => z.string({ error: invalidKey }).trim().max(64, invalidKey).nullish();

export const linkFields = () => ({
  name: requiredName(),
  type: z.enum(LINK_TYPES, TYPE_ERROR),
  bandwidth: bandwidth(LINK_BANDWIDTH_MAX_MBPS),
  cost: z.coerce.number({ error: costKey }).int(costKey).min(0, costKey).max(LINK_COST_MAX, costKey).default(DEFAULT_LINK_COST),
  mtu: mtu().default(DEFAULT_LINK_MTU),
  sourceNodeId: reference("validation.sourceNodeRequired"),
  sourceInterfaceId: optionalId("validation.interfaceRequired"),
  sourceIpsecEndpointId: optionalId("validation.ipsecEndpointRequired"),
  /** Left out or null: the lowest free VLAN from 100 on the source node. */
  sourceVlan: vlan().nullish(),
  destinationNodeId: reference("validation.destinationNodeRequired"),
  destinationInterfaceId: optionalId("validation.interfaceRequired"),
  destinationIpsecEndpointId: optionalId("validation.ipsecEndpointRequired"),
  destinationVlan: vlan().nullish(),
});

/** What a link's ends must satisfy, checked by the schema here and against the nodes by the service. */
export interface LinkEnds {
  type: LinkType;
  sourceNodeId: string;
  destinationNodeId: string;
  sourceInterfaceId?: string | null;
  destinationInterfaceId?: string | null;
  sourceIpsecEndpointId?: string | null;
  destinationIpsecEndpointId?: string | null;
}

/**
 * SPEC §5 "Link rows need source and destination node, interface and IPsec endpoint": a fiber link needs an
 * interface at each end, an internet link an IPsec endpoint at each end; the two ends are different nodes.
 */
export function linkRules(link: LinkEnds, ctx: z.RefinementCtx) {
  for (const end of ["source", "destination"] as const) {
    const interfaceId = link[`${end}InterfaceId`];
    const endpointId = link[`${end}IpsecEndpointId`];
    if (link.type === "fiber") {
      if (!interfaceId) ctx.addIssue({ code: "custom", path: [`${end}InterfaceId`], message: "validation.interfaceRequired" });
      if (endpointId) ctx.addIssue({ code: "custom", path: [`${end}IpsecEndpointId`], message: "validation.fiberLinkEnds" });
    } else {
      if (!endpointId) ctx.addIssue({ code: "custom", path: [`${end}IpsecEndpointId`], message: "validation.ipsecEndpointRequired" });
      if (interfaceId) ctx.addIssue({ code: "custom", path: [`${end}InterfaceId`], message: "validation.internetLinkEnds" });
    }
  }
  if (link.sourceNodeId && link.sourceNodeId === link.destinationNodeId) {
    ctx.addIssue({ code: "custom", path: ["destinationNodeId"], message: "validation.linkSameNode" });
  }
}

// POST /api/v1/config/msp/{mspId}/link
export const linkCreateSchema = z.strictObject(linkFields()).superRefine(linkRules);
export type LinkCreate = z.infer<typeof linkCreateSchema>;
export type LinkCreateInput = z.input<typeof linkCreateSchema>;

// PATCH /api/v1/config/link/{linkId} — any subset; the result is checked whole. A VLAN set to null is reassigned.
export const linkUpdateSchema = z
  .strictObject({
    ...linkFields(),
    cost: z.coerce.number({ error: costKey }).int(costKey).min(0, costKey).max(LINK_COST_MAX, costKey),
    mtu: mtu(),
  })
  .partial();
export type LinkUpdate = z.infer<typeof linkUpdateSchema>;

export const linkSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  type: z.enum(LINK_TYPES),
  bandwidth: z.number().int(),
  cost: z.number().int(),
  mtu: z.number().int(),
  sourceNodeId: z.string(),
  sourceNodeName: z.string(),
  sourceInterfaceId: z.string().nullable(),
  sourceIpsecEndpointId: z.string().nullable(),
  sourceVlan: z.number().int(),
  destinationNodeId: z.string(),
  destinationNodeName: z.string(),
  destinationInterfaceId: z.string().nullable(),
  destinationIpsecEndpointId: z.string().nullable(),
  destinationVlan: z.number().int(),
  /** The core fabric whose core nodes the link joins, if both ends are core nodes of one fabric. */
  coreFabricId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Link = z.infer<typeof linkSchema>;

export const linkListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  type: z.enum(LINK_TYPES, TYPE_ERROR).optional(),
  /** Links with this node at either end. */
  nodeId: z.string().trim().max(64).optional(),
});

/** A saved link's fields as a create or edit form holds them (the link dialog and the fabric link editor's rows). */
export function linkCreateFields(link: Link): LinkCreate {
  return {
    name: link.name,
    type: link.type,
    bandwidth: link.bandwidth,
    cost: link.cost,
    mtu: link.mtu,
    sourceNodeId: link.sourceNodeId,
    sourceInterfaceId: link.sourceInterfaceId,
    sourceIpsecEndpointId: link.sourceIpsecEndpointId,
    sourceVlan: link.sourceVlan,
    destinationNodeId: link.destinationNodeId,
    destinationInterfaceId: link.destinationInterfaceId,
    destinationIpsecEndpointId: link.destinationIpsecEndpointId,
    destinationVlan: link.destinationVlan,
  };
}

/** The demo simulator's link-down fault played now (POST /simulator/link/{linkId}/down): how long it lasts, at most. */
export const FAULT_CONTROL_MAX_SECONDS = 600;

export const linkDownRequestSchema = z.strictObject({
  durationSeconds: z.coerce
    .number({ error: "validation.faultDuration" })
    .int("validation.faultDuration")
    .min(1, "validation.faultDuration")
    .max(FAULT_CONTROL_MAX_SECONDS, "validation.faultDuration")
    .default(120),
});
export type LinkDownRequest = z.infer<typeof linkDownRequestSchema>;

export const linkDownResultSchema = z.object({ linkId: z.string(), downUntil: z.string() });
export type LinkDownResult = z.infer<typeof linkDownResultSchema>;
