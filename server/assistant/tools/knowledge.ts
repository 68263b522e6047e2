import "server-only";
import type { z } from "zod";
import type {
  explainRulesInputSchema,
  explainRulesOutputSchema,
  guideTaskInputSchema,
  guideTaskOutputSchema,
  listOrganizationsInputSchema,
  listOrganizationsOutputSchema,
  RuleTopic,
} from "@/lib/assistant/tool-schemas";
import { hasScopes, ROLE_LEVELS, ROLE_SCOPES, roleFor, roleLevel, type RoleLevel, type Scope } from "@/lib/auth/scopes";
import { ROLE_LEVEL_LABELS } from "@/lib/people/constants";
import { CLAIM_CODE_LENGTH, MTU_MAX, MTU_MIN, NAME_MIN_LENGTH, SLA_THRESHOLDS, VLAN_MAX, VLAN_MIN } from "@/lib/constants";
import { DPD_DELAY_SECONDS, IPSEC_DEFAULTS, MSS_HEADER_BYTES, MSS_MAX, MSS_MIN, PRESHARED_KEY_LENGTH, SA_LIFETIME_HOURS } from "@/lib/connectors/schema";
import { MIN_SLA_SAMPLES, PROBE_LEVELS } from "@/lib/health";
import { and, inArray, sql } from "drizzle-orm";
import { listVisibleOrganizations, visibleOrganizationsWhere } from "@/server/core/tenancy";
import { organizations } from "@/server/db/schema";
import { DEFAULT_MTU, INTERFACE_TYPES } from "@/lib/nodes/schema";
import { TELEMETRY } from "@/server/telemetry/config";
import { organizationCounts } from "../queries";
import { consoleLink, type ChatScope } from "../scope";
import type { ToolEnvironment } from "./shared";

// The product's rules and how-to answers (issue 16, scope 4). Every figure comes from the module the validation
// itself uses (lib/constants.ts, lib/health.ts), never from prose, so the answer changes when the rule does.

type Out<T extends z.ZodType> = z.infer<T>;

function ruleValues(topic: RuleTopic): Out<typeof explainRulesOutputSchema>["values"] {
  switch (topic) {
    case "vlan":
      return { min: VLAN_MIN, max: VLAN_MAX };
    case "mtu":
      return { min: MTU_MIN, max: MTU_MAX };
    case "name":
      return { min: NAME_MIN_LENGTH };
    case "claimCode":
      return { length: CLAIM_CODE_LENGTH };
    case "slaThresholds":
      return {
        latencyWarning: SLA_THRESHOLDS.latencyMs.warning,
        latencyBad: SLA_THRESHOLDS.latencyMs.bad,
        jitterWarning: SLA_THRESHOLDS.jitterMs.warning,
        jitterBad: SLA_THRESHOLDS.jitterMs.bad,
        lossWarning: SLA_THRESHOLDS.lossPercent.warning,
        lossBad: SLA_THRESHOLDS.lossPercent.bad,
      };
    case "probeLevels":
      return { levels: [...PROBE_LEVELS] };
    case "unknownSla":
      return { minSamples: MIN_SLA_SAMPLES, windowMinutes: TELEMETRY.slaWindowMs / 60_000 };
    case "layers":
      return { vlanMin: VLAN_MIN, vlanMax: VLAN_MAX };
    case "bandwidth":
      return { min: 1 };
    case "interfaceTypes":
      return { types: [...INTERFACE_TYPES], mtuDefault: DEFAULT_MTU };
  }
}

const RULE_PAGES: Partial<Record<RuleTopic, { customer: string; msp: string }>> = {
  layers: { customer: "customer/site", msp: "paths" },
  bandwidth: { customer: "customer/site", msp: "paths" },
  slaThresholds: { customer: "customer/dashboard", msp: "paths" },
};

export async function explainRules(environment: ToolEnvironment, input: Out<typeof explainRulesInputSchema>): Promise<Out<typeof explainRulesOutputSchema>> {
  const scope = await environment.scope();
  const page = RULE_PAGES[input.topic];
  const route = page ? (scope.organization.organizationType === "customer" ? page.customer : scope.organization.organizationType === "msp" ? page.msp : null) : null;
  return { topic: input.topic, values: ruleValues(input.topic), links: consoleLink(scope, environment.t("assistant.links.open"), route) };
}

