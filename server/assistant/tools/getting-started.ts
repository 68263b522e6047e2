import "server-only";
import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { GETTING_STARTED_STEPS, type GettingStartedStep, type gettingStartedOutputSchema } from "@/lib/assistant/tool-schemas";
import { hasScopes, roleLevel, type Scope } from "@/lib/auth/scopes";
import { countDevices } from "@/server/inventory/service";
import { alarms, connectors, coreFabrics, devices as devicesTable, invitations, links as linksTable, memberships, nodes, organizations, paths, sites } from "@/server/db/schema";
import { visibleOrganizationsWhere } from "@/server/core/tenancy";
import { inScope } from "../queries";
import { consoleLink, pathCreationRoute, sitesRoute, type ChatScope } from "../scope";
import type { ToolEnvironment } from "./shared";

// gettingStarted — "where do I start?", "what next?": the steps from an empty organization to a watched network for the
// chat's organization type (a customer: sites, their connectors, paths; an MSP: devices, nodes, the core fabric,
// customers; the operator: MSPs and the core inventory), each checked against what the organization has now, the
// objects still waiting named, and the first step the caller's role may take. Counted by the database, through the
// caller's tenancy like the lists the steps link to.

type Out = z.infer<typeof gettingStartedOutputSchema>;
type Step = Out["steps"][number];
const PENDING_NAMES = 3;
const LINKS_MAX = 4;

/** The scope each step's changes need; watching needs none. */
const STEP_SCOPES: Record<GettingStartedStep, Scope | null> = {
  sites: "common:config:write",
  connectors: "common:config:write",
  paths: "common:config:write",
  colleagues: "common:user:write",
  monitor: null,
  claim: "msp:inventory:write",
  nodes: "common:config:write",
  assign: "msp:inventory:write",
  fabric: "common:config:write",
  customers: "common:config:write",
  customerSites: "common:config:write",
  msps: "common:config:write",
  coreInventory: "internal:inventory:write",
};

async function counted(scope: ChatScope, table: PgTable, organization: PgColumn, where?: SQL): Promise<number> {
  const [row] = await scope.context.db.select({ total: count() }).from(table).where(and(inScope(scope, organization), where));
  return row?.total ?? 0;
}

/** The first few names of rows still waiting for a step, and how many there are. */
async function waiting(scope: ChatScope, table: PgTable, name: PgColumn, organization: PgColumn, where: SQL): Promise<{ names: string[]; total: number }> {
  const { db } = scope.context;
  const condition = and(inScope(scope, organization), where);
  const [rows, [row]] = await Promise.all([
    db.select({ name }).from(table).where(condition).orderBy(name).limit(PENDING_NAMES),
    db.select({ total: count() }).from(table).where(condition),
  ]);
  return { names: rows.map((found) => String(found.name)), total: row?.total ?? 0 };
}

const step = (name: GettingStartedStep, done: boolean, total: number, pending: { names: string[]; total: number } = { names: [], total: 0 }) => ({
  step: name,
  done,
  count: total,
  pending: pending.names,
  pendingTotal: pending.total,
});

async function customerSteps(scope: ChatScope) {
  const [siteCount, connectorCount, pathCount, bare, firstSite] = await Promise.all([
    counted(scope, sites, sites.organizationId),
    counted(scope, connectors, connectors.organizationId),
    counted(scope, paths, paths.organizationId),
    waiting(scope, sites, sites.name, sites.organizationId, sql`not exists (select 1 from ${connectors} c where c.site_id = ${sites.id})`),
    scope.context.db.select({ id: sites.id }).from(sites).where(inScope(scope, sites.organizationId)).orderBy(sites.name).limit(1),
  ]);
  return {
    steps: [
      step("sites", siteCount > 0, siteCount),
      step("connectors", siteCount > 0 && bare.total === 0, connectorCount, bare),
      step("paths", pathCount > 0, pathCount),
    ],
    firstSiteId: firstSite[0]?.id ?? null,
  };
}

