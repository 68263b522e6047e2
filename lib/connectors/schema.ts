import { z } from "zod";
import { bandwidth, description, ipv4, mtu, requiredName, vlan } from "@/lib/validation/fields";
import { messageWithValues } from "@/lib/validation/messages";
import { CONNECTOR_KINDS } from "./constants";

// SPEC §1/§3: a site's connectors are physical fiber, IPsec, external, virtual or internet (DIA).
// One discriminated schema on `kind`, shared by the form and the API. Bandwidths are in Mbps.

export { CONNECTOR_KINDS, type ConnectorKind } from "./constants";
export const MSS_MIN = 500;
export const MSS_MAX = 9176;
/** IPv4 and TCP headers: the MSS fits in the MTU minus 40 bytes. */
export const MSS_HEADER_BYTES = 40;
export const DPD_DELAY_SECONDS = { min: 1, max: 3600 } as const;
export const SA_LIFETIME_HOURS = { min: 1, max: 24 } as const;
export const PRESHARED_KEY_LENGTH = { min: 8, max: 128 } as const;

/** The usual IPsec settings, offered by the form. */
export const IPSEC_DEFAULTS = {
  mtu: 1400,
  mss: 1360,
  natTraversal: true,
  deadPeerDetectionDelaySeconds: 10,
  phase1SaLifetimeHours: 8,
  phase2SaLifetimeHours: 1,
} as const;

const wholeNumber = (min: number, max: number, key: string) =>
  z.coerce.number({ error: key }).int(key).min(min, key).max(max, key);

export const mss = () => wholeNumber(MSS_MIN, MSS_MAX, "validation.mssRange");

export const presharedKey = () =>
  z
    .string({ error: "validation.presharedKeyRequired" })
    .min(1, "validation.presharedKeyRequired")
    .min(PRESHARED_KEY_LENGTH.min, "validation.presharedKeyLength")
    .max(PRESHARED_KEY_LENGTH.max, "validation.presharedKeyLength")
    .regex(/^[\x20-\x7e]+$/, "validation.presharedKeyCharacters");

const common = () => ({ name: requiredName(), description: description(), bandwidth: bandwidth() });

const physicalFields = () => ({
  ...common(),
  customerIp: ipv4(),
  providerEdgeIp: ipv4(),
  vlan: vlan(),
});

const ipsecFields = () => ({
  ...common(),
  localSiteIp: ipv4(),
  publicIp: ipv4(),
  mtu: mtu(),
  mss: mss(),
  natTraversal: z.boolean({ error: "validation.natTraversal" }),
  deadPeerDetectionDelaySeconds: wholeNumber(DPD_DELAY_SECONDS.min, DPD_DELAY_SECONDS.max, "validation.dpdDelayRange"),
  phase1SaLifetimeHours: wholeNumber(SA_LIFETIME_HOURS.min, SA_LIFETIME_HOURS.max, "validation.phase1LifetimeRange"),
  phase2SaLifetimeHours: wholeNumber(SA_LIFETIME_HOURS.min, SA_LIFETIME_HOURS.max, "validation.phase2LifetimeRange"),
});

/** The MSS must fit in the MTU (MTU − 40). */
function checkMss(value: { mtu: number; mss: number }, ctx: z.RefinementCtx) {
  const max = value.mtu - MSS_HEADER_BYTES;
  if (Number.isInteger(value.mtu) && Number.isInteger(value.mss) && value.mss > max) {
    ctx.addIssue({ code: "custom", path: ["mss"], message: messageWithValues("validation.mssAboveMtu", { max }) });
  }
}

const KIND_ERROR = { error: "validation.connectorKind" };

const physical = () => z.strictObject({ kind: z.literal("physical"), ...physicalFields() });
const ipsec = () => z.strictObject({ kind: z.literal("ipsec"), ...ipsecFields(), presharedKey: presharedKey() }).superRefine(checkMss);
const ipsecKeySet = () =>
  z.strictObject({ kind: z.literal("ipsec"), ...ipsecFields(), presharedKey: presharedKey().optional() }).superRefine(checkMss);
const external = () => z.strictObject({ kind: z.literal("external"), name: requiredName(), bandwidth: bandwidth() });
const virtual = () => z.strictObject({ kind: z.literal("virtual"), ...common() });
const internet = () => z.strictObject({ kind: z.literal("internet"), ...common() });

// POST /api/v1/config/site/{siteId}/connector — the preshared key is required for IPsec.
export const connectorCreateSchema = z.discriminatedUnion("kind", [physical(), ipsec(), external(), virtual(), internet()], KIND_ERROR);
export type ConnectorCreate = z.infer<typeof connectorCreateSchema>;

/** A connector with a change applied, checked whole: the preshared key may be left as it is. */
export const connectorChangedSchema = z.discriminatedUnion("kind", [physical(), ipsecKeySet(), external(), virtual(), internet()], KIND_ERROR);
export type ConnectorChanged = z.infer<typeof connectorChangedSchema>;

// PATCH /api/v1/config/connector/{connectorId} — any subset of the connector kind's fields; the kind stays.
export const connectorUpdateSchema = z
  .strictObject({
    kind: z.enum(CONNECTOR_KINDS, KIND_ERROR),
    name: requiredName(),
    description: description().unwrap(),
    bandwidth: bandwidth(),
    customerIp: ipv4(),
    providerEdgeIp: ipv4(),
    vlan: vlan(),
    localSiteIp: ipv4(),
    publicIp: ipv4(),
    mtu: mtu(),
    mss: mss(),
    natTraversal: z.boolean({ error: "validation.natTraversal" }),
    deadPeerDetectionDelaySeconds: wholeNumber(DPD_DELAY_SECONDS.min, DPD_DELAY_SECONDS.max, "validation.dpdDelayRange"),
    phase1SaLifetimeHours: wholeNumber(SA_LIFETIME_HOURS.min, SA_LIFETIME_HOURS.max, "validation.phase1LifetimeRange"),
    phase2SaLifetimeHours: wholeNumber(SA_LIFETIME_HOURS.min, SA_LIFETIME_HOURS.max, "validation.phase2LifetimeRange"),
    presharedKey: presharedKey(),
  })
  .partial();
export type ConnectorUpdate = z.infer<typeof connectorUpdateSchema>;

const connectorResponseFields = {
  id: z.string(),
  organizationId: z.string(),
  siteId: z.string(),
  name: z.string(),
  bandwidth: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

// A connector as the API returns it; the IPsec preshared key never leaves the server.
export const connectorSchema = z.discriminatedUnion("kind", [
  z.object({
    ...connectorResponseFields,
    kind: z.literal("physical"),
    description: z.string(),
    customerIp: z.string(),
    providerEdgeIp: z.string(),
    vlan: z.number(),
  }),
  z.object({
    ...connectorResponseFields,
    kind: z.literal("ipsec"),
    description: z.string(),
    localSiteIp: z.string(),
    publicIp: z.string(),
    mtu: z.number(),
    mss: z.number(),
    natTraversal: z.boolean(),
    deadPeerDetectionDelaySeconds: z.number(),
    phase1SaLifetimeHours: z.number(),
    phase2SaLifetimeHours: z.number(),
    presharedKeySet: z.boolean(),
  }),
  z.object({ ...connectorResponseFields, kind: z.literal("external") }),
  z.object({ ...connectorResponseFields, kind: z.literal("virtual"), description: z.string() }),
  z.object({ ...connectorResponseFields, kind: z.literal("internet"), description: z.string() }),
]);
export type Connector = z.infer<typeof connectorSchema>;

export const connectorListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  kind: z.enum(CONNECTOR_KINDS).optional(),
});