/** A page of the MSP's console, for an MSP's chat only. */
const mspPage = (route: string) => (scope: ChatScope) => (scope.organization.organizationType === "msp" ? route : null);

const CONNECTOR_FIELD_LIMITS = {
  nameMin: NAME_MIN_LENGTH,
  vlanMin: VLAN_MIN,
  vlanMax: VLAN_MAX,
  mtuMin: MTU_MIN,
  mtuMax: MTU_MAX,
  mtuDefault: IPSEC_DEFAULTS.mtu,
  mssMin: MSS_MIN,
  mssMax: MSS_MAX,
  mssHeader: MSS_HEADER_BYTES,
  mssDefault: IPSEC_DEFAULTS.mss,
  dpdMin: DPD_DELAY_SECONDS.min,
  dpdMax: DPD_DELAY_SECONDS.max,
  dpdDefault: IPSEC_DEFAULTS.deadPeerDetectionDelaySeconds,
  lifetimeMin: SA_LIFETIME_HOURS.min,
  lifetimeMax: SA_LIFETIME_HOURS.max,
  phase1Default: IPSEC_DEFAULTS.phase1SaLifetimeHours,
  phase2Default: IPSEC_DEFAULTS.phase2SaLifetimeHours,
  keyMin: PRESHARED_KEY_LENGTH.min,
  keyMax: PRESHARED_KEY_LENGTH.max,
};

// Where each task is done, and the scope it needs (lib/auth/scopes.ts).
const TASKS: Record<Out<typeof guideTaskInputSchema>["task"], { route: (scope: ChatScope) => string | null; scope: Scope; steps: number }> = {
  invite: { route: () => "user/invitations", scope: "common:user:write", steps: 4 },
  claim: { route: (scope) => (scope.organization.organizationType === "msp" ? "msp/inventory" : scope.organization.organizationType === "maia" ? "core/inventory" : null), scope: "msp:inventory:write", steps: 4 },
  schedule: { route: (scope) => (scope.organization.organizationType === "msp" ? "msp/lifecycle/scheduled" : null), scope: "msp:lifecycle:write", steps: 5 },
  acknowledge: { route: () => "alarms", scope: "common:config:write", steps: 4 },
  connector: { route: (scope) => (scope.organization.organizationType === "customer" ? "customer/site" : scope.organization.organizationType === "msp" ? "msp/customerOrganization" : null), scope: "common:config:write", steps: 4 },
  coreFabric: { route: mspPage("msp/coreFabric"), scope: "common:config:write", steps: 5 },
  externalFabric: { route: mspPage("msp/externalFabric"), scope: "common:config:write", steps: 4 },
  edgeNode: { route: mspPage("msp/edgeNode"), scope: "common:config:write", steps: 5 },
  cpeNode: { route: mspPage("msp/cpeNode"), scope: "common:config:write", steps: 5 },
  link: { route: mspPage("msp/edgeNode"), scope: "common:config:write", steps: 5 },
  subinterface: { route: mspPage("msp/edgeNode"), scope: "common:config:write", steps: 4 },
  assignDevice: { route: mspPage("msp/inventory"), scope: "msp:inventory:write", steps: 4 },
  unacknowledge: { route: () => "alarms", scope: "common:config:write", steps: 4 },
  customer: { route: mspPage("msp/customerOrganization"), scope: "common:config:write", steps: 4 },
  msp: { route: (scope) => (scope.organization.organizationType === "maia" ? "core/msp" : null), scope: "common:config:write", steps: 3 },
  roles: { route: () => "user/users", scope: "common:config:read", steps: 5 },
};

