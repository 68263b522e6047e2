import { z } from "zod";
import { messageWithValues } from "@/lib/validation/messages";
import { bandwidth, prefixList, reference, requiredName, vlan } from "@/lib/validation/fields";

export const PATH_LAYERS = ["layer2", "layer3"] as const;
export const VLAN_TYPES = ["all", "specific"] as const;
export const SLA_HEALTH = ["healthy", "warning", "bad", "unknown"] as const;
export type SlaHealth = (typeof SLA_HEALTH)[number];

/**
 * SPEC §5: a path's bandwidth lies between 1 and the maximum — the smaller of its two connectors' bandwidths;
 * when that maximum is 1 the message says it must be 1. Null when the bandwidth is acceptable.
 */
export function pathBandwidthIssue(bandwidthMbps: number, sourceConnectorMbps: number, destinationConnectorMbps: number): string | null {
  const max = Math.min(sourceConnectorMbps, destinationConnectorMbps);
  if (Number.isInteger(bandwidthMbps) && bandwidthMbps >= 1 && bandwidthMbps <= max) return null;
  return max <= 1 ? "validation.pathBandwidthOne" : messageWithValues("validation.pathBandwidthRange", { max });
}

// The fields of a path as a person enters them (POST /api/v1/config/organization/{id}/path).
export const pathFieldsSchema = z.strictObject({
  name: requiredName(),
  layer: z.enum(PATH_LAYERS, { error: "validation.layerRequired" }),
  sourceSiteId: reference("validation.sourceSiteRequired"),
  sourceConnectorId: reference("validation.sourceConnectorRequired"),
  destinationSiteId: reference("validation.destinationSiteRequired"),
  destinationConnectorId: reference("validation.destinationConnectorRequired"),
  bandwidth: bandwidth(),
  // All: the path carries every VLAN, so both connectors are its alone. Specific: one VLAN.
  vlanType: z.enum(VLAN_TYPES, { error: "validation.vlanTypeRequired" }).default("specific"),
  vlanId: vlan().nullish(),
  prefix: prefixList().optional(),
});

type PathFields = z.infer<typeof pathFieldsSchema>;

/** The rules between fields: Layer 3 needs a prefix, Layer 2 has none; a Specific path names its VLAN. */
function pathRules(path: PathFields, ctx: z.RefinementCtx) {
  if (path.layer === "layer3" && (!path.prefix || path.prefix.length === 0)) {
    ctx.addIssue({ code: "custom", path: ["prefix"], message: "validation.prefixRequired" });
  }
  if (path.layer === "layer2" && path.prefix && path.prefix.length > 0) {
    ctx.addIssue({ code: "custom", path: ["prefix"], message: "validation.prefixLayer2" });
  }
  if (path.vlanType === "specific" && (path.vlanId === undefined || path.vlanId === null)) {
    ctx.addIssue({ code: "custom", path: ["vlanId"], message: "validation.vlanRange" });
  }
  if (path.sourceConnectorId && path.sourceConnectorId === path.destinationConnectorId) {
    ctx.addIssue({ code: "custom", path: ["destinationConnectorId"], message: "validation.pathSameConnector" });
  }
}

export const pathCreateSchema = pathFieldsSchema.superRefine(pathRules);
export type PathCreate = z.infer<typeof pathCreateSchema>;
export type PathCreateInput = z.input<typeof pathCreateSchema>;

// PATCH /api/v1/config/path/{id}: any subset; the result must still be a valid path.
export const pathUpdateSchema = pathFieldsSchema.partial();
export type PathUpdate = z.infer<typeof pathUpdateSchema>;

export const pathSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  layer: z.enum(PATH_LAYERS),
  sourceSiteId: z.string(),
  sourceSiteName: z.string(),
  sourceConnectorId: z.string(),
  sourceConnectorName: z.string(),
  destinationSiteId: z.string(),
  destinationSiteName: z.string(),
  destinationConnectorId: z.string(),
  destinationConnectorName: z.string(),
  bandwidth: z.number().int(),
  vlanType: z.enum(VLAN_TYPES),
  vlanId: z.number().int().nullable(),
  prefix: z.array(z.string()),
  slaHealth: z.enum(SLA_HEALTH),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Path = z.infer<typeof pathSchema>;

// GET /api/v1/config/path — the "Filter paths..." box and the list's filters.
export const pathListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  organizationId: z.string().max(64).optional(),
  siteId: z.string().max(64).optional(),
  layer: z.enum(PATH_LAYERS).optional(),
  slaHealth: z.enum(SLA_HEALTH).optional(),
});
