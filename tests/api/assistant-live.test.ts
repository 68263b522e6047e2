import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAssistantAction, type AssistantToolName } from "@/lib/assistant/tools";
import { approvalFor } from "@/server/assistant/actions";
import { AssistantToolError } from "@/server/assistant/scope";
import { summarizeToolResult } from "@/server/assistant/summaries";
import { assistantTools } from "@/server/assistant/tools";
import { toolEnvironment } from "@/server/assistant/tools/shared";
import type { ServiceContext } from "@/server/core/service-context";
import { resolveSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { ensurePartitions } from "@/server/telemetry/partitions";
import { evaluatePathSla } from "@/server/telemetry/sla";
import { alarms, connectors, devices, events, lifecycleOperations, paths, sites, telemetryConnectorState, telemetryDeviceState } from "@/server/db/schema";
import { streamParts } from "./assistant-helpers";
import { call, organizationId, signIn } from "./helpers";

// The assistant's tools over live data and its actions (issue 16), on the demo network, each with the caller's own
// permissions: another tenant's objects answer "not visible" whatever their name, a role without the scope is told
// so, and an action changes nothing before the user approves its preview — then changes it through the service, as
// the user, with its event.
process.env.TEST_SEED_NETWORK = "1";
delete process.env.ASSISTANT_BASE_URL;

const CONTOSO_ADMIN = "admin@contoso.example";
const CONTOSO_READONLY = "readonly@contoso.example";
const FABRIKAM_ADMIN = "admin@fabrikam.example";
const NORTHWIND_ADMIN = "admin@northwind.example";
const NORTHWIND_READONLY = "readonly@northwind.example";
const BLUEWAVE_ADMIN = "admin@bluewave.example";
const OPERATOR = "admin@maia.example";

const org: Record<string, string> = {};

async function contextFor(email: string): Promise<ServiceContext> {
  const cookie = await signIn(email);
  const db = await getDb();
  const principal = await resolveSession(db, decodeURIComponent(cookie.split("=")[1]));
  if (!principal) throw new Error(`no session for ${email}`);
  return { db, principal, requestId: randomUUID() };
}

async function runTool(email: string, organization: string, name: AssistantToolName, input: Record<string, unknown>, locale: "en" | "fr" = "en"): Promise<any> {
  const tools = assistantTools({ context: await contextFor(email), organizationId: org[organization], locale });
  const execute = tools[name].execute as unknown as (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<unknown>;
  return execute(input, { toolCallId: randomUUID(), messages: [] });
}

async function approval(email: string, organization: string, name: Parameters<typeof approvalFor>[1], input: Record<string, unknown>, locale: "en" | "fr" = "en") {
  const environment = toolEnvironment({ context: await contextFor(email), organizationId: org[organization], locale });
  return approvalFor(environment, name, input);
}

beforeAll(async () => {
  for (const name of ["Contoso", "Fabrikam", "Northwind Networks", "Bluewave Telecom", "Maia"]) org[name] = await organizationId(name);
  // A path in breach, so the unhealthy list has something to say.
  await (await getDb()).update(paths).set({ slaHealth: "bad" }).where(eq(paths.name, "Paris ⇄ Azure"));
});

describe("tools over live data", () => {
  it("lists the unhealthy paths of the caller's organization only", async () => {
    const contoso = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { health: "unhealthy" });
    expect(contoso.paths.map((path: { name: string }) => path.name)).toContain("Paris ⇄ Azure");
    expect(contoso.paths.every((path: { sla: string }) => path.sla === "warning" || path.sla === "bad")).toBe(true);
    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listPaths", { health: "all" });
    expect(fabrikam.paths.map((path: { name: string }) => path.name)).not.toContain("Paris ⇄ Azure");
  });

  it("lists every path for the organization's own name; words no path holds are a query that found none", async () => {
    const all = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listPaths", { health: "all" });
    const own = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listPaths", { health: "all", query: "fabrikam" });
    expect(own).toMatchObject({ query: null, total: all.total });
    expect(all.total).toBeGreaterThan(0);
    const unknown = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listPaths", { health: "all", query: "globex" });
    expect(unknown).toMatchObject({ query: "globex", scanned: 0, total: 0 });
  });

  it.each([
    ["siteDetail", { site: "Paris HQ" }],
    ["connectorUsage", { connector: "Paris fiber A" }],
    ["pathStatistics", { path: "Paris ⇄ Frankfurt" }],
    ["siteTraffic", { site: "Paris HQ" }],
    ["nodeStatus", { node: "nw-edge-par-01" }],
  ] as const)("%s: another tenant's object is not visible, by name (as its owner it is found)", async (name, input) => {
    const other = await runTool(FABRIKAM_ADMIN, "Fabrikam", name, input);
    expect(other).toMatchObject({ status: "not-visible" });
    expect(JSON.stringify(other)).not.toContain("Contoso");
    const owner = name === "nodeStatus" ? await runTool(NORTHWIND_ADMIN, "Northwind Networks", name, input) : await runTool(CONTOSO_ADMIN, "Contoso", name, input);
    expect(owner).toMatchObject({ status: "found" });
  });

  it("describes a site with its connectors and paths, its description quoted", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "siteDetail", { site: "frankf" });
    expect(output.site).toMatchObject({ name: "Frankfurt DC", description: "Primary data centre" });
    expect(output.connectors.map((connector: { name: string }) => connector.name)).toEqual(["Frankfurt cross-connect"]);
    expect(output.paths.map((path: { name: string }) => path.name).sort()).toEqual(["Frankfurt ⇄ AWS", "Paris ⇄ Frankfurt"]);
  });

  it("asks which site when a name matches several", async () => {
    const output = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "siteDetail", { site: "Office" });
    expect(output.status).toBe("ambiguous");
    expect(output.candidates.map((candidate: { name: string }) => candidate.name)).toEqual(expect.arrayContaining(["Seattle Office", "Dublin Office"]));
    expect(output.candidates.map((candidate: { name: string }) => candidate.name)).not.toContain("Madrid Office");
  });

  it("checks a connector's headroom with the rule the form and the service use", async () => {
    const fits = await runTool(CONTOSO_ADMIN, "Contoso", "connectorUsage", { connector: "Paris DIA", bandwidthMbps: 10 });
    expect(fits.request).toEqual({ bandwidthMbps: 10, fits: true });
    expect(fits.freeMbps + fits.usedMbps).toBe(fits.connector.bandwidthMbps);
    const tooBig = await runTool(CONTOSO_ADMIN, "Contoso", "connectorUsage", { connector: "Paris DIA", bandwidthMbps: fits.connector.bandwidthMbps + 1 });
    expect(tooBig.request.fits).toBe(false);
  });

  it("reads the inventory and the lifecycle with their own scopes", async () => {
    const device = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "inventory", { serial: "MX-E200-0150" });
    expect(device.devices).toEqual([expect.objectContaining({ serialNumber: "MX-E200-0150", status: "unassigned" })]);
    const scheduled = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "lifecycleOperations", { tab: "scheduled" });
    expect(scheduled.operations.map((operation: { serialNumber: string }) => operation.serialNumber)).toEqual(expect.arrayContaining(["MX-E400-0101", "MX-E200-0102"]));
    // Another MSP's operation stays out of sight.
    expect(scheduled.operations.map((operation: { serialNumber: string }) => operation.serialNumber)).not.toContain("MX-E200-0205");
    await expect(runTool(CONTOSO_ADMIN, "Contoso", "inventory", {})).rejects.toThrow(AssistantToolError);
    await expect(runTool(CONTOSO_ADMIN, "Contoso", "lifecycleOperations", {})).rejects.toThrow(AssistantToolError);
  });

  it("lists a path's changes with who and before → after, and nothing about another tenant's path", async () => {
    const path = (await (await getDb()).select().from(paths).where(eq(paths.name, "Paris ⇄ Frankfurt")))[0];
    const cookie = await signIn(CONTOSO_ADMIN);
    expect((await call("PATCH", `/config/path/${path.id}`, { cookie, body: { bandwidth: path.bandwidthMbps - 1 } })).status).toBe(200);
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", { about: "Paris ⇄ Frankfurt" });
    expect(output.events[0]).toMatchObject({ entityName: "Paris ⇄ Frankfurt", changes: [{ field: "bandwidth", before: String(path.bandwidthMbps), after: String(path.bandwidthMbps - 1) }] });
    const other = await runTool(FABRIKAM_ADMIN, "Fabrikam", "recentEvents", { about: "Paris ⇄ Frankfurt" });
    expect(other).toMatchObject({ aboutNotVisible: true, events: [] });
  });

  it("names the objects of the latest events, even when the change holds only the field that changed", async () => {
    const db = await getDb();
    const path = (await db.select().from(paths).where(eq(paths.name, "Paris ⇄ Frankfurt")))[0];
    // As the demo's history holds them: the changed field alone, without the path's name.
    await db.insert(events).values({
      organizationId: await organizationId("Contoso"),
      source: "user",
      type: "path.updated",
      entityType: "path",
      entityId: path.id,
      before: { bandwidthMbps: 300 },
      after: { bandwidthMbps: 400 },
    });
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", {});
    expect(output.events[0]).toMatchObject({ entityType: "path", entityName: "Paris ⇄ Frankfurt", changes: [{ field: "bandwidthMbps", before: "300", after: "400" }] });
  });

  it("explains the rules with the figures the validation uses", async () => {
    expect((await runTool(CONTOSO_ADMIN, "Contoso", "explainRules", { topic: "vlan" })).values).toEqual({ min: 0, max: 4094 });
    expect((await runTool(CONTOSO_ADMIN, "Contoso", "explainRules", { topic: "claimCode" })).values).toEqual({ length: 8 });
    expect((await runTool(CONTOSO_ADMIN, "Contoso", "explainRules", { topic: "interfaceTypes" })).values).toEqual({ types: ["access", "fabric", "hybrid"], mtuDefault: 1500 });
    const invite = await runTool(CONTOSO_READONLY, "Contoso", "guideTask", { task: "invite" });
    expect(invite.allowed).toBe(false);
    expect((await runTool(CONTOSO_ADMIN, "Contoso", "guideTask", { task: "invite" })).allowed).toBe(true);
  });

  it("lists only the organizations the caller sees", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "listOrganizations", {});
    expect(output.organizations.map((organization: { name: string }) => organization.name)).toEqual(["Contoso"]);
  });
});