export async function guideTask(environment: ToolEnvironment, input: Out<typeof guideTaskInputSchema>): Promise<Out<typeof guideTaskOutputSchema>> {
  const scope = await environment.scope();
  const task = TASKS[input.task];
  const { t } = environment;
  const { role } = scope.context.principal;
  const values = {
    claimCodeLength: CLAIM_CODE_LENGTH,
    nameMin: NAME_MIN_LENGTH,
    mtuMin: MTU_MIN,
    mtuMax: MTU_MAX,
    vlanMin: VLAN_MIN,
    vlanMax: VLAN_MAX,
    roleReadOnly: t("people.roles.readOnly"),
    roleConfigure: t("people.roles.configure"),
    roleAdmin: t("people.roles.admin"),
    // The asker's own role, for "what may I do?".
    role,
    roleLabel: t(ROLE_LEVEL_LABELS[roleLevel(role)]),
  };
  // The operator does not claim devices: it puts them in stock for the MSPs to claim.
  const variant = input.task === "claim" && scope.organization.organizationType === "maia" ? ("stock" as const) : null;
  const stepKey = variant ? `assistant.guide.tasks.${input.task}.${variant}.step` : `assistant.guide.tasks.${input.task}.step`;
  const steps = Array.from({ length: task.steps }, (_, index) => t(`${stepKey}${index + 1}` as never, values as never));
  // A connector of one kind: its form's fields, with the limits the form validates them by (lib/connectors/schema.ts).
  if (input.task === "connector" && input.connectorKind) steps.splice(steps.length - 1, 0, t(`assistant.guide.tasks.connector.kinds.${input.connectorKind}`, CONNECTOR_FIELD_LIMITS));
  // "Can a read-only user acknowledge alarms?": the role asked about, in the chat organization's type, decides.
  const type = scope.organization.organizationType;
  const mayDo = (level: RoleLevel) => hasScopes(ROLE_SCOPES[roleFor(type, level)], [task.scope]);
  const aboutKey = `assistant.guide.about.${input.task}`;
  return {
    task: input.task,
    about: input.define && t.has(aboutKey as never) ? t(aboutKey as never) : null,
    allowed: input.role ? mayDo(input.role) : hasScopes(scope.context.principal.scopes, [variant ? "internal:inventory:write" : task.scope]),
    role: input.role ?? null,
    may: input.may ?? false,
    allowedRoles: ROLE_LEVELS.filter(mayDo),
    askerRole: roleLevel(role),
    steps,
    variant,
    links: consoleLink(scope, t(`assistant.guide.tasks.${input.task}.link` as never), task.route(scope)),
  };
}

// listOrganizations — the organizations in sight, each customer with its sites and paths; ranked by either on demand.
export async function listOrganizations(environment: ToolEnvironment, input: Out<typeof listOrganizationsInputSchema> = {}): Promise<Out<typeof listOrganizationsOutputSchema>> {
  const scope = await environment.scope();
  const sort = input.sort ?? "name";
  const { db, principal } = scope.context;
  const rows = (await listVisibleOrganizations(db, principal)).filter((row) => !input.type || row.organizationType === input.type).slice(0, 50);
  const msps = rows.filter((row) => row.organizationType === "msp").map((row) => row.id);
  const [counts, customerRows] = await Promise.all([
    organizationCounts(
      scope,
      rows.filter((row) => row.organizationType === "customer").map((row) => row.id),
    ),
    // Each MSP's customers the caller sees, counted by the database.
    msps.length === 0
      ? []
      : db
          .select({ id: organizations.parentId, count: sql<number>`count(*)::int`.mapWith(Number) })
          .from(organizations)
          .where(and(inArray(organizations.parentId, msps), visibleOrganizationsWhere(principal)))
          .groupBy(organizations.parentId),
  ]);
  const customers = new Map(customerRows.map((row) => [row.id, row.count]));
  const listed = rows.map((row) => ({
    id: row.id,
    name: row.name,
    organizationType: row.organizationType,
    sites: counts.get(row.id)?.sites ?? null,
    paths: counts.get(row.id)?.paths ?? null,
    customers: row.organizationType === "msp" ? (customers.get(row.id) ?? 0) : null,
  }));
  if (sort !== "name") listed.sort((a, b) => (b[sort] ?? -1) - (a[sort] ?? -1) || a.name.localeCompare(b.name));
  return {
    sort,
    organizations: listed.slice(0, input.limit ?? listed.length),
    seesAll: scope.organization.organizationType === "maia",
    links: consoleLink(scope, environment.t("assistant.links.customers"), scope.organization.organizationType === "msp" ? "msp/customerOrganization" : null),
  };
}
