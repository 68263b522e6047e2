import { and, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AssistantToolName } from "@/lib/assistant/tools";
import { summarizePlan, summarizeToolResult } from "@/server/assistant/summaries";
import { getDb } from "@/server/db/client";
import { alarms, devices, externalFabrics, links, nodes, organizations, paths, sites, users } from "@/server/db/schema";
import { runAssistantTool } from "./assistant-helpers";
import { organizationId } from "./helpers";

// Aggregates and filtered lists (issue 40, scope 3) on the demo network: counts by group and sums computed by the
// database that add up to what the caller sees — and never count another tenant's objects.
process.env.TEST_SEED_NETWORK = "1";
delete process.env.ASSISTANT_BASE_URL;

const CONTOSO_ADMIN = "admin@contoso.example";
const FABRIKAM_ADMIN = "admin@fabrikam.example";
const NORTHWIND_ADMIN = "admin@northwind.example";
const OPERATOR = "admin@maia.example";
const org: Record<string, string> = {};

const runTool = (email: string, organization: string, name: AssistantToolName, input: Record<string, unknown>) => runAssistantTool(email, org[organization], name, input);
const summary = (name: AssistantToolName, value: unknown, locale: "en" | "fr" = "en") => summarizeToolResult(name, { type: "json", value: value as never }, locale);
type Group = { key: string; count: number; bandwidthMbps?: number };
const byKey = (groups: Group[]) => Object.fromEntries(groups.map((group) => [group.key, group.count]));

beforeAll(async () => {
  for (const name of ["Contoso", "Fabrikam", "Northwind Networks", "Maia"]) org[name] = await organizationId(name);
});

describe("paths counted by group and summed", () => {
  it("counts every SLA state and layer of the caller's paths only, and sums their bandwidth", async () => {
    const db = await getDb();
    const own = await db.select().from(paths).where(eq(paths.organizationId, org.Contoso));
    const states = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { groupBy: "state" });
    expect(states.groups.map((group: Group) => group.key).sort()).toEqual(["bad", "healthy", "unknown", "warning"]);
    for (const state of ["healthy", "warning", "bad", "unknown"]) expect(byKey(states.groups)[state]).toBe(own.filter((path) => path.slaHealth === state).length);
    const text = summary("listPaths", states);
    expect(text).toContain(`${own.length} paths by SLA state`);

    const layers = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { groupBy: "layer", total: "bandwidth" });
    expect(byKey(layers.groups)).toEqual({ layer2: own.filter((path) => path.layer === "layer2").length, layer3: own.filter((path) => path.layer === "layer3").length });
    const total = own.reduce((sum, path) => sum + path.bandwidthMbps, 0);
    expect(layers.totalBandwidthMbps).toBe(total);
    expect(summary("listPaths", layers)).toContain(`- Layer 3: ${byKey(layers.groups).layer3}`);

    // Another customer's paths are never counted: Fabrikam's sum is of its own.
    const fabrikam = await db.select().from(paths).where(eq(paths.organizationId, org.Fabrikam));
    const theirs = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listPaths", { total: "bandwidth" });
    expect(theirs.totalBandwidthMbps).toBe(fabrikam.reduce((sum, path) => sum + path.bandwidthMbps, 0));
    expect(theirs.total).toBe(fabrikam.length);
  });

  it("lists one layer's paths, Layer 3 ones with their prefixes", async () => {
    const db = await getDb();
    const layer3 = await db.select().from(paths).where(and(eq(paths.organizationId, org.Contoso), eq(paths.layer, "layer3")));
    expect(layer3.length).toBeGreaterThan(0);
    const listed = await runTool(CONTOSO_ADMIN, "Contoso", "listPaths", { layer: "layer3" });
    expect(listed.total).toBe(layer3.length);
    const text = summary("listPaths", listed, "fr");
    for (const path of layer3) for (const prefix of path.prefixes ?? []) expect(text).toContain(prefix);
  });
});