async function pathRow(name: string) {
  const [row] = await (await getDb()).select().from(paths).where(eq(paths.name, name));
  return row;
}

describe("the details a network engineer asks for (issue 40, scope 6)", () => {
  const written = async (name: AssistantToolName, output: unknown, locale: "en" | "fr" = "en") => summarizeToolResult(name, { type: "json", value: output as never }, locale);

  it("gives a node's uptime, CPU and memory, and the sites it serves when asked; nothing of another tenant's node", async () => {
    const db = await getDb();
    const [device] = await db.select().from(devices).where(eq(devices.serialNumber, (await runTool(NORTHWIND_ADMIN, "Northwind Networks", "nodeStatus", { node: "nw-edge-par-01" })).device.serialNumber));
    const state = { lastSeenAt: new Date(), reportedAt: new Date(), uptimeSeconds: 45 * 86400 + 3 * 3600, cpuPercent: 11.8, memoryPercent: 43.8, silent: false };
    await db.insert(telemetryDeviceState).values({ deviceId: device.id, nodeId: device.nodeId, ...state }).onConflictDoUpdate({ target: telemetryDeviceState.deviceId, set: state });
    const node = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "nodeStatus", { node: "nw-edge-par-01", sites: true });
    expect(node.device).toMatchObject({ uptimeSeconds: state.uptimeSeconds, cpuPercent: 11.8, memoryPercent: 43.8 });
    expect(node.connectedSites.sites.map((site: { name: string }) => site.name)).toEqual(expect.arrayContaining(["Paris HQ", "Dublin Office"]));
    expect(node.connectedSites.total).toBe(node.connectedSites.sites.length);
    const text = await written("nodeStatus", node);
    expect(text).toContain("Up for 45 d 3 h.");
    expect(text).toContain("Load: CPU 12%, memory 44%.");
    expect(text).toContain("Dublin Office");
    // Not asked, the sites are not read.
    expect((await runTool(NORTHWIND_ADMIN, "Northwind Networks", "nodeStatus", { node: "nw-edge-par-01" })).connectedSites).toBeNull();
    expect(await runTool(CONTOSO_ADMIN, "Contoso", "nodeStatus", { node: "nw-edge-par-01", sites: true })).toMatchObject({ status: "not-visible" });
  });

  it("gives a path's layer, VLAN and prefixes as configured; another tenant's path answers as a missing one", async () => {
    const layer3 = await pathRow("Frankfurt ⇄ AWS");
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "pathDetail", { path: "frankfurt to aws" });
    expect(output.path).toMatchObject({ name: "Frankfurt ⇄ AWS", layer: layer3.layer, vlanId: layer3.vlanId, prefixes: layer3.prefixes });
    expect(output.path.prefixes.length).toBeGreaterThan(0);
    const text = await written("pathDetail", output, "fr");
    for (const prefix of output.path.prefixes) expect(text).toContain(prefix);
    const specific = await pathRow("Paris ⇄ Frankfurt");
    const vlan = await written("pathDetail", await runTool(CONTOSO_ADMIN, "Contoso", "pathDetail", { path: "Paris ⇄ Frankfurt" }), "fr");
    expect(vlan).toContain(`VLAN : ${specific.vlanId}`);
    const other = await runTool(FABRIKAM_ADMIN, "Fabrikam", "pathDetail", { path: "Frankfurt ⇄ AWS" });
    expect(other).toMatchObject({ status: "not-visible" });
    expect(JSON.stringify(other)).not.toContain("10.");
  });

  it("gives a core fabric's nodes, links and mesh by name or alone; another MSP's or a customer's chat sees none", async () => {
    const named = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "fabricStatus", { fabric: "Global Core" });
    expect(named.fabric.name).toBe("Northwind Global Core");
    expect(named.nodes).toHaveLength(4);
    expect(named.linkCount).toBe(6);
    expect(named.mesh.complete).toBe(true);
    const alone = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "fabricStatus", {});
    expect(alone.fabric.id).toBe(named.fabric.id);
    const text = await written("fabricStatus", named);
    expect(text).toContain("4 core nodes");
    expect(text).toContain("6 links");
    expect(await runTool(BLUEWAVE_ADMIN, "Bluewave Telecom", "fabricStatus", { fabric: "Northwind Global Core" })).toMatchObject({ status: "not-visible" });
    expect(await runTool(CONTOSO_ADMIN, "Contoso", "fabricStatus", {})).toMatchObject({ status: "not-visible", query: "" });
    expect(await written("fabricStatus", await runTool(CONTOSO_ADMIN, "Contoso", "fabricStatus", {}))).toBe("I see no core fabric here.");
  });

  it("lists the organization's pending invitations with the Invitations tab's scope, and only its own", async () => {
    const pending = await runTool(CONTOSO_ADMIN, "Contoso", "listInvitations", { status: "pending" });
    expect(pending.invitations.map((invitation: { email: string }) => invitation.email)).toContain("network.engineer@contoso.example");
    expect(pending.invitations.every((invitation: { status: string }) => invitation.status === "pending")).toBe(true);
    expect(await written("listInvitations", pending)).toContain("network.engineer@contoso.example");
    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listInvitations", {});
    expect(JSON.stringify(fabrikam)).not.toContain("contoso");
    // A principal without common:user:read is refused, as the page refuses it.
    const context = await contextFor(CONTOSO_ADMIN);
    const withoutUsers = { ...context, principal: { ...context.principal, scopes: context.principal.scopes.filter((scope) => scope !== "common:user:read") } };
    const tools = assistantTools({ context: withoutUsers, organizationId: org.Contoso, locale: "en" });
    const execute = tools.listInvitations.execute as unknown as (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<unknown>;
    await expect(execute({}, { toolCallId: randomUUID(), messages: [] })).rejects.toThrow("your role does not allow reading the organization's users and invitations.");
  });

  it("says whether a connector is up and how loaded it is now, and gives a site's probes, the worst first", async () => {
    const db = await getDb();
    const [site] = await db.select().from(sites).where(eq(sites.name, "Paris HQ"));
    const [connector] = await db.select().from(connectors).where(and(eq(connectors.siteId, site.id), eq(connectors.name, "Paris DIA")));
    const sample = { status: "up" as const, rxBps: 250e6, txBps: 100e6, sampledAt: new Date(), changedAt: new Date() };
    await db
      .insert(telemetryConnectorState)
      .values({ connectorId: connector.id, organizationId: connector.organizationId, siteId: site.id, ...sample })
      .onConflictDoUpdate({ target: telemetryConnectorState.connectorId, set: sample });
    const usage = await runTool(CONTOSO_ADMIN, "Contoso", "connectorUsage", { connector: "Paris DIA" });
    expect(usage.now).toMatchObject({ status: "up", rxMbps: 250, txMbps: 100, utilizationPercent: (250 / connector.bandwidthMbps) * 100 });
    expect(await written("connectorUsage", usage)).toContain("It is up now");
    await ensurePartitions(db, "telemetry_probe_samples", [Date.now()], "day");
    await db.execute(sql`insert into telemetry_probe_samples (time, site_id, organization_id, target, latency_ms, jitter_ms, loss_percent)
      values (now(), ${site.id}, ${site.organizationId}, 'probe-good', 12, 1, 0), (now(), ${site.id}, ${site.organizationId}, 'probe-lossy', 30, 3, 12)`);
    const detail = await runTool(CONTOSO_ADMIN, "Contoso", "siteDetail", { site: "Paris HQ" });
    const targets = detail.probes.map((probe: { target: string }) => probe.target);
    expect(targets).toEqual(expect.arrayContaining(["probe-good", "probe-lossy"]));
    expect(targets.indexOf("probe-lossy")).toBeLessThan(targets.indexOf("probe-good"));
    expect(await written("siteDetail", detail)).toContain("- to probe-lossy: Severe — latency 30 ms, jitter 3 ms, loss 12%");
  });

  it("gives a site's traffic now from its connectors' latest samples, first when asked", async () => {
    const db = await getDb();
    const [site] = await db.select().from(sites).where(eq(sites.name, "Frankfurt DC"));
    const siteConnectors = await db.select().from(connectors).where(eq(connectors.siteId, site.id));
    const sample = (rxBps: number) => ({ status: "up" as const, rxBps, txBps: rxBps / 2, sampledAt: new Date(), changedAt: new Date() });
    for (const [index, connector] of siteConnectors.entries()) {
      await db
        .insert(telemetryConnectorState)
        .values({ connectorId: connector.id, organizationId: connector.organizationId, siteId: site.id, ...sample(70e6 + index) })
        .onConflictDoUpdate({ target: telemetryConnectorState.connectorId, set: sample(70e6 + index) });
    }
    const states = await db
      .select({ rx: telemetryConnectorState.rxBps })
      .from(telemetryConnectorState)
      .innerJoin(connectors, eq(connectors.id, telemetryConnectorState.connectorId))
      .where(eq(connectors.siteId, site.id));
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "siteTraffic", { site: "Frankfurt DC", now: true }, "fr");
    expect(output.now).toBe(true);
    expect(output.current.rxMbps).toBeCloseTo(states.reduce((sum, state) => sum + state.rx, 0) / 1e6, 6);
    expect(output.current.rxMbps).toBeGreaterThanOrEqual(70);
    const text = await written("siteTraffic", output, "fr");
    expect(text.startsWith("**Frankfurt DC** en ce moment")).toBe(true);
    expect(await runTool(FABRIKAM_ADMIN, "Fabrikam", "siteTraffic", { site: "Frankfurt DC", now: true })).toMatchObject({ status: "not-visible" });
  });
});

