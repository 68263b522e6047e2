import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AssistantToolName } from "@/lib/assistant/tools";
import { summarizeToolResult } from "@/server/assistant/summaries";
import { getDb } from "@/server/db/client";
import { connectors, links, nodes, paths, sites, telemetryConnectorState, telemetryLinkState, telemetryPathState } from "@/server/db/schema";
import { runAssistantTool } from "./assistant-helpers";
import { organizationId } from "./helpers";

// Rankings and counts (issue 40, scope 3) on the demo network: each ranked in the right order with its figure, cut to
// the number asked, each count exactly the state asked — and a customer's ranking holds only its own objects.
process.env.TEST_SEED_NETWORK = "1";
delete process.env.ASSISTANT_BASE_URL;

const CONTOSO_ADMIN = "admin@contoso.example";
const FABRIKAM_ADMIN = "admin@fabrikam.example";
const NORTHWIND_ADMIN = "admin@northwind.example";
const org: Record<string, string> = {};

const runTool = (email: string, organization: string, name: AssistantToolName, input: Record<string, unknown>) => runAssistantTool(email, org[organization], name, input);

const summary = (name: AssistantToolName, value: unknown, locale: "en" | "fr" = "en") => summarizeToolResult(name, { type: "json", value: value as never }, locale);
const names = (items: { name: string }[]) => items.map((item) => item.name);

// Latencies set on Contoso's paths, so the ranking has a known order.
const LATENCY: Record<string, number> = { "Frankfurt ⇄ AWS": 108, "Paris ⇄ Frankfurt": 12, "Paris ⇄ Azure": 31 };

beforeAll(async () => {
  for (const name of ["Contoso", "Fabrikam", "Northwind Networks"]) org[name] = await organizationId(name);
  const db = await getDb();
  const contosoPaths = await db.select().from(paths).where(eq(paths.organizationId, org.Contoso));
  const now = new Date();
  for (const path of contosoPaths) {
    const latencyMs = LATENCY[path.name] ?? null;
    const state = { organizationId: path.organizationId, lastSampleAt: now, latencyMs, jitterMs: 1, lossPercent: 0, samples: 10, sla: "healthy" as const, evaluatedAt: now };
    await db
      .insert(telemetryPathState)
      .values({ pathId: path.id, ...state })
      .onConflictDoUpdate({ target: telemetryPathState.pathId, set: state });
  }
  // One path in warning and one bad: a count of warning is not a count of both.
  await db.update(paths).set({ slaHealth: "warning" }).where(eq(paths.name, "Paris ⇄ Azure"));
  await db.update(paths).set({ slaHealth: "bad" }).where(eq(paths.name, "Frankfurt ⇄ AWS"));
});

describe("paths ranked and counted", () => {
  it("ranks by latency, highest first, with each value, cut to the number asked, and lowest first on demand", async () => {
    const top = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { sort: "latency", limit: 2 });
    expect(names(top.paths)).toEqual(["Frankfurt ⇄ AWS", "Paris ⇄ Azure"]);
    expect(top.paths.map((path: { latencyMs: number }) => path.latencyMs)).toEqual([108, 31]);
    const text = summary("listPaths", top);
    expect(text).toContain("1. **Frankfurt ⇄ AWS**");
    expect(text).toContain("108 ms");
    expect(text).toContain("31 ms");
    expect(text).not.toContain("Paris ⇄ Frankfurt");

    const lowest = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { sort: "latency", order: "asc", limit: 1 });
    expect(names(lowest.paths)).toEqual(["Paris ⇄ Frankfurt"]);
  });

  it("ranks by bandwidth, biggest first", async () => {
    const db = await getDb();
    const expected = (await db.select({ name: paths.name, bandwidth: paths.bandwidthMbps }).from(paths).where(eq(paths.organizationId, org.Contoso))).sort(
      (a, b) => b.bandwidth - a.bandwidth || a.name.localeCompare(b.name),
    );
    const ranked = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { sort: "bandwidth" });
    expect(ranked.paths.map((path: { bandwidthMbps: number }) => path.bandwidthMbps)).toEqual(expected.map((path) => path.bandwidth));
  });

  it("counts exactly the state asked: warning is not bad", async () => {
    const warning = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { health: "warning" });
    expect(warning.total).toBe(1);
    expect(names(warning.paths)).toEqual(["Paris ⇄ Azure"]);
    expect(summary("listPaths", warning)).toMatch(/^1 of the \d+ paths of Contoso is in warning:/);
    const healthy = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listPaths", { health: "bad" });
    expect(summary("listPaths", healthy)).toMatch(/^0 of the \d+ paths of Fabrikam are bad: none is right now\./);
  });

  it("never ranks another customer's paths", async () => {
    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listPaths", { sort: "latency" });
    expect(names(fabrikam.paths).some((name: string) => name in LATENCY)).toBe(false);
    const msp = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listPaths", { sort: "latency", limit: 1 });
    expect(names(msp.paths)).toEqual(["Frankfurt ⇄ AWS"]);
  });
});