describe("sites, nodes and devices counted", () => {
  it("counts the sites by type and says whether all are active, naming the inactive", async () => {
    const db = await getDb();
    const own = await db.select().from(sites).where(eq(sites.organizationId, org.Contoso));
    const typed = await runTool(CONTOSO_ADMIN, "Contoso", "listSites", { groupBy: "type" });
    expect(typed.groups.reduce((sum: number, group: Group) => sum + group.count, 0)).toBe(own.length);
    const standard = own.filter((site) => site.type === "standard").length;
    expect(summary("listSites", typed)).toContain(`- standard: ${standard}`);
    expect(summary("listSites", typed)).toContain(`- cloud: ${own.length - standard}`);

    const inactive = await runTool(CONTOSO_ADMIN, "Contoso", "listSites", { active: false });
    expect(inactive.scanned).toBe(own.length);
    expect(inactive.sites.map((site: { name: string }) => site.name).sort()).toEqual(own.filter((site) => !site.active).map((site) => site.name).sort());
    const text = summary("listSites", inactive);
    expect(text.startsWith(inactive.total === 0 ? "Yes" : "No")).toBe(true);
  });

  it("counts an MSP's nodes of every kind and its devices by version; a customer counts none", async () => {
    const db = await getDb();
    const mspNodes = await db.select().from(nodes).where(eq(nodes.organizationId, org["Northwind Networks"]));
    const kinds = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listNodes", { groupBy: "kind" });
    for (const kind of ["edge", "cpe", "core"]) expect(byKey(kinds.groups)[kind]).toBe(mspNodes.filter((node) => node.kind === kind).length);
    expect(summary("listNodes", kinds)).toContain(`- core: ${mspNodes.filter((node) => node.kind === "core").length}`);
    expect((await runTool(CONTOSO_ADMIN, "Contoso", "listNodes", { groupBy: "kind" })).groups.every((group: Group) => group.count === 0)).toBe(true);

    const [all, versions] = await Promise.all([
      runTool(NORTHWIND_ADMIN, "Northwind Networks", "inventory", {}),
      runTool(NORTHWIND_ADMIN, "Northwind Networks", "inventory", { groupBy: "version" }),
    ]);
    expect(versions.groups.reduce((sum: number, group: Group) => sum + group.count, 0)).toBe(all.total);
    // Counted per version by the database over exactly the devices the MSP sees.
    const seen = await db.select({ version: devices.softwareVersion }).from(devices).where(eq(devices.mspOrganizationId, org["Northwind Networks"]));
    if (seen.length === all.total) for (const group of versions.groups as Group[]) expect(group.count).toBe(seen.filter((device) => device.version === group.key).length);
    const [first] = versions.groups as Group[];
    expect(summary("inventory", versions)).toContain(`- ${first.key}: ${first.count}`);
  });
});