describe("a screen's how-to (issue 40, scope 6)", () => {
  const written = async (name: AssistantToolName, output: unknown, locale: "en" | "fr" = "en") => summarizeToolResult(name, { type: "json", value: output as never }, locale);

  it("links a screen in the caller's own console: a customer's dashboard, an MSP's, the operator's inventory", async () => {
    const customer = await runTool(CONTOSO_ADMIN, "Contoso", "guideScreen", { screen: "dashboard" }, "fr");
    expect(customer).toMatchObject({ allowed: true, canChange: true, links: [{ path: "customer/dashboard" }] });
    const text = await written("guideScreen", customer, "fr");
    expect(text).toContain("Comparer avec");
    expect(text).toContain("1 jour, 1 semaine ou 1 mois avant");
    expect(await runTool(NORTHWIND_ADMIN, "Northwind Networks", "guideScreen", { screen: "dashboard" })).toMatchObject({ links: [{ path: "msp/dashboard" }], title: "MSP dashboard" });
    const operator = await runTool(OPERATOR, "Maia", "guideScreen", { screen: "inventory" });
    expect(operator).toMatchObject({ allowed: true, links: [{ path: "core/inventory" }] });
    expect(operator.does).toContain("Add device");
    expect(await runTool(NORTHWIND_ADMIN, "Northwind Networks", "guideScreen", { screen: "nodeMonitor", nodeKind: "core" })).toMatchObject({ links: [{ path: "msp/coreFabric" }] });
    // "What's a CPE for?": what the thing is, before how to add one; a plain how-to has no definition.
    const defined = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "guideTask", { task: "cpeNode", define: true }, "fr");
    expect(defined.about).toContain("chez le client");
    expect((await written("guideTask", defined, "fr")).startsWith(defined.about!)).toBe(true);
    expect((await runTool(NORTHWIND_ADMIN, "Northwind Networks", "guideTask", { task: "cpeNode" })).about).toBeNull();
    // The figures a screen's text quotes come from the rules, never a bare placeholder.
    const users = await runTool(CONTOSO_ADMIN, "Contoso", "guideScreen", { screen: "users" }, "fr");
    expect(users.does).toContain("valable 7 jours");
    expect(JSON.stringify(users)).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it("gives no link where the caller's organization type may not go, and says which kind of user has the screen", async () => {
    const lifecycle = await runTool(CONTOSO_ADMIN, "Contoso", "guideScreen", { screen: "lifecycle" });
    expect(lifecycle).toMatchObject({ allowed: false, canChange: false, forTypes: ["msp"], links: [] });
    expect(await written("guideScreen", lifecycle)).toContain("This screen is for users of MSP organizations");
    const topology = await runTool(CONTOSO_ADMIN, "Contoso", "guideScreen", { screen: "pathTopology" }, "fr");
    expect(topology.links).toEqual([]);
    expect(await written("guideScreen", topology, "fr")).toContain("réservé aux utilisateurs des organisations de type MSP");
    const msps = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "guideScreen", { screen: "msps" });
    expect(msps).toMatchObject({ allowed: false, forTypes: ["maia"], links: [] });
    expect(await written("guideScreen", msps)).toContain("Operator");
  });

  it("follows the guard's scopes and the role's: a read-only user opens the alarms but is told who acknowledges; no lifecycle scope, no lifecycle", async () => {
    const alarms = await runTool(CONTOSO_READONLY, "Contoso", "guideScreen", { screen: "alarms" });
    expect(alarms).toMatchObject({ allowed: true, canChange: false, changeRoles: ["admin", "configure"], links: [{ path: "alarms" }] });
    expect(await written("guideScreen", alarms)).toContain("its changes need one of the roles Admin, Configure Only");
    const context = await contextFor(NORTHWIND_ADMIN);
    const withoutLifecycle = { ...context, principal: { ...context.principal, scopes: context.principal.scopes.filter((scope) => scope !== "msp:lifecycle:read") } };
    const tools = assistantTools({ context: withoutLifecycle, organizationId: org["Northwind Networks"], locale: "en" });
    const execute = tools.guideScreen.execute as unknown as (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<{ allowed: boolean; links: unknown[] }>;
    const lifecycle = await execute({ screen: "lifecycle" }, { toolCallId: randomUUID(), messages: [] });
    expect(lifecycle).toMatchObject({ allowed: false, links: [] });
    expect(await written("guideScreen", lifecycle)).toContain("Your role does not open this screen");
    expect(await execute({ screen: "paths" }, { toolCallId: randomUUID(), messages: [] })).toMatchObject({ allowed: true, links: [{ path: "paths" }] });
    // Part of every page: there for everyone, with no route of its own.
    const support = await runTool(CONTOSO_READONLY, "Contoso", "guideScreen", { screen: "support" });
    expect(support).toMatchObject({ allowed: true, links: [] });
    expect(await written("guideScreen", support)).toContain("**Support**");
  });
});

describe("actions with consent", () => {
  it("marks exactly the changing tools as actions", () => {
    expect(["createPath", "scheduleOperation", "cancelOperation", "acknowledgeAlarms", "deleteSite"].every(isAssistantAction)).toBe(true);
    expect(isAssistantAction("listSites")).toBe(false);
  });

  it("refuses a read-only user, asks for what is missing, says what is wrong, and previews what is right", async () => {
    const input = { source: "Frankfurt DC", destination: "Paris HQ", layer: "layer3", bandwidthMbps: 50 };
    expect(await approval(CONTOSO_READONLY, "Contoso", "createPath", { ...input, prefix: "10.20.0.0/24" })).toMatchObject({ type: "denied", reason: expect.stringContaining("permission") });
    expect(await approval(CONTOSO_ADMIN, "Contoso", "createPath", input)).toMatchObject({ type: "denied", reason: expect.stringContaining("prefix") });
    expect(await approval(CONTOSO_ADMIN, "Contoso", "createPath", { ...input, prefix: "10.20.0.0/33" })).toMatchObject({ type: "denied", reason: expect.stringContaining("10.20.0.0/33") });
    expect(await approval(CONTOSO_ADMIN, "Contoso", "createPath", { ...input, prefix: "10.20.0.0/24", bandwidthMbps: 999_999 })).toMatchObject({ type: "denied" });
    expect(await approval(FABRIKAM_ADMIN, "Fabrikam", "createPath", { ...input, prefix: "10.20.0.0/24" })).toMatchObject({ type: "denied", reason: expect.stringContaining("cannot see") });
    const preview = await approval(CONTOSO_ADMIN, "Contoso", "createPath", { ...input, prefix: "10.20.0.0/24" }, "fr");
    expect(preview.type).toBe("user-approval");
    expect(preview.reason).toContain("Frankfurt DC ⇄ Paris HQ");
    expect(preview.reason).toContain("10.20.0.0/24");
    expect(preview.reason).toContain("50 Mbit/s");
    // The dry run changed nothing.
    expect(await (await getDb()).select().from(paths).where(eq(paths.name, "Frankfurt DC ⇄ Paris HQ"))).toHaveLength(0);
  });

  it("tells a device's pending operation before any preview", async () => {
    const busy = await approval(NORTHWIND_ADMIN, "Northwind Networks", "scheduleOperation", { device: "MX-E400-0101", operation: "reboot" });
    expect(busy).toMatchObject({ type: "denied", reason: expect.stringContaining("already has") });
    expect(await approval(NORTHWIND_READONLY, "Northwind Networks", "scheduleOperation", { device: "MX-E200-0103", operation: "reboot" })).toMatchObject({ type: "denied" });
    expect(await approval(CONTOSO_ADMIN, "Contoso", "scheduleOperation", { device: "MX-E200-0103", operation: "reboot" })).toMatchObject({ type: "denied" });
  });
});

async function askInChat(email: string, organization: string, text: string) {
  const cookie = await signIn(email);
  const chat = await call("POST", "/chat", { cookie, body: { organizationId: org[organization] } });
  const answer = await call("POST", `/chat/${chat.body.id}/message`, { cookie, body: { message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] } } });
  expect(answer.status).toBe(200);
  return { cookie, chatId: chat.body.id as string, parts: streamParts(answer.body) };
}

