import { z } from "zod";
import { linkFields, linkRules, linkSchema } from "@/lib/links/schema";
import { LINK_HEALTH_STATES } from "@/lib/health";
import { interfaceSchema, ipsecEndpointSchema, nodeSchema } from "@/lib/nodes/schema";
import { requiredName } from "@/lib/validation/fields";
import { messageWithValues } from "@/lib/validation/messages";
import { meshOf, meshPairPath, type FabricMesh } from "./mesh";

// SPEC §3/§5: an MSP's core fabrics (core nodes joined in a full mesh of links) and external fabrics (Equinix).

// --- Core fabrics ---

// POST /api/v1/config/msp/{mspId}/core-fabric
export const coreFabricCreateSchema = z.strictObject({ name: requiredName() });
export type CoreFabricCreate = z.infer<typeof coreFabricCreateSchema>;

// PATCH /api/v1/config/core-fabric/{fabricId}
export const coreFabricUpdateSchema = coreFabricCreateSchema.partial();
export type CoreFabricUpdate = z.infer<typeof coreFabricUpdateSchema>;

export const coreFabricSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  nodeCount: z.number().int(),
  linkCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CoreFabric = z.infer<typeof coreFabricSchema>;

/** A row of the fabrics list: with the worst health of its links (unknown when none has reported). */
export const coreFabricListItemSchema = coreFabricSchema.extend({ health: z.enum(LINK_HEALTH_STATES) });
export type CoreFabricListItem = z.infer<typeof coreFabricListItemSchema>;

const nodeRef = z.object({ id: z.string(), name: z.string() });

/** SPEC §5 "Fabric full mesh: at least one link per node pair" — and the pairs that have none. */
export const fabricMeshSchema = z.object({
  complete: z.boolean(),
  missingPairs: z.array(z.object({ a: nodeRef, b: nodeRef })),
}) satisfies z.ZodType<FabricMesh>;
export { meshOf, meshPairPath, type FabricMesh } from "./mesh";

/** A core node of the fabric with the ends a link may use: its interfaces (fiber) and IPsec endpoints (internet). */
export const coreFabricMemberSchema = nodeSchema.extend({
  interfaces: z.array(interfaceSchema),
  ipsecEndpoints: z.array(ipsecEndpointSchema),
});
export type CoreFabricMember = z.infer<typeof coreFabricMemberSchema>;

export const coreFabricDetailSchema = coreFabricSchema.extend({
  nodes: z.array(coreFabricMemberSchema),
  links: z.array(linkSchema),
  /** Links from the fabric's core nodes to nodes outside it (edge nodes' uplinks into the fabric). */
  uplinks: z.array(linkSchema),
  /** The port ID or public IP of each uplink's outside end, by interface or IPsec endpoint id. */
  uplinkPorts: z.record(z.string(), z.string()),
  mesh: fabricMeshSchema,
});
export type CoreFabricDetail = z.infer<typeof coreFabricDetailSchema>;

export const coreFabricListQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

/** A row of the link editor: an existing link (with its id) or a new one. */
export const fabricLinkRowSchema = z
  .strictObject({ id: z.string({ error: "validation.linkNotInFabric" }).trim().min(1, "validation.linkNotInFabric").max(64, "validation.linkNotInFabric").optional(), ...linkFields() })
  .superRefine(linkRules);
export type FabricLinkRow = z.infer<typeof fabricLinkRowSchema>;

export const FABRIC_LINKS_MAX = 500;

// PUT /api/v1/config/core-fabric/{fabricId}/links — the fabric's whole set of core links (rows left out are
// deleted), and edge uplinks: a row from an edge node of the MSP to a core node of the fabric creates (or, with its
// id, updates) that uplink; uplinks left out stay (they are the edge node's, removed from its link page).
export const fabricLinksReplaceSchema = z.strictObject({
  links: z.array(fabricLinkRowSchema, { error: "validation.linksList" }).max(FABRIC_LINKS_MAX, "validation.linksList"),
});
export type FabricLinksReplace = z.infer<typeof fabricLinksReplaceSchema>;

/**
 * The link editor's form: the PUT body's rows, and SPEC §5's full mesh over the fabric's core nodes — the check the
 * server makes again on save (meshOf, below). Each missing pair is an issue of its own at `mesh.<pair>`.
 */
export const fabricLinksFormSchema = (coreNodes: { id: string; name: string }[]) =>
  fabricLinksReplaceSchema.superRefine((value, ctx) => {
    const rows = value.links.filter((row) => row.sourceNodeId && row.destinationNodeId);
    for (const pair of meshOf(coreNodes, rows).missingPairs) {
      ctx.addIssue({
        code: "custom",
        path: ["mesh", meshPairPath(pair.a.id, pair.b.id)],
        message: messageWithValues("validation.fabricMissingPair", { a: pair.a.name, b: pair.b.name }),
      });
    }
  });

// --- External fabrics ---

export const EXTERNAL_FABRIC_TYPES = ["equinix"] as const;
export type ExternalFabricType = (typeof EXTERNAL_FABRIC_TYPES)[number];

const CREDENTIAL_MAX = 500;

/** A credential as the provider issues it: printable ASCII, kept exactly (no trimming). */
const credential = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .max(CREDENTIAL_MAX, "validation.credentialInvalid")
    .refine((value) => value.trim().length > 0, requiredKey)
    .refine((value) => /^[\x20-\x7e]*$/.test(value), "validation.credentialInvalid");

const externalFabricFields = () => ({
  name: requiredName(),
  type: z.enum(EXTERNAL_FABRIC_TYPES, { error: "validation.externalFabricType" }).default("equinix"),
  clientId: credential("validation.clientIdRequired"),
  clientSecret: credential("validation.clientSecretRequired"),
});

// POST /api/v1/config/msp/{mspId}/external-fabric — SPEC §5: Equinix client ID and secret are required.
export const externalFabricCreateSchema = z.strictObject(externalFabricFields());
export type ExternalFabricCreate = z.infer<typeof externalFabricCreateSchema>;

// PATCH /api/v1/config/external-fabric/{fabricId} — the secret is replaced only when given.
export const externalFabricUpdateSchema = z
  .strictObject({ ...externalFabricFields(), type: z.enum(EXTERNAL_FABRIC_TYPES, { error: "validation.externalFabricType" }) })
  .partial();
export type ExternalFabricUpdate = z.infer<typeof externalFabricUpdateSchema>;

// An external fabric as the API returns it: the client secret never leaves the server.
export const externalFabricSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  type: z.enum(EXTERNAL_FABRIC_TYPES),
  clientId: z.string(),
  clientSecretSet: z.literal(true),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExternalFabric = z.infer<typeof externalFabricSchema>;

export const externalFabricListQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