describe("alarms, organizations, fabrics and links asked for", () => {
  it("lists the acknowledged alarms with their note, of the caller's organization only", async () => {
    const db = await getDb();
    const acked = await db.select().from(alarms).where(and(eq(alarms.organizationId, org.Contoso), isNotNull(alarms.acknowledgedAt)));
    const listed = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", { acknowledged: true });
    expect(listed.acknowledged).toBe(true);
    expect(listed.alarms.every((alarm: { organizationId: string }) => alarm.organizationId === org.Contoso)).toBe(true);
    const text = summary("listOpenAlarms", listed);
    for (const alarm of listed.alarms) if (alarm.note) expect(text).toContain(alarm.note);
    expect(listed.total).toBeLessThanOrEqual(acked.length);
    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listOpenAlarms", { acknowledged: true });
    expect(fabrikam.alarms.every((alarm: { organizationId: string }) => alarm.organizationId === org.Fabrikam)).toBe(true);
  });

  it("answers 'alarms since this morning' with every alarm raised then: the cleared and acknowledged ones say so", async () => {
    const db = await getDb();
    const [carla] = await db.select().from(users).where(eq(users.email, CONTOSO_ADMIN));
    const [path] = await db.select().from(paths).where(and(eq(paths.organizationId, org.Contoso), eq(paths.name, "Paris ⇄ Frankfurt")));
    const raisedAt = new Date(Date.now() - 3 * 3600_000);
    await db.insert(alarms).values({
      organizationId: org.Contoso,
      message: "Path Paris ⇄ Frankfurt: latency 112 ms above 100 ms",
      severity: "major",
      type: "sla-bad",
      source: "Paris ⇄ Frankfurt",
      subject: `path:${path.id}`,
      raisedAt,
      acknowledgedBy: carla.id,
      acknowledgedAt: new Date(raisedAt.getTime() + 300_000),
      clearedAt: new Date(raisedAt.getTime() + 900_000),
    });
    const range = { from: new Date(raisedAt.getTime() - 60_000).toISOString(), to: new Date(raisedAt.getTime() + 60_000).toISOString() };
    const listed = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", range);
    expect(listed).toMatchObject({ everyState: true, total: 1, stillOpen: 0 });
    expect(listed.alarms).toMatchObject([{ source: "Paris ⇄ Frankfurt", clearedAt: expect.any(String), acknowledgedBy: expect.any(String) }]);
    const text = summary("listOpenAlarms", listed);
    expect(text).toMatch(/^1 alarm was raised from .*; none is still open:/);
    expect(text).toContain("  - acknowledged by ");
    expect(text).toContain("  - cleared ");
    // The open ones alone, when no range is asked: this one is not among them.
    expect((await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", {})).alarms.map((alarm: { message: string }) => alarm.message)).not.toContain(listed.alarms[0].message);
  });

  it("answers who acknowledged an alarm that has cleared since, when none about the object is open", async () => {
    const db = await getDb();
    const day = 24 * 3600_000;
    const [carla] = await db.select().from(users).where(eq(users.email, CONTOSO_ADMIN));
    const [path] = await db.select().from(paths).where(and(eq(paths.organizationId, org.Contoso), eq(paths.name, "Frankfurt ⇄ AWS")));
    await db.insert(alarms).values({
      organizationId: org.Contoso,
      message: "Path Frankfurt ⇄ AWS: loss 6.2 % above 5 %",
      severity: "major",
      type: "sla-bad",
      source: "Frankfurt ⇄ AWS",
      subject: `path:${path.id}`,
      raisedAt: new Date(Date.now() - 2 * day),
      acknowledgedBy: carla.id,
      acknowledgedAt: new Date(Date.now() - 2 * day + 600_000),
      note: "ISP ticket 4471",
      clearedAt: new Date(Date.now() - day),
    });
    const listed = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", { acknowledged: true, about: "Frankfurt ⇄ AWS" });
    expect(listed.recentlyCleared).toBe(true);
    expect(listed.alarms).toMatchObject([{ note: "ISP ticket 4471", clearedAt: expect.any(String) }]);
    const text = summary("listOpenAlarms", listed);
    expect(text).toContain("No acknowledged alarm is open on Frankfurt ⇄ AWS; this one was acknowledged and has cleared since:");
    expect(text).toContain("ISP ticket 4471");
    expect(text).toContain("  - cleared ");
    // Another organization asking about the same name never sees it.
    expect((await runTool(FABRIKAM_ADMIN, "Fabrikam", "listOpenAlarms", { acknowledged: true, about: "Frankfurt ⇄ AWS" })).alarms).toEqual([]);
  });

  it("counts each MSP's customers for the operator, without saying it cannot see others", async () => {
    const db = await getDb();
    const msps = await runTool(OPERATOR, "Maia", "listOrganizations", { type: "msp" });
    expect(msps.organizations.length).toBeGreaterThan(0);
    for (const msp of msps.organizations as { id: string; customers: number }[]) {
      expect(msp.customers).toBe((await db.select().from(organizations).where(eq(organizations.parentId, msp.id))).length);
    }
    expect(msps.seesAll).toBe(true);
    expect(summary("listOrganizations", msps)).not.toContain("I cannot see any other organization");
    // An MSP's admin sees its own customers only, and is told it sees no others.
    const own = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listOrganizations", { type: "msp" });
    expect(own.organizations.map((organization: { name: string }) => organization.name)).toEqual(["Northwind Networks"]);
    expect(summary("listOrganizations", own)).toContain("I cannot see any other organization");
  });

  it("lists an MSP's external fabrics with their type, and none to another MSP's customer", async () => {
    const db = await getDb();
    const configured = await db.select().from(externalFabrics).where(eq(externalFabrics.organizationId, org["Northwind Networks"]));
    const listed = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "fabricStatus", { external: true });
    expect(listed).toMatchObject({ status: "external", total: configured.length });
    for (const fabric of configured) expect(summary("fabricStatus", listed)).toContain(fabric.name);
    const customer = await runTool(CONTOSO_ADMIN, "Contoso", "fabricStatus", { external: true });
    expect(customer.total).toBe(0);
  });

  it("answers one link by name, with its state, and never another tenant's", async () => {
    const db = await getDb();
    const [link] = await db.select().from(links).where(eq(links.organizationId, org["Northwind Networks"]));
    const one = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listLinks", { link: link.name });
    expect(one.items.map((item: { name: string }) => item.name)).toEqual([link.name]);
    const customer = await runTool(CONTOSO_ADMIN, "Contoso", "listLinks", { link: link.name });
    expect(customer.items).toEqual([]);
  });

  it("names the busier of two sites compared", async () => {
    const [paris, frankfurt] = await Promise.all(
      ["Paris HQ", "Frankfurt DC"].map((site) => runTool(CONTOSO_ADMIN, "Contoso", "siteTraffic", { site, now: true })),
    );
    const text = summarizePlan(
      [
        { toolName: "siteTraffic", output: { type: "json", value: { ...paris, current: { rxMbps: 10, txMbps: 5, at: null } } } },
        { toolName: "siteTraffic", output: { type: "json", value: { ...frankfurt, current: { rxMbps: 40, txMbps: 2, at: null } } } },
      ],
      "en",
    );
    expect(text).toContain("Frankfurt DC is busier: 42 Mbps");
    expect(text).toContain("Paris HQ (15 Mbps)");
  });
});