describe("an action through the chat: preview, then the user's answer", () => {
  it("creates nothing before approval, then creates the path as the user, with its event and a link", async () => {
    const db = await getDb();
    const asked = await askInChat(CONTOSO_ADMIN, "Contoso", "Create a layer 3 path from Frankfurt DC to Paris HQ at 40 Mbps with prefix 10.40.0.0/24");
    const request = asked.parts.find((part) => part.type === "tool-approval-request");
    expect(request).toMatchObject({ reason: expect.stringContaining("10.40.0.0/24") });
    expect(await db.select().from(paths).where(eq(paths.name, "Frankfurt DC ⇄ Paris HQ"))).toHaveLength(0);
    // The stored answer keeps the waiting preview.
    const stored = await call("GET", `/chat/${asked.chatId}`, { cookie: asked.cookie });
    expect(JSON.stringify(stored.body.messages.at(-1).parts)).toContain("approval-requested");

    const approved = await call("POST", `/chat/${asked.chatId}/message`, { cookie: asked.cookie, body: { approval: { id: request!.approvalId, approved: true } } });
    expect(approved.status).toBe(200);
    const parts = streamParts(approved.body);
    const output = parts.find((part) => part.type === "tool-output-available") as { output: { done: string; links: { path: string }[] } };
    expect(output.output.done).toContain("Frankfurt DC ⇄ Paris HQ");
    const [created] = await db.select().from(paths).where(eq(paths.name, "Frankfurt DC ⇄ Paris HQ"));
    expect(created).toMatchObject({ bandwidthMbps: 40, layer: "layer3" });
    expect(output.output.links[0].path).toBe(`customer/dashboard/${created.sourceSiteId}/path/${created.id}`);
    const [event] = await db.select().from(events).where(and(eq(events.entityId, created.id)));
    expect(event.actorUserId).toBe((await contextFor(CONTOSO_ADMIN)).principal.userId);
    // The same approval cannot be answered twice.
    expect((await call("POST", `/chat/${asked.chatId}/message`, { cookie: asked.cookie, body: { approval: { id: request!.approvalId, approved: true } } })).status).toBe(409);
  });

  it("changes nothing when the user rejects the preview", async () => {
    const db = await getDb();
    const asked = await askInChat(NORTHWIND_ADMIN, "Northwind Networks", "restart MX-E200-0103 on Sunday at 03:30");
    const request = asked.parts.find((part) => part.type === "tool-approval-request");
    expect(request).toMatchObject({ reason: expect.stringContaining("MX-E200-0103") });
    const before = await db.select().from(lifecycleOperations).where(eq(lifecycleOperations.status, "scheduled"));
    const rejected = await call("POST", `/chat/${asked.chatId}/message`, { cookie: asked.cookie, body: { approval: { id: request!.approvalId, approved: false } } });
    expect(rejected.status).toBe(200);
    expect(streamParts(rejected.body).some((part) => part.type === "tool-output-denied")).toBe(true);
    expect(await db.select().from(lifecycleOperations).where(eq(lifecycleOperations.status, "scheduled"))).toHaveLength(before.length);
  });

  it("asks which site is meant before deleting one named by part of its name, and previews the whole name", async () => {
    const partial = await approval(CONTOSO_ADMIN, "Contoso", "deleteSite", { site: "Paris" });
    expect(partial).toMatchObject({ type: "denied", reason: expect.stringContaining("Did you mean “Paris HQ”?") });
    const french = await approval(CONTOSO_ADMIN, "Contoso", "deleteSite", { site: "paris" }, "fr");
    expect(french).toMatchObject({ type: "denied", reason: expect.stringContaining("Vouliez-vous dire « Paris HQ » ?") });
    expect(await approval(CONTOSO_ADMIN, "Contoso", "deleteSite", { site: "paris hq" })).toMatchObject({ type: "user-approval" });
    // Through the chat: nothing to approve, and the question is the answer.
    const asked = await askInChat(CONTOSO_ADMIN, "Contoso", "delete the Paris site");
    expect(asked.parts.some((part) => part.type === "tool-approval-request" && part.isAutomatic !== true)).toBe(false);
    const text = asked.parts.filter((part) => part.type === "text-delta").map((part) => part.delta).join("");
    expect(text).toContain("Paris HQ");
  });

  it("refuses a read-only user without a preview", async () => {
    const asked = await askInChat(CONTOSO_READONLY, "Contoso", "remove the Frankfurt DC site");
    // The dry run's refusal is decided at once (an automatic denial): the user is asked nothing.
    expect(asked.parts.some((part) => part.type === "tool-approval-request" && part.isAutomatic !== true)).toBe(false);
    expect(asked.parts.some((part) => part.type === "tool-output-denied")).toBe(true);
    const text = asked.parts.filter((part) => part.type === "text-delta").map((part) => part.delta).join("");
    expect(text).toContain("You do not have permission");
  });
});