describe("sites, connectors and customers ranked", () => {
  beforeAll(async () => {
    const db = await getDb();
    const rows = await db.select({ id: connectors.id, siteId: connectors.siteId, organizationId: connectors.organizationId, bandwidth: connectors.bandwidthMbps, site: sites.name })
      .from(connectors)
      .innerJoin(sites, eq(sites.id, connectors.siteId))
      .where(inArray(connectors.organizationId, [org.Contoso, org.Fabrikam]));
    // Frankfurt DC carries the most now, at 90 % of a connector; every other connector 1 % of its bandwidth.
    for (const row of rows) {
      const share = row.site === "Frankfurt DC" ? 0.9 : 0.01;
      const state = { organizationId: row.organizationId, siteId: row.siteId, status: "up" as const, rxBps: row.bandwidth * 1e6 * share, txBps: 1e3, sampledAt: new Date(), changedAt: new Date() };
      await db.insert(telemetryConnectorState).values({ connectorId: row.id, ...state }).onConflictDoUpdate({ target: telemetryConnectorState.connectorId, set: state });
    }
  });

  it("ranks the sites by their traffic now, with the figures", async () => {
    const ranked = await runTool(CONTOSO_ADMIN, "Contoso", "listSites", { sort: "traffic", limit: 2 });
    expect(ranked.sites).toHaveLength(2);
    expect(ranked.sites[0].name).toBe("Frankfurt DC");
    expect(ranked.sites[0].rxBps).toBeGreaterThan(ranked.sites[1].rxBps);
    expect(summary("listSites", ranked)).toMatch(/^Contoso’s sites by traffic now.*\n1\. \*\*Frankfurt DC\*\*: [\d,.]+ Mbps/);
    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listSites", { sort: "traffic" });
    expect(fabrikam.sites.every((site: { organizationName: string }) => site.organizationName === "Fabrikam")).toBe(true);
  });

  it("ranks the connectors by utilisation now, with their reserved bandwidth, within the caller's sight", async () => {
    const ranked = await runTool(CONTOSO_ADMIN, "Contoso", "listConnectors", { limit: 3 });
    expect(ranked.connectors).toHaveLength(3);
    expect(ranked.connectors[0]).toMatchObject({ siteName: "Frankfurt DC", utilizationPercent: 90 });
    const percents = ranked.connectors.map((connector: { utilizationPercent: number }) => connector.utilizationPercent);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    const db = await getDb();
    const [reserved] = await db
      .select({ used: sql<number>`coalesce(sum(${paths.bandwidthMbps}), 0)::int` })
      .from(paths)
      .innerJoin(connectors, eq(connectors.name, ranked.connectors[0].name))
      .where(sql`${paths.sourceConnectorId} = ${connectors.id} or ${paths.destinationConnectorId} = ${connectors.id}`);
    expect(ranked.connectors[0].allocatedMbps).toBe(Number(reserved.used));
    expect(summary("listConnectors", ranked)).toContain("90%");

    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listConnectors", {});
    expect(fabrikam.connectors.every((connector: { organizationName: string }) => connector.organizationName === "Fabrikam")).toBe(true);
    const msp = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listConnectors", {});
    expect(new Set(msp.connectors.map((connector: { organizationName: string }) => connector.organizationName))).toEqual(new Set(["Contoso", "Fabrikam"]));
  });

  it("ranks an MSP's customers by their sites with the counts, and shows a customer only itself", async () => {
    const db = await getDb();
    const count = async (organization: string) => (await db.select({ id: sites.id }).from(sites).where(eq(sites.organizationId, org[organization]))).length;
    const ranked = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listOrganizations", { sort: "sites" });
    const customers = ranked.organizations.filter((organization: { sites: number | null }) => organization.sites !== null);
    expect(customers.map((organization: { name: string; sites: number }) => [organization.name, organization.sites])).toEqual(
      [["Contoso", await count("Contoso")], ["Fabrikam", await count("Fabrikam")]].sort((a, b) => Number(b[1]) - Number(a[1])),
    );
    expect(summary("listOrganizations", ranked)).toContain(`**Contoso**: ${await count("Contoso")} sites`);
    const own = await runTool(CONTOSO_ADMIN, "Contoso", "listOrganizations", { sort: "sites" });
    expect(names(own.organizations)).toEqual(["Contoso"]);
  });
});

