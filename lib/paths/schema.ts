import { z } from "zod";
import { sortQueryShape } from "@/lib/pagination-schema";
import { PATH_SEARCH_MAX } from "@/lib/constants";
import { PATH_SLA_STATES } from "@/lib/health";
import { prefixList, reference, requiredName, vlan } from "@/lib/validation/fields";

import { PATH_LAYERS, type PathLayer } from "./constants";

export { PATH_LAYERS, type PathLayer } from "./constants";
export const VLAN_TYPES = ["all", "specific"] as const;
export type VlanType = (typeof VLAN_TYPES)[number];

export { pathBandwidthIssue } from "./bandwidth";
const isBlank = (value: unknown) =>
  value === null ||
  value === "" ||
  (typeof value === "string" && value.split(",").every((entry) => !entry.trim())) ||
  (Array.isArray(value) && value.every((entry) => typeof entry === "string" && !entry.trim()));

/**
 * The prefixes of a Layer 3 path: a comma-separated list (or an array), each entry a CIDR. An empty field means
 * "no prefix" (null), so a Layer 2 form's blank field passes and a Layer 3 one says "Prefix is required" once.
 */
const pathPrefix = () => z.preprocess((value) => (isBlank(value) ? null : value), prefixList().nullable()).optional();

/** A VLAN id or nothing (a blank form field is nothing, not VLAN 0). */
const pathVlanId = () => z.preprocess((value) => (value === "" ? null : value), vlan().nullable()).optional();

const pathBandwidth = () =>
  z.coerce.number({ error: "validation.bandwidthPositive" }).int("validation.bandwidthPositive");

// The fields of a path as a person enters them. No defaults here: a PATCH must not reset what it does not name.
const pathFields = {
  name: requiredName(),
  layer: z.enum(PATH_LAYERS, { error: "validation.layerRequired" }),
  sourceSiteId: reference("validation.sourceSiteRequired"),
  sourceConnectorId: reference("validation.sourceConnectorRequired"),
  destinationSiteId: reference("validation.destinationSiteRequired"),
  destinationConnectorId: reference("validation.destinationConnectorRequired"),
  // Mbps. A whole number here; its range (1 to the smaller connector's bandwidth) is pathBandwidthIssue's, so a
  // 0 gets the SPEC's message with the real maximum once the connectors are known.
  bandwidth: pathBandwidth(),
  // All: the path carries every VLAN, so both ends match and both connectors are its alone. Specific: one VLAN.
  vlanType: z.enum(VLAN_TYPES, { error: "validation.vlanTypeRequired" }),
  vlanId: pathVlanId(),
  prefix: pathPrefix(),
};

interface PathRuleInput {
  layer?: PathLayer;
  vlanType?: VlanType;
  vlanId?: number | null;
  prefix?: string[] | null;
  sourceConnectorId?: string;
  destinationConnectorId?: string;
}

/** The rules between fields: Layer 3 needs a prefix and Layer 2 has none; Specific names its VLAN; two ends. */
function pathRules(path: PathRuleInput, ctx: z.RefinementCtx) {
  const prefixes = path.prefix ?? [];
  if (path.layer === "layer3" && prefixes.length === 0) {
    ctx.addIssue({ code: "custom", path: ["prefix"], message: "validation.prefixRequired" });
  }
  if (path.layer === "layer2" && prefixes.length > 0) {
    ctx.addIssue({ code: "custom", path: ["prefix"], message: "validation.prefixLayer2" });
  }
  if (path.vlanType === "specific" && (path.vlanId === undefined || path.vlanId === null)) {
    ctx.addIssue({ code: "custom", path: ["vlanId"], message: "validation.vlanRange" });
  }
  if (path.sourceConnectorId && path.sourceConnectorId === path.destinationConnectorId) {
    ctx.addIssue({ code: "custom", path: ["destinationConnectorId"], message: "validation.pathSameConnector" });
  }
}

// POST /api/v1/config/organization/{organizationId}/path — VLAN type Specific unless told otherwise.
export const pathCreateSchema = z
  .strictObject({ ...pathFields, vlanType: pathFields.vlanType.default("specific") })
  .superRefine(pathRules);
export type PathCreate = z.infer<typeof pathCreateSchema>;
export type PathCreateInput = z.input<typeof pathCreateSchema>;

// PATCH /api/v1/config/path/{pathId} — any subset; the server checks the merged path with pathCreateSchema.
export const pathUpdateSchema = z.strictObject(pathFields).partial();
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
  /** Mbps. */
  bandwidth: z.number().int(),
  vlanType: z.enum(VLAN_TYPES),
  /** The VLAN of a Specific path; null for All. */
  vlanId: z.number().int().nullable(),
  /** Layer 3 prefixes; empty for Layer 2. */
  prefix: z.array(z.string()),
  slaHealth: z.enum(PATH_SLA_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Path = z.infer<typeof pathSchema>;

// GET /api/v1/config/path — the "Filter paths..." box (path, site and connector names) and the list's filters.
export const pathListQuerySchema = z.object({
  search: z.string().trim().max(PATH_SEARCH_MAX).optional(),
  organizationId: z.string().max(64).optional(),
  siteId: z.string().max(64).optional(),
  layer: z.enum(PATH_LAYERS).optional(),
  slaHealth: z.enum(PATH_SLA_STATES).optional(),
  /** Only the paths of at least / at most this bandwidth in Mbps ("paths over 500 Mbps"). */
  minBandwidth: z.coerce.number().int().min(0).max(1_000_000).optional(),
  maxBandwidth: z.coerce.number().int().min(0).max(1_000_000).optional(),
  ...sortQueryShape("paths"),
});
export type PathListQuery = z.infer<typeof pathListQuerySchema>;