describe("a connector's load on a large network", () => {
  it("counts and lists every path, not a page of the organization's: health, a site, a connector's usage, a plan, a delete", async () => {
    const db = await getDb();
    const contoso = org.Contoso;
    const site = async (name: string) =>
      (await db.insert(sites).values({ organizationId: contoso, name, locationAddress: `${name} street`, latitude: 48.85, longitude: 2.35 }).returning())[0];
    const connector = async (siteRow: { id: string }, name: string) =>
      (await db.insert(connectors).values({ organizationId: contoso, siteId: siteRow.id, kind: "virtual", name, bandwidthMbps: 1000 }).returning())[0];
    const busySite = await site("Busy Hub");
    const trunk = await connector(busySite, "Busy trunk");
    const farSite = await site("Far Spoke");
    const far = await connector(farSite, "Far port");
    const [fillerWest, fillerEast] = [await site("Filler West"), await site("Filler East")];
    const [fillerA, fillerB] = [await connector(fillerWest, "Filler A"), await connector(fillerEast, "Filler B")];
    const row = (name: string, vlanId: number, ends: [{ id: string; siteId: string }, { id: string; siteId: string }]) => ({
      organizationId: contoso,
      name,
      layer: "layer2" as const,
      sourceSiteId: ends[0].siteId,
      sourceConnectorId: ends[0].id,
      destinationSiteId: ends[1].siteId,
      destinationConnectorId: ends[1].id,
      bandwidthMbps: 1,
      vlanType: "specific" as const,
      vlanId,
      slaHealth: "healthy" as const,
    });
    // 600 paths named first, elsewhere: the first page of 500 of Contoso's paths holds none of the trunk's 300.
    await db.insert(paths).values(Array.from({ length: 600 }, (_, i) => row(`AAA filler ${String(i).padStart(3, "0")}`, i + 1, [fillerA, fillerB])));
    await db.insert(paths).values(
      Array.from({ length: 300 }, (_, i) => ({ ...row(`ZZZ trunk ${String(i).padStart(3, "0")}`, i + 1, [trunk, far]), slaHealth: i === 299 ? ("bad" as const) : ("healthy" as const) })),
    );
    const contosoPaths = (await db.select({ id: paths.id }).from(paths).where(eq(paths.organizationId, contoso))).length;

    const unhealthy = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { health: "unhealthy" });
    expect(unhealthy.paths.map((path: { name: string }) => path.name)).toEqual(expect.arrayContaining(["ZZZ trunk 299", "Paris ⇄ Azure"]));
    expect(unhealthy.scanned).toBe(contosoPaths);
    const all = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { health: "all" });
    expect(all).toMatchObject({ scanned: contosoPaths, total: contosoPaths });
    expect(all.paths[0].sla).toBe("bad");
    const hub = await runTool(CONTOSO_ADMIN, "Contoso", "siteDetail", { site: "Busy Hub" });
    expect(hub.paths).toHaveLength(300);

    const usage = await runTool(CONTOSO_ADMIN, "Contoso", "connectorUsage", { connector: "Busy trunk", bandwidthMbps: 701 });
    expect(usage).toMatchObject({ usedMbps: 300, freeMbps: 700, request: { bandwidthMbps: 701, fits: false } });
    // The plan's VLAN is the first free on both ends: 1 to 300 are taken.
    const plan = await approval(CONTOSO_ADMIN, "Contoso", "createPath", { source: "Busy Hub", destination: "Far Spoke", layer: "layer2", bandwidthMbps: 10 });
    expect(plan.type).toBe("user-approval");
    expect(plan.reason).toContain("VLAN: specific, 301");
    expect(plan.reason).toContain("690 Mbps left free after it");
    // "can I connect Busy Hub to Far Spoke at 800 Mbps?": the ends' room is said first, before the missing layer.
    const tooBig = await approval(CONTOSO_ADMIN, "Contoso", "createPath", { source: "Busy Hub", destination: "Far Spoke", bandwidthMbps: 800 });
    expect(tooBig).toMatchObject({ type: "denied", reason: expect.stringContaining("Not enough bandwidth is left") });
    expect(tooBig.reason).toContain("Busy trunk has 700 Mbps left");
    expect(tooBig.reason).not.toMatch(/layer/i);
    // With room, what is missing is asked.
    expect(await approval(CONTOSO_ADMIN, "Contoso", "createPath", { source: "Busy Hub", destination: "Far Spoke", bandwidthMbps: 10 })).toMatchObject({ type: "denied", reason: expect.stringMatching(/layer/i) });
    const deleting = await approval(CONTOSO_ADMIN, "Contoso", "deleteSite", { site: "Busy Hub" });
    expect(deleting.reason).toContain("and its 300 paths");
  });
});