async function mspSteps(scope: ChatScope) {
  const { context } = scope;
  const customerWhere = and(eq(organizations.parentId, scope.organization.id), visibleOrganizationsWhere(context.principal));
  const [devices, edgeNodes, bareNodes, fabrics, backbone, customerCount, siteless, siteCount] = await Promise.all([
    // The MSP's own inventory, whoever looks at it (the operator's chat about an MSP included).
    context.db.select({ total: count() }).from(devicesTable).where(eq(devicesTable.mspOrganizationId, scope.organization.id)).then(([row]) => row?.total ?? 0),
    counted(scope, nodes, nodes.organizationId, eq(nodes.kind, "edge")),
    waiting(scope, nodes, nodes.name, nodes.organizationId, sql`not exists (select 1 from devices d where d.node_id = ${nodes.id})`),
    counted(scope, coreFabrics, coreFabrics.organizationId),
    counted(scope, linksTable, linksTable.organizationId),
    context.db.select({ total: count() }).from(organizations).where(customerWhere).then(([row]) => row?.total ?? 0),
    (async () => {
      const condition = and(customerWhere, sql`not exists (select 1 from ${sites} s where s.organization_id = ${organizations.id})`);
      const [rows, [row]] = await Promise.all([
        context.db.select({ name: organizations.name }).from(organizations).where(condition).orderBy(organizations.name).limit(PENDING_NAMES),
        context.db.select({ total: count() }).from(organizations).where(condition),
      ]);
      return { names: rows.map((found) => found.name), total: row?.total ?? 0 };
    })(),
    counted(scope, sites, sites.organizationId),
  ]);
  return [
    step("claim", devices > 0, devices),
    step("nodes", edgeNodes > 0, edgeNodes),
    step("assign", edgeNodes > 0 && bareNodes.total === 0, edgeNodes, bareNodes),
    step("fabric", fabrics > 0 && backbone > 0, backbone),
    step("customers", customerCount > 0, customerCount),
    step("customerSites", customerCount > 0 && siteless.total === 0, siteCount, siteless),
  ];
}

async function operatorSteps(scope: ChatScope, now: number) {
  const [msps, devices] = await Promise.all([
    scope.context.db
      .select({ total: count() })
      .from(organizations)
      .where(and(eq(organizations.organizationType, "msp"), visibleOrganizationsWhere(scope.context.principal)))
      .then(([row]) => row?.total ?? 0),
    countDevices(scope.context, {}, now),
  ]);
  return [step("msps", msps > 0, msps), step("coreInventory", devices > 0, devices)];
}

/** Users of the chat's organization and its invitations not yet accepted: colleagues are one's own organization's. */
async function colleagues(scope: ChatScope) {
  const { db } = scope.context;
  const organizationId = scope.organization.id;
  const [[members], [invited]] = await Promise.all([
    db.select({ total: count() }).from(memberships).where(eq(memberships.organizationId, organizationId)),
    db.select({ total: count() }).from(invitations).where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt))),
  ]);
  const users = members?.total ?? 0;
  return step("colleagues", users + (invited?.total ?? 0) > 1, users, { names: [], total: invited?.total ?? 0 });
}

export async function gettingStarted(environment: ToolEnvironment, now = Date.now()): Promise<Out> {
  const scope = await environment.scope();
  const { principal } = scope.context;
  const type = scope.organization.organizationType;
  const own = scope.organization.id === principal.organizationId;
  const customer = type === "customer" ? await customerSteps(scope) : null;
  const [typeSteps, people, openAlarms] = await Promise.all([
    customer ? customer.steps : type === "msp" ? mspSteps(scope) : operatorSteps(scope, now),
    own ? colleagues(scope) : null,
    counted(scope, alarms, alarms.organizationId, isNull(alarms.clearedAt)),
  ]);
  const routes: Record<GettingStartedStep, string | null> = {
    sites: sitesRoute(scope),
    connectors: sitesRoute(scope),
    paths: pathCreationRoute(scope, customer?.firstSiteId ?? null),
    colleagues: "user/users",
    monitor: type === "customer" ? "customer/dashboard" : type === "msp" ? "msp/dashboard" : "alarms",
    claim: "msp/inventory",
    nodes: "msp/edgeNode",
    assign: "msp/inventory",
    fabric: "msp/coreFabric",
    customers: "msp/customerOrganization",
    customerSites: "msp/customerOrganization",
    msps: "core/msp",
    coreInventory: "core/inventory",
  };
  const found = [...typeSteps, ...(people ? [people] : []), step("monitor", false, openAlarms)];
  const steps: Step[] = GETTING_STARTED_STEPS[type]
    .map((name) => found.find((candidate) => candidate.step === name))
    .filter((candidate) => candidate !== undefined)
    .map((candidate) => {
      const needs = STEP_SCOPES[candidate.step];
      return { ...candidate, allowed: needs === null || hasScopes(principal.scopes, [needs]) };
    });
  const byUrgency = [...steps.filter((candidate) => !candidate.done), ...steps.filter((candidate) => candidate.done)];
  const links = byUrgency
    .flatMap((candidate) => consoleLink(scope, environment.t(`assistant.gettingStarted.links.${candidate.step}`), routes[candidate.step]))
    .filter((link, index, all) => all.findIndex((other) => other.path === link.path) === index)
    .slice(0, LINKS_MAX);
  return {
    organizationName: scope.organization.name,
    organizationType: type,
    role: roleLevel(principal.role),
    steps,
    links,
    next: steps.find((candidate) => !candidate.done && candidate.allowed && candidate.step !== "monitor")?.step ?? null,
  };
}