describe("devices, nodes and links counted", () => {
  it("counts the devices by status, adding up to the inventory", async () => {
    const [all, spread] = await Promise.all([runTool(NORTHWIND_ADMIN, "Northwind Networks", "inventory", {}), runTool(NORTHWIND_ADMIN, "Northwind Networks", "inventory", { byStatus: true })]);
    const counts = spread.byStatus as Record<string, number>;
    expect(Object.keys(counts).sort()).toEqual(["assigned", "unassigned", "unclaimed"]);
    expect(counts.assigned + counts.unassigned + counts.unclaimed).toBe(all.total);
    expect(summary("inventory", spread)).toContain(`- assigned to a node: ${counts.assigned}`);
  });

  it("counts an MSP's edge nodes and those with an unreachable device; a customer runs none", async () => {
    const db = await getDb();
    const edge = await db.select({ id: nodes.id }).from(nodes).where(sql`${nodes.organizationId} = ${org["Northwind Networks"]} and ${nodes.kind} = 'edge'`);
    const listed = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listNodes", { kind: "edge" });
    expect(listed.total).toBe(edge.length);
    expect(listed.nodes.every((node: { kind: string }) => node.kind === "edge")).toBe(true);
    expect(listed.unreachable).toBe(listed.nodes.filter((node: { reachable: boolean | null }) => node.reachable === false).length);
    expect(summary("listNodes", listed)).toContain(`You run ${edge.length} edge nodes.`);
    const customer = await runTool(CONTOSO_ADMIN, "Contoso", "listNodes", {});
    expect(customer.total).toBe(0);
  });

  it("lists the links with their state now, a link reported down first, and none to a customer", async () => {
    const db = await getDb();
    const mspLinks = await db.select().from(links).where(eq(links.organizationId, org["Northwind Networks"]));
    expect(mspLinks.length).toBeGreaterThan(0);
    const [down] = mspLinks;
    const now = new Date();
    await db
      .insert(telemetryLinkState)
      .values({ linkId: down.id, reporterNodeId: down.sourceNodeId, status: "down", latencyMs: null, lossPercent: 100, rxBps: 0, txBps: 0, sampledAt: now, changedAt: now })
      .onConflictDoUpdate({ target: [telemetryLinkState.linkId, telemetryLinkState.reporterNodeId], set: { status: "down", lossPercent: 100, sampledAt: now } });
    const all = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listLinks", {});
    expect(all.scanned).toBe(mspLinks.length);
    const sick = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listLinks", { health: "unhealthy" });
    expect(sick.items[0]).toMatchObject({ name: down.name, status: "down", health: "unhealthy" });
    expect(summary("listLinks", sick)).toContain(`**${down.name}**`);
    const customer = await runTool(CONTOSO_ADMIN, "Contoso", "listLinks", { health: "unhealthy" });
    expect(customer.scanned).toBe(0);
    expect(JSON.stringify(customer)).not.toContain(down.name);
  });
});