describe("the inventory of a large MSP", () => {
  it("counts and finds devices and operations over the whole inventory, not its first page", async () => {
    const db = await getDb();
    const northwind = org["Northwind Networks"];
    // An assigned device that stopped reporting an hour ago, and 150 unassigned ones whose serials sort before it.
    const [silent] = await db
      .select({ id: devices.id, serialNumber: devices.serialNumber, nodeId: devices.nodeId })
      .from(devices)
      .where(and(eq(devices.mspOrganizationId, northwind), isNotNull(devices.nodeId)))
      .limit(1);
    const lastSeenAt = new Date(Date.now() - 3600_000);
    await db
      .insert(telemetryDeviceState)
      .values({ deviceId: silent.id, nodeId: silent.nodeId, lastSeenAt })
      .onConflictDoUpdate({ target: telemetryDeviceState.deviceId, set: { lastSeenAt, silent: false } });
    await db.insert(devices).values(
      Array.from({ length: 150 }, (_, i) => ({ serialNumber: `AAA-BULK-${String(i).padStart(3, "0")}`, claimCodeHash: "x", model: "MX-E200", mspOrganizationId: northwind })),
    );
    const unassigned = (await db.select({ id: devices.id }).from(devices).where(and(eq(devices.mspOrganizationId, northwind), isNull(devices.nodeId)))).length;

    const counted = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "inventory", { status: "unassigned" });
    expect(counted.total).toBe(unassigned);
    expect(unassigned).toBeGreaterThan(150);
    const stopped = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "inventory", { silent: true });
    expect(stopped.devices.map((device: { serialNumber: string }) => device.serialNumber)).toContain(silent.serialNumber);
    expect(stopped.devices.every((device: { reachable: boolean | null }) => device.reachable === false)).toBe(true);
    // 120 of the unassigned devices named by open unreachable alarms: every one of them counts, not the first 100 alarms.
    const bulkDevices = await db.select({ id: devices.id, serialNumber: devices.serialNumber }).from(devices).where(sql`${devices.serialNumber} like 'AAA-BULK-%'`);
    await db.insert(alarms).values(
      bulkDevices.slice(0, 120).map((device) => ({
        organizationId: northwind,
        message: "Unreachable",
        severity: "major" as const,
        type: "device-unreachable" as const,
        source: device.serialNumber,
        subject: `device:${device.id}`,
      })),
    );
    const alarmedToo = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "inventory", { silent: true });
    expect(alarmedToo.total).toBeGreaterThanOrEqual(stopped.total + 120);
    expect(alarmedToo.devices.every((device: { reachable: boolean | null }) => device.reachable === false)).toBe(true);

    // 150 reboots scheduled on the bulk devices, all sooner than any other: a device's own stays findable, and a
    // reboot asked for a busy device is refused before any preview.
    const bulk = await db.select({ id: devices.id }).from(devices).where(and(eq(devices.mspOrganizationId, northwind), isNull(devices.nodeId)));
    const soon = new Date(Date.now() + 60_000);
    await db.insert(lifecycleOperations).values(bulk.slice(0, 150).map((device) => ({ organizationId: northwind, deviceId: device.id, operation: "reboot" as const, scheduledAt: soon })));
    const later = new Date(Date.now() + 86_400_000);
    await db.insert(lifecycleOperations).values({ organizationId: northwind, deviceId: silent.id, operation: "reboot", scheduledAt: later });
    const scheduledTotal = (await db.select({ id: lifecycleOperations.id }).from(lifecycleOperations).where(and(eq(lifecycleOperations.organizationId, northwind), eq(lifecycleOperations.status, "scheduled")))).length;
    const tab = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "lifecycleOperations", { tab: "scheduled" });
    expect(tab.total).toBe(scheduledTotal);
    const own = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "lifecycleOperations", { tab: "scheduled", device: silent.serialNumber.toLowerCase() });
    expect(own.operations.map((operation: { serialNumber: string; scheduledAt: string }) => [operation.serialNumber, operation.scheduledAt])).toEqual([[silent.serialNumber, later.toISOString()]]);
    expect(await approval(NORTHWIND_ADMIN, "Northwind Networks", "scheduleOperation", { device: silent.serialNumber, operation: "reboot" })).toMatchObject({
      type: "denied",
      reason: expect.stringContaining("already has"),
    });
  });
});

describe("acknowledging alarms by the hundred", () => {
  it("takes as many as one acknowledgement may, and says how many more are open", async () => {
    const db = await getDb();
    await db.insert(alarms).values(
      Array.from({ length: 520 }, (_, i) => ({
        organizationId: org.Contoso,
        message: `Flood ${i}`,
        severity: "minor" as const,
        type: "sla-bad" as const,
        source: `Flood source ${i}`,
        subject: `flood:${i}`,
        raisedAt: new Date(Date.now() - i * 1000),
      })),
    );
    const open = (await db.select({ id: alarms.id }).from(alarms).where(and(eq(alarms.organizationId, org.Contoso), isNull(alarms.clearedAt), isNull(alarms.acknowledgedAt)))).length;
    const plan = await approval(CONTOSO_ADMIN, "Contoso", "acknowledgeAlarms", {});
    expect(plan.reason).toContain("I will acknowledge 500 open alarms");
    expect(plan.reason).toContain(`${open} alarms are open: one approval acknowledges at most the 500 most recent`);
    const french = await approval(CONTOSO_ADMIN, "Contoso", "acknowledgeAlarms", {}, "fr");
    expect(french.reason).toContain(`${open} alarmes sont ouvertes`);
  });
});

describe("a degraded path's root cause on a busy network", () => {
  // The demo's Lyon Branch is inactive, which would be the likely cause of any breach of its path (issue 40): here
  // both ends are active, so that the route and the alarms decide.
  const lyonBranch = (active: boolean) => getDb().then((db) => db.update(sites).set({ active }).where(eq(sites.name, "Lyon Branch")));
  beforeAll(() => lyonBranch(true));
  afterAll(() => lyonBranch(false));

  it("finds the open alarms on its route and on itself among all of them, by what they are about, not among the latest", async () => {
    const db = await getDb();
    // In breach: a degraded path gets its whole root cause.
    const [lyon] = await db.update(paths).set({ slaHealth: "bad" }).where(eq(paths.name, "Lyon ⇄ Paris")).returning();
    const topology = await call("GET", `/config/path/${lyon.id}/topology`, { cookie: await signIn(NORTHWIND_ADMIN) });
    expect(topology.status).toBe(200);
    const link = topology.body.connections.find((connection: { type: string }) => connection.type === "link");
    const node = topology.body.elements.find((element: { type: string }) => ["edge", "cpe", "core"].includes(element.type));
    expect(link && node).toBeTruthy();
    const [device] = await db.select({ id: devices.id }).from(devices).where(eq(devices.nodeId, node.objectId));
    const northwind = org["Northwind Networks"];
    const base = { organizationId: northwind, severity: "major" as const, message: "Route alarm" };
    // Alarms on the route, raised before a flood of 300 others that say nothing about it (one names the route's node
    // in its source, as a link alarm reported by that node elsewhere would).
    const inAMinute = Date.now() + 60_000;
    const onRoute = [
      { ...base, type: "link-down" as const, source: "route link", subject: `link:${link.linkId}` },
      ...(device ? [{ ...base, type: "device-unreachable" as const, source: "route device", subject: `device:${device.id}` }] : []),
      ...Array.from({ length: 5 }, (_, i) => ({ ...base, type: "port-down" as const, source: `route port ${i}`, subject: `port:${node.objectId}:root-cause-${i}` })),
    ].map((alarm) => ({ ...alarm, raisedAt: new Date(inAMinute) }));
    await db.insert(alarms).values([
      ...onRoute,
      ...Array.from({ length: 300 }, (_, i) => ({
        ...base,
        type: "link-down" as const,
        source: i === 0 ? node.name : `elsewhere ${i}`,
        subject: `link:elsewhere-${i}`,
        raisedAt: new Date(inAMinute + 60_000 + i),
      })),
    ]);

    const output = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "explainPathSla", { path: "Lyon ⇄ Paris" });
    expect(output.status).toBe("found");
    const cause = output.rootCause;
    const sources = cause.alarms.map((alarm: { source: string }) => alarm.source);
    expect(sources).toHaveLength(5);
    expect(sources.every((source: string) => source.startsWith("route "))).toBe(true);
    // Every route alarm and the path's own SLA alarm are counted; nothing of the flood is.
    const seededOnRoute = await db
      .select({ id: alarms.id })
      .from(alarms)
      .where(and(isNull(alarms.clearedAt), isNull(alarms.acknowledgedAt), eq(alarms.subject, `path:${lyon.id}`)));
    expect(cause.alarmsTotal).toBeGreaterThanOrEqual(onRoute.length + seededOnRoute.length);
    expect(cause.alarmsTotal).toBeLessThan(onRoute.length + seededOnRoute.length + 10);
    if (cause.route.every((element: { healthy: boolean }) => element.healthy)) expect(cause.likely).toBe("alarm");
    else expect(cause.likely).toBe("route");
    const summary = summarizeToolResult("explainPathSla", { type: "json", value: output }, "en");
    expect(summary).toContain("Open alarms on it or its route:");
    expect(summary).toContain(`…and ${cause.alarmsTotal - 5} more.`);
    expect(summary).not.toContain("elsewhere");

    // A customer sees its path's own alarm, never its MSP's route alarms.
    const contoso = await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: "Lyon ⇄ Paris" });
    expect(JSON.stringify(contoso.rootCause?.alarms ?? [])).not.toContain("route ");
  });

  it("does not blame a connector whose state only echoes the path's own SLA, and does once another path over it is degraded", async () => {
    const db = await getDb();
    const [lyon] = await db.update(paths).set({ slaHealth: "bad" }).where(eq(paths.name, "Lyon ⇄ Paris")).returning();
    const reported = { organizationId: lyon.organizationId, status: "up" as const, rxBps: 1, txBps: 1, sampledAt: new Date(), changedAt: new Date() };
    await db
      .insert(telemetryConnectorState)
      .values([
        { ...reported, connectorId: lyon.sourceConnectorId, siteId: lyon.sourceSiteId },
        { ...reported, connectorId: lyon.destinationConnectorId, siteId: lyon.destinationSiteId },
      ])
      .onConflictDoNothing();
    const [source] = await db.select({ name: connectors.name }).from(connectors).where(eq(connectors.id, lyon.sourceConnectorId));
    const sourceOnRoute = (output: any) => output.rootCause.route.find((element: { name: string }) => element.name === source.name);

    const alone = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "explainPathSla", { path: "Lyon ⇄ Paris" });
    expect(sourceOnRoute(alone)).toMatchObject({ state: "unhealthy", healthy: true });
    expect(alone.rootCause.echoes).toContain(source.name);
    const summary = summarizeToolResult("explainPathSla", { type: "json", value: alone }, "en");
    expect(summary).toMatch(new RegExp(`${source.name}.* shows? this path’s own SLA`));

    const { id: _id, ...copy } = lyon;
    await db.insert(paths).values({ ...copy, name: "Lyon ⇄ Paris second", vlanId: 3999, slaHealth: "warning" });
    const shared = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "explainPathSla", { path: "Lyon ⇄ Paris" });
    expect(sourceOnRoute(shared)).toMatchObject({ healthy: false });
    expect(shared.rootCause.echoes).not.toContain(source.name);
    expect(shared.rootCause.likely).toBe("route");
    await db.delete(paths).where(eq(paths.name, "Lyon ⇄ Paris second"));
  });
});

describe("what a network engineer would sign as a breach's cause (issue 40, scope 7)", () => {
  const MINUTE = 60_000;
  const WINDOW = 5 * MINUTE;
  // The breach begins on a window boundary 40 minutes ago: the latency drifts from 30 ms to 90 ms (over its 80 ms warning).
  const onsetAt = Math.floor((Date.now() - 40 * MINUTE) / WINDOW) * WINDOW;
  const at = (minutesFromOnset: number) => new Date(onsetAt + minutesFromOnset * MINUTE);
  const explain = (path: string, locale: "en" | "fr" = "en") => runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path }, locale);
  const summarized = (output: any, locale: "en" | "fr" = "en") => summarizeToolResult("explainPathSla", { type: "json", value: output }, locale);
  let path: typeof paths.$inferSelect;
  let change: (entityType: string, entityId: string, minutesFromOnset: number, before: Record<string, string | number | null>, after: Record<string, string | number | null>) => Promise<void>;

  beforeAll(async () => {
    const db = await getDb();
    [path] = await db.select().from(paths).where(eq(paths.name, "Paris ⇄ Frankfurt"));
    const times: number[] = [];
    for (let time = onsetAt - 80 * MINUTE; time <= Date.now(); time += MINUTE) times.push(time);
    await ensurePartitions(db, "telemetry_path_samples", times, "day");
    const rows = times.map(
      (time) => sql`(${new Date(time).toISOString()}::timestamptz, ${path.id}, ${path.organizationId}, ${time >= onsetAt ? 90 : 30}, 2, 0, 1000, 1000)`,
    );
    await db.execute(
      sql`insert into telemetry_path_samples (time, path_id, organization_id, latency_ms, jitter_ms, loss_percent, rx_bps, tx_bps)
          values ${sql.join(rows, sql`, `)} on conflict do nothing`,
    );
    // Its SLA evaluated from those samples, as the telemetry pipeline does.
    await evaluatePathSla(db, [path.id], Date.now());
    change = async (entityType, entityId, minutesFromOnset, before, after) => {
      await db.insert(events).values({ organizationId: path.organizationId, source: "user", type: `${entityType}.updated`, entityType, entityId, timestamp: at(minutesFromOnset), before, after });
    };
  });

  it("blames no change for a drift when the changes before it are cosmetic, reverted or elsewhere, and says since when it breaches", async () => {
    const db = await getDb();
    const [unrelated] = await db.select().from(sites).where(eq(sites.name, "Lyon Branch"));
    // Before the drift: an edit of the description of the path's own site, a connector change undone 20 minutes later,
    // and a description edit and a real change on a site the path does not cross. After it: a change on the path.
    await change("site", path.sourceSiteId, -60, { description: "HQ" }, { description: "Paris headquarters" });
    await change("connector", path.destinationConnectorId, -90, { mtu: 1500 }, { mtu: 1400 });
    await change("connector", path.destinationConnectorId, -70, { mtu: 1400 }, { mtu: 1500 });
    await change("site", unrelated.id, -30, { description: "" }, { description: "Branch office" });
    await change("site", unrelated.id, -20, { cloudRegion: null }, { cloudRegion: "eu-west-3" });
    await change("path", path.id, 10, { bandwidthMbps: 100 }, { bandwidthMbps: 50 });

    const output = await explain("Paris ⇄ Frankfurt");
    expect(output.path.sla).toBe("warning");
    expect(output.rootCause.onset).toEqual({ at: new Date(onsetAt).toISOString(), atLeast: false });
    expect(output.rootCause.changes).toEqual([]);
    expect(output.rootCause.likely).not.toBe("change");
    expect(output.rootCause.ruledOut).toMatchObject({ cosmetic: 1, reverted: 2 });
    expect(output.rootCause.ruledOut.after).toBeGreaterThanOrEqual(1);
    const summary = summarized(output);
    expect(summary).toMatch(/Breaching since .+ UTC: latency 90 ms over its 80 ms threshold\./);
    expect(summary).toContain("No recent change on its ends or route explains it.");
    expect(summary).not.toContain("Likely cause: the recent change");
    expect(summary).not.toContain("Lyon Branch");
    expect(summarized(output, "fr")).toContain("Aucune modification récente sur ses extrémités ou sa route ne l’explique.");
  });

  it("names a configuration change on a connector of its route just before the drift as the likely cause", async () => {
    const [connector] = await (await getDb()).select().from(connectors).where(eq(connectors.id, path.sourceConnectorId));
    await change("connector", connector.id, -10, { bandwidthMbps: connector.bandwidthMbps }, { bandwidthMbps: Math.max(1, Math.floor(connector.bandwidthMbps / 10)) });
    const output = await explain("Paris ⇄ Frankfurt");
    expect(output.rootCause.changes).toHaveLength(1);
    expect(output.rootCause.changes[0]).toMatchObject({ entityName: connector.name, timestamp: at(-10).toISOString() });
    expect(output.rootCause.likely).toBe("change");
    expect(summarized(output)).toContain(`Likely cause: the recent change on ${connector.name}, made before the breach began.`);
  });

  it("names an inactive end as the likely cause, and as the reason a path reports nothing", async () => {
    const db = await getDb();
    const [destination] = await db.update(sites).set({ active: false }).where(eq(sites.id, path.destinationSiteId)).returning();
    try {
      const output = await explain("Paris ⇄ Frankfurt");
      expect(output.rootCause.inactiveEnds).toEqual([{ name: destination.name, type: "site", state: "inactive" }]);
      expect(output.rootCause.likely).toBe("end");
      const summary = summarized(output);
      expect(summary).toContain(`${destination.name} is inactive: it carries no traffic.`);
      expect(summary).toContain(`Likely cause: ${destination.name} at one end of the path.`);
    } finally {
      await db.update(sites).set({ active: true }).where(eq(sites.id, path.destinationSiteId));
    }
    // The demo's Lyon Branch is inactive: its path has no data, and the answer says why.
    await db.update(paths).set({ slaHealth: "unknown" }).where(eq(paths.name, "Lyon ⇄ Paris"));
    const lyon = await explain("Lyon ⇄ Paris");
    expect(lyon.rootCause).toMatchObject({ likely: "none", inactiveEnds: [{ name: "Lyon Branch", type: "site", state: "inactive" }] });
    expect(summarized(lyon)).toContain("Lyon Branch is inactive: it carries no traffic.");
    expect(summarized(await explain("Lyon ⇄ Paris", "fr"), "fr")).toContain("Lyon Branch est inactif");
  });
});
