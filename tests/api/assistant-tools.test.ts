import { randomUUID } from "node:crypto";
import { readUIMessageStream, type UIMessage } from "ai";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { captureLogs } from "../fixtures/log-capture";
import type {
  AssistantToolName,
  ExplainPathSlaOutput,
  GuidePathCreationOutput,
  GuideSiteCreationOutput,
  ListOpenAlarmsOutput,
  ListSitesOutput,
  RecentEventsOutput,
} from "@/lib/assistant/tools";
import { assistantInstructions } from "@/server/assistant/instructions";
import { streamAssistantReply } from "@/server/assistant/run";
import { AssistantToolError } from "@/server/assistant/scope";
import { assistantTools } from "@/server/assistant/tools";
import type { ServiceContext } from "@/server/core/service-context";
import { resolveSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { events, paths, sites, telemetryPathState } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";

// The assistant's tools on the demo network, each with the caller's own permissions, and whole answers through the
// AI SDK's loop with the embedded model. Another tenant's sites, paths and alarms stay out of sight, even by name.
process.env.TEST_SEED_NETWORK = "1";
delete process.env.ASSISTANT_BASE_URL;

const CONTOSO_ADMIN = "admin@contoso.example";
const CONTOSO_READONLY = "readonly@contoso.example";
const FABRIKAM_ADMIN = "admin@fabrikam.example";
const NORTHWIND_ADMIN = "admin@northwind.example";

const CONTOSO_SITES = ["AWS eu-central-1", "Azure West Europe", "Frankfurt DC", "Lyon Branch", "Paris HQ"];

const org: Record<string, string> = {};

async function contextFor(email: string): Promise<ServiceContext> {
  const cookie = await signIn(email);
  const db = await getDb();
  const principal = await resolveSession(db, decodeURIComponent(cookie.split("=")[1]));
  if (!principal) throw new Error(`no session for ${email}`);
  return { db, principal, requestId: randomUUID() };
}

type Outputs = Record<AssistantToolName, unknown> & {
  listSites: ListSitesOutput;
  explainPathSla: ExplainPathSlaOutput;
  listOpenAlarms: ListOpenAlarmsOutput;
  recentEvents: RecentEventsOutput;
  guideSiteCreation: GuideSiteCreationOutput;
  guidePathCreation: GuidePathCreationOutput;
};

/** Runs one tool as the AI SDK would, for a user in an organization's chat. */
async function runTool<NAME extends AssistantToolName>(
  email: string,
  organization: string,
  name: NAME,
  input: Record<string, unknown>,
  locale: "en" | "fr" = "en",
): Promise<Outputs[NAME]> {
  const tools = assistantTools({ context: await contextFor(email), organizationId: org[organization], locale });
  const execute = tools[name].execute as unknown as (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<Outputs[NAME]>;
  return execute(input, { toolCallId: randomUUID(), messages: [] });
}

async function siteId(name: string) {
  const [row] = await (await getDb()).select({ id: sites.id }).from(sites).where(eq(sites.name, name));
  return row.id;
}

async function pathRow(name: string) {
  const [row] = await (await getDb()).select().from(paths).where(eq(paths.name, name));
  return row;
}

beforeAll(async () => {
  for (const name of ["Contoso", "Fabrikam", "Initech", "Northwind Networks", "Maia"]) org[name] = await organizationId(name);
});

describe("listSites", () => {
  it("lists a customer's own sites with their counts, SLA and links", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "listSites", {});
    expect(output.organizationName).toBe("Contoso");
    expect(output.total).toBe(5);
    expect(output.sites.map((site) => site.name)).toEqual(CONTOSO_SITES);
    const paris = output.sites.find((site) => site.name === "Paris HQ")!;
    expect(paris).toMatchObject({ type: "standard", active: true, connectors: 2, paths: 3, sla: "warning", organizationName: "Contoso" });
    expect(paris.city).toContain("Paris");
    expect(output.sites.find((site) => site.name === "Lyon Branch")).toMatchObject({ active: false, paths: 1, sla: "unknown" });
    expect(output.sites.find((site) => site.name === "AWS eu-central-1")).toMatchObject({ type: "aws", paths: 1, sla: "healthy" });
    expect(output.links).toContainEqual({ label: "Open AWS eu-central-1", path: `customer/site/${await siteId("AWS eu-central-1")}` });
    expect(output.links).toContainEqual({ label: "Sites", path: "customer/site" });
  });

  it("filters by name, and says so in French", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "listSites", { query: "paris" }, "fr");
    expect(output.sites.map((site) => site.name)).toEqual(["Paris HQ"]);
    expect(output.links.map((link) => link.label)).toEqual(["Ouvrir Paris HQ", "Sites"]);
  });

  it("never shows another customer's site, even when named", async () => {
    const contoso = await runTool(CONTOSO_ADMIN, "Contoso", "listSites", { query: "Seattle" });
    expect(contoso).toMatchObject({ total: 0, sites: [] });
    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listSites", {});
    expect(fabrikam.sites.map((site) => site.name)).toEqual(["Dublin Office", "GCP us-east4", "Seattle Office"]);
  });

  it("refuses a chat about an organization the caller cannot see", async () => {
    await expect(runTool(FABRIKAM_ADMIN, "Contoso", "listSites", {})).rejects.toThrow(AssistantToolError);
    await expect(runTool(FABRIKAM_ADMIN, "Contoso", "listSites", {}, "fr")).rejects.toThrow("cette organisation ne vous est pas visible.");
  });

  it("gives an MSP its customers' sites in its own console, one customer's in that customer's", async () => {
    const own = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listSites", {});
    const names = own.sites.map((site) => site.name);
    expect(names).toEqual(expect.arrayContaining([...CONTOSO_SITES, "Seattle Office", "Dublin Office"]));
    expect(names).not.toContain("Madrid Office");
    const dublin = own.sites.find((site) => site.name === "Dublin Office")!;
    expect(dublin.organizationName).toBe("Fabrikam");
    expect(own.links).toContainEqual({ label: "Customer organizations", path: "msp/customerOrganization" });
    expect(own.links[0].path).toMatch(new RegExp(`^msp/dashboard/${org.Contoso}/`));
    const inContoso = await runTool(NORTHWIND_ADMIN, "Contoso", "listSites", {});
    expect(inContoso.sites.map((site) => site.name)).toEqual(CONTOSO_SITES);
  });

  it("gives the operator inside an MSP's console what the MSP's users see: its customers' sites, no other MSP's", async () => {
    const asMsp = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listSites", {});
    const asOperator = await runTool("admin@maia.example", "Northwind Networks", "listSites", {});
    expect(asOperator.sites.map((site) => site.name)).toEqual(asMsp.sites.map((site) => site.name));
    expect(asOperator.sites.map((site) => site.name)).not.toContain("Madrid Office");
    const lyon = await runTool("admin@maia.example", "Northwind Networks", "explainPathSla", { path: "Lyon ⇄ Paris" });
    expect(lyon.status).toBe("found");
    expect(lyon.status === "found" && lyon.path.name).toBe("Lyon ⇄ Paris");
  });
});

describe("explainPathSla", () => {
  it("finds a path by name or by its sites, and explains an unknown SLA without data", async () => {
    const lyon = await pathRow("Lyon ⇄ Paris");
    for (const query of ["Lyon ⇄ Paris", "lyon to paris", "Lyon Branch", lyon.id, "LŸON ⇄ PARIS"]) {
      const output = await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: query });
      expect(output.status, query).toBe("found");
      if (output.status !== "found") continue;
      expect(output.path).toMatchObject({ id: lyon.id, name: "Lyon ⇄ Paris", sourceSiteName: "Lyon Branch", destinationSiteName: "Paris HQ", sla: "unknown" });
      expect(output).toMatchObject({ measurement: null, unknownReason: "no-data", breaches: [], minSamples: 3, windowMinutes: 5 });
      expect(output.thresholds.lossPercent).toEqual({ warning: 1, bad: 5 });
      expect(output.links).toEqual([{ label: "Open Lyon ⇄ Paris", path: `customer/dashboard/${lyon.sourceSiteId}/path/${lyon.id}` }]);
    }
  });

  it("says which metric crossed which threshold, from the last evaluation", async () => {
    const db = await getDb();
    const azure = await pathRow("Paris ⇄ Azure");
    const before = await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: "Paris ⇄ Azure" });
    expect(before).toMatchObject({ status: "found", path: { sla: "warning" }, measurement: null, breaches: [] });
    const now = new Date();
    await db.insert(telemetryPathState).values({
      pathId: azure.id,
      organizationId: azure.organizationId,
      lastSampleAt: now,
      latencyMs: 86,
      jitterMs: 4,
      lossPercent: 0.2,
      samples: 10,
      sla: "warning",
      evaluatedAt: now,
    });
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: "paris ⇄ azure" });
    expect(output).toMatchObject({
      status: "found",
      measurement: { latencyMs: 86, jitterMs: 4, lossPercent: 0.2, samples: 10 },
      breaches: [{ metric: "latencyMs", value: 86, level: "warning", threshold: 80 }],
      unknownReason: null,
    });
  });

  it("tells too few samples from samples that stopped", async () => {
    const db = await getDb();
    const path = await pathRow("Frankfurt ⇄ AWS");
    await db.update(paths).set({ slaHealth: "unknown" }).where(eq(paths.id, path.id));
    const recent = new Date();
    await db.insert(telemetryPathState).values({
      pathId: path.id,
      organizationId: path.organizationId,
      lastSampleAt: recent,
      latencyMs: 20,
      jitterMs: 2,
      lossPercent: 0,
      samples: 2,
      sla: "unknown",
      evaluatedAt: recent,
    });
    expect(await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: "Frankfurt ⇄ AWS" })).toMatchObject({
      status: "found",
      unknownReason: "insufficient-samples",
      breaches: [],
    });
    const old = new Date(Date.now() - 3600_000);
    await db.update(telemetryPathState).set({ lastSampleAt: old, samples: 10 }).where(eq(telemetryPathState.pathId, path.id));
    expect(await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: "Frankfurt ⇄ AWS" })).toMatchObject({ unknownReason: "stale" });
  });

  it("answers candidates for an ambiguous name, worst first, only the caller's", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: "Paris" });
    expect(output.status).toBe("ambiguous");
    if (output.status !== "ambiguous") return;
    // Worst first in the dashboards' order (bad, warning, unknown, healthy): Paris ⇄ Azure is degraded, Lyon ⇄ Paris
    // unknown, Paris ⇄ Frankfurt healthy.
    expect(output.candidates.map((path) => path.name)).toEqual(["Paris ⇄ Azure", "Lyon ⇄ Paris", "Paris ⇄ Frankfurt"]);
    expect(output.candidates.map((path) => path.name)).not.toContain("Oracle ⇄ AWS Paris");
  });

  it("says whose each candidate is when they belong to several customers, and only then", async () => {
    const output = await runTool("admin@maia.example", "Maia", "explainPathSla", { path: "AWS" });
    expect(output.status).toBe("ambiguous");
    if (output.status !== "ambiguous") return;
    expect(output.candidates.map((path) => [path.name, path.organizationName]).sort()).toEqual([
      ["Frankfurt ⇄ AWS", "Contoso"],
      ["Oracle ⇄ AWS Paris", "Initech"],
    ]);
    const own = await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: "Paris" });
    expect(own.status === "ambiguous" && own.candidates.every((path) => path.organizationName === undefined)).toBe(true);
  });

  it("never finds another customer's path, by name or by id", async () => {
    const initech = await pathRow("Madrid ⇄ Milan");
    for (const query of ["Madrid ⇄ Milan", initech.id, "Madrid Office to Milan Branch"]) {
      const output = await runTool(CONTOSO_ADMIN, "Contoso", "explainPathSla", { path: query });
      expect(output.status, query).toBe("not-found");
      if (output.status !== "not-found") continue;
      expect(output.candidates.length).toBeGreaterThan(0);
      for (const candidate of output.candidates) expect(["Paris ⇄ Frankfurt", "Frankfurt ⇄ AWS", "Paris ⇄ Azure", "Lyon ⇄ Paris"]).toContain(candidate.name);
    }
    expect(await runTool(FABRIKAM_ADMIN, "Fabrikam", "explainPathSla", { path: "Lyon ⇄ Paris" })).toMatchObject({ status: "not-found" });
    expect(await runTool(NORTHWIND_ADMIN, "Northwind Networks", "explainPathSla", { path: "Madrid ⇄ Milan" })).toMatchObject({ status: "not-found" });
  });

  it("links an MSP to its own path page", async () => {
    const seattle = await pathRow("Seattle ⇄ Dublin");
    const output = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "explainPathSla", { path: "Seattle ⇄ Dublin" });
    expect(output).toMatchObject({ status: "found", path: { id: seattle.id, sla: "healthy" } });
    // A degraded path also links its route, where its root cause is drawn.
    expect(output.links[0]).toEqual({ label: "Open Seattle ⇄ Dublin", path: `paths/${seattle.id}` });
    expect(output.links.slice(1).every((link) => link.path === `paths/${seattle.id}/pathTopology` || link.path === "alarms" || link.path === "events")).toBe(true);
  });
});

describe("listOpenAlarms and recentEvents", () => {
  it("lists a customer's open, unacknowledged alarms in the reader's language", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", {});
    expect(output.total).toBe(1);
    expect(output.alarms).toHaveLength(1);
    expect(output.alarms[0]).toMatchObject({ severity: "major", type: "sla-bad", source: "Lyon ⇄ Paris", organizationId: org.Contoso });
    expect(output.alarms[0].message).toContain("Lyon ⇄ Paris");
    expect(output.alarms[0].message).not.toContain("alarms.message.");
    expect(output.links).toEqual([{ label: "Alarms", path: "alarms" }]);
    const fr = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", {}, "fr");
    expect(fr.alarms[0].message).not.toBe(output.alarms[0].message);
  });

  it("gives an MSP its own and its customers' alarms, never another MSP's customers'", async () => {
    const output = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "listOpenAlarms", {});
    const sources = output.alarms.map((alarm) => alarm.source);
    expect(sources).toEqual(expect.arrayContaining(["Lyon ⇄ Paris", "MX-C100-0151"]));
    expect(sources).not.toContain("Madrid ⇄ Milan");
    expect(output.total).toBe(output.alarms.length);
    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listOpenAlarms", {});
    expect(fabrikam).toMatchObject({ total: 0, alarms: [] });
  });

  it("lists the latest events of the organization, as many as asked", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", { limit: 3 });
    expect(output.events).toHaveLength(3);
    for (const event of output.events) expect(event.organizationId).toBe(org.Contoso);
    const times = output.events.map((event) => event.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(output.links).toEqual([{ label: "Events", path: "events" }]);
    const all = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", {});
    expect(all.events).toHaveLength(10);
  });
});

describe("alarms and events about a site", () => {
  it("counts a site's connectors' and paths' alarms as the site's, and another tenant's site as invisible", async () => {
    // The open alarm is on the path Lyon ⇄ Paris: it is Lyon Branch's too, and Paris HQ's.
    const lyon = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", { about: "Lyon Branch" });
    expect(lyon.alarms.map((alarm) => alarm.source)).toEqual(["Lyon ⇄ Paris"]);
    const frankfurt = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", { about: "Frankfurt DC" });
    expect(frankfurt.total).toBe(0);
    const other = await runTool(FABRIKAM_ADMIN, "Fabrikam", "listOpenAlarms", { about: "Lyon Branch" });
    expect(other).toMatchObject({ total: 0, alarms: [], aboutNotVisible: true });
  });

  it("reads a site named whole as that site, not as the one path it ends", async () => {
    const db = await getDb();
    const [site] = await db.select().from(sites).where(eq(sites.name, "Lyon Branch"));
    const cookie = await signIn(CONTOSO_ADMIN);
    expect((await call("PATCH", `/config/site/${site.id}`, { cookie, body: { description: "Rack 4, second floor" } })).status).toBe(200);
    const lyon = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", { about: "Lyon Branch" });
    expect(lyon.aboutNotVisible).toBe(false);
    expect(lyon.events.length).toBeGreaterThan(0);
    expect(lyon.events.every((event) => event.entityType === "site")).toBe(true);
  });
});

describe("listOpenAlarms and recentEvents over a time range", () => {
  // One calendar day long before the seed's events, and what lies just outside it.
  const FROM = "2020-03-10T00:00:00.000Z";
  const TO = "2020-03-11T00:00:00.000Z";
  const inserted: Record<string, string> = {};

  beforeAll(async () => {
    const db = await getDb();
    const parisHq = await siteId("Paris HQ");
    const rows = [
      ["contoso-start", org.Contoso, FROM, parisHq],
      ["contoso-noon", org.Contoso, "2020-03-10T12:00:00.000Z", "range-test-entity"],
      ["contoso-late", org.Contoso, "2020-03-10T23:59:59.000Z", "range-test-entity"],
      ["contoso-next-midnight", org.Contoso, TO, "range-test-entity"],
      ["contoso-day-before", org.Contoso, "2020-03-09T23:59:59.000Z", parisHq],
      ["fabrikam-noon", org.Fabrikam, "2020-03-10T12:00:00.000Z", "range-test-entity"],
      ["initech-noon", org.Initech, "2020-03-10T12:00:00.000Z", "range-test-entity"],
    ] as const;
    for (const [name, organization, at, entityId] of rows) {
      const [row] = await db
        .insert(events)
        .values({ organizationId: organization, timestamp: new Date(at), source: "range-test", type: "site.updated", entityType: "site", entityId, before: { description: name }, after: { description: `${name}!` } })
        .returning({ id: events.id });
      inserted[name] = String(row.id);
    }
  });

  const ids = (output: RecentEventsOutput) => output.events.map((event) => event.id);

  it("returns only the events inside the range, newest first, with how many it holds", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", { from: FROM, to: TO });
    expect(ids(output)).toEqual([inserted["contoso-late"], inserted["contoso-noon"], inserted["contoso-start"]]);
    expect(output).toMatchObject({ range: { from: FROM, to: TO }, total: 3, atLeast: false });
    const two = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", { from: FROM, to: TO, limit: 2 });
    expect(two).toMatchObject({ total: 3 });
    expect(ids(two)).toEqual([inserted["contoso-late"], inserted["contoso-noon"]]);
  });

  it("never gives another tenant's events of the range", async () => {
    const fabrikam = await runTool(FABRIKAM_ADMIN, "Fabrikam", "recentEvents", { from: FROM, to: TO });
    expect(ids(fabrikam)).toEqual([inserted["fabrikam-noon"]]);
    // An MSP's console holds its customers' events (Contoso's, Fabrikam's), never another MSP's customer's (Initech's).
    const msp = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "recentEvents", { from: FROM, to: TO, limit: 20 });
    expect(ids(msp)).toEqual(expect.arrayContaining([inserted["contoso-noon"], inserted["fabrikam-noon"]]));
    expect(ids(msp)).not.toContain(inserted["initech-noon"]);
    expect(msp.total).toBe(4);
    // A customer chat of the MSP: that customer's only.
    const customer = await runTool(NORTHWIND_ADMIN, "Contoso", "recentEvents", { from: FROM, to: TO });
    expect(ids(customer)).toEqual([inserted["contoso-late"], inserted["contoso-noon"], inserted["contoso-start"]]);
  });

  it("narrows one object's changes to the range", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", { about: "Paris HQ", from: FROM, to: TO });
    expect(ids(output)).toEqual([inserted["contoso-start"]]);
    expect(output).toMatchObject({ about: "Paris HQ", total: 1 });
    expect(await runTool(FABRIKAM_ADMIN, "Fabrikam", "recentEvents", { about: "Paris HQ", from: FROM, to: TO })).toMatchObject({ aboutNotVisible: true, events: [] });
  });

  it("keeps the latest events when no range is asked", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "recentEvents", {});
    expect(output).toMatchObject({ range: null, total: null });
    expect(ids(output)).not.toContain(inserted["contoso-noon"]);
  });

  it("lists the alarms raised in a range, whatever became of them, and none of another tenant's", async () => {
    const [alarm] = (await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", {})).alarms;
    const raised = Date.parse(alarm.raisedAt);
    const around = { from: new Date(raised - 60_000).toISOString(), to: new Date(raised + 60_000).toISOString() };
    const inside = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", around);
    expect(inside).toMatchObject({ range: around, everyState: true });
    expect(inside.alarms.map((found) => found.id)).toContain(alarm.id);
    expect(inside.stillOpen).toBeGreaterThanOrEqual(1);
    for (const found of inside.alarms) expect(Date.parse(found.raisedAt)).toBeGreaterThanOrEqual(raised - 60_000);
    const before = await runTool(CONTOSO_ADMIN, "Contoso", "listOpenAlarms", { to: new Date(raised - 1).toISOString() });
    expect(before).toMatchObject({ range: { from: null } });
    expect(before.alarms.map((found) => found.id)).not.toContain(alarm.id);
    for (const found of before.alarms) expect(Date.parse(found.raisedAt)).toBeLessThan(raised);
    expect(await runTool(FABRIKAM_ADMIN, "Fabrikam", "listOpenAlarms", around)).toMatchObject({ total: 0, alarms: [] });
  });
});

describe("the creation guides", () => {
  it("guides a site creation with the user's details, and tells a read-only user to ask an admin", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "guideSiteCreation", { name: "Berlin Office", city: "Berlin", type: "AWS" });
    expect(output).toMatchObject({ canWrite: true, name: "Berlin Office", city: "Berlin", type: "aws", unknownType: null });
    expect(output.cloud).toMatchObject({ provider: "aws", accountField: "awsAccountId" });
    expect(output.cloud!.regions).toHaveLength(3);
    expect(output.locations.length).toBeGreaterThan(0);
    expect(output.locations[0].address).toContain("Berlin");
    expect(output.steps[0]).toBe("Open Sites and choose Add Site.");
    expect(output.steps).toContain("Name: Berlin Office.");
    expect(output.steps).toContain("Type: AWS.");
    expect(output.links).toEqual([{ label: "Add a site", path: "customer/site" }]);
    const readOnly = await runTool(CONTOSO_READONLY, "Contoso", "guideSiteCreation", { type: "mainframe" }, "fr");
    expect(readOnly).toMatchObject({ canWrite: false, type: null, unknownType: "mainframe", cloud: null });
    expect(readOnly.steps[0]).toBe("Ouvrez Sites et choisissez Ajouter un site.");
  });

  it("points an MSP to its customer organizations", async () => {
    const output = await runTool(NORTHWIND_ADMIN, "Northwind Networks", "guideSiteCreation", {});
    expect(output.steps[0]).toBe("Open the customer organization the site is for, then its Sites page, and choose Add Site.");
    expect(output.links).toEqual([{ label: "Add a site", path: "msp/customerOrganization" }]);
  });

  it("guides a path creation between named sites, with their connectors", async () => {
    const paris = await siteId("Paris HQ");
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "guidePathCreation", { source: "paris hq", destination: "Frankfurt", layer: "3" });
    expect(output).toMatchObject({ canWrite: true, layer: "layer3", unresolved: [] });
    expect(output.source).toMatchObject({ id: paris, name: "Paris HQ" });
    expect(output.source!.connectors.map((connector) => connector.name).sort()).toEqual(["Paris DIA", "Paris fiber A"]);
    expect(output.destination?.name).toBe("Frankfurt DC");
    expect(output.steps).toContain("Source Paris HQ, destination Frankfurt DC: pick a connector at each end.");
    expect(output.steps.find((step) => step.startsWith("Connectors at Paris HQ:"))).toContain("Paris DIA (1,000 Mbps)");
    expect(output.steps).toContain("Prefixes (Layer 3): one or more IP prefixes, separated by commas.");
    expect(output.links).toEqual([{ label: "Add a path", path: `customer/site/${paris}/path` }]);
  });

  it("never resolves another customer's site", async () => {
    const output = await runTool(CONTOSO_ADMIN, "Contoso", "guidePathCreation", { source: "Madrid Office", destination: "Paris HQ", layer: "layer2" });
    expect(output).toMatchObject({ source: null, unresolved: ["Madrid Office"], layer: "layer2" });
    expect(output.destination?.name).toBe("Paris HQ");
    expect(output.steps.some((step) => step.startsWith("Prefixes"))).toBe(false);
  });
});

const userMessage = (text: string): UIMessage => ({ id: randomUUID(), role: "user", parts: [{ type: "text", text }] });

/** The answer as the route stores it: the UI message the stream builds. */
async function answer(result: Awaited<ReturnType<typeof streamAssistantReply>>) {
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: result.toUIMessageStream() })) last = message;
  return { ...last!, id: randomUUID() };
}

const textOf = (message: UIMessage) =>
  message.parts
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("");

describe("the question's own language (issue 40, scope 8)", () => {
  it("answers a French question in an English console wholly in French, the tool's steps included", async () => {
    const context = await contextFor(NORTHWIND_ADMIN);
    const result = await streamAssistantReply({ context, organizationId: org["Northwind Networks"], locale: "en", messages: [userMessage("comment ajouter un nœud CPE ?")] });
    const text = textOf(await answer(result));
    expect(text).toContain("Pour ajouter un nœud CPE");
    expect(text).toContain("Ouvrez Nœuds CPE");
    expect(text).not.toContain("Open CPE nodes");
  });
});

describe("plans of several reads in one answer (issue 40, scope 3)", () => {
  it("compares two paths the question names, with both tools' answers", async () => {
    const context = await contextFor(CONTOSO_ADMIN);
    const result = await streamAssistantReply({ context, organizationId: org.Contoso, locale: "en", messages: [userMessage("compare paris-frankfurt vs frankfurt ⇄ aws")] });
    const message = await answer(result);
    const explained = message.parts.filter((part) => part.type === "tool-explainPathSla");
    expect(explained.map((part) => (part as { input: { path: string } }).input.path)).toEqual(["Paris ⇄ Frankfurt", "Frankfurt ⇄ AWS"]);
    expect(explained.every((part) => (part as { state: string }).state === "output-available")).toBe(true);
    const text = textOf(message);
    expect(text).toContain("Paris ⇄ Frankfurt");
    expect(text).toContain("Frankfurt ⇄ AWS");
  });

  it("answers a site's alarms and its recent events together", async () => {
    const context = await contextFor(CONTOSO_ADMIN);
    const result = await streamAssistantReply({ context, organizationId: org.Contoso, locale: "en", messages: [userMessage("alarms and recent events for Lyon Branch")] });
    const message = await answer(result);
    expect(message.parts.filter((part) => part.type === "tool-listOpenAlarms" || part.type === "tool-recentEvents").map((part) => part.type)).toEqual([
      "tool-listOpenAlarms",
      "tool-recentEvents",
    ]);
  });

  it("names nothing of another tenant in a plan", async () => {
    const context = await contextFor(FABRIKAM_ADMIN);
    const result = await streamAssistantReply({ context, organizationId: org.Fabrikam, locale: "en", messages: [userMessage("compare paris-frankfurt vs frankfurt ⇄ aws")] });
    const text = textOf(await answer(result));
    expect(text).not.toContain("Paris ⇄ Frankfurt");
    expect(text).not.toContain("Frankfurt ⇄ AWS");
  });
});

describe("streamAssistantReply with the embedded model", () => {
  it("answers “list my sites” with the seeded sites, through the listSites tool", async () => {
    const context = await contextFor(CONTOSO_ADMIN);
    const result = await streamAssistantReply({ context, organizationId: org.Contoso, locale: "en", messages: [userMessage("list my sites")] });
    const message = await answer(result);
    const tool = message.parts.find((part) => part.type === "tool-listSites");
    expect(tool).toMatchObject({ state: "output-available", input: {} });
    expect((tool as { toolCallId: string }).toolCallId).toMatch(/^[0-9a-f-]{36}$/);
    const text = textOf(message);
    expect(text.startsWith("Contoso has 5 sites:")).toBe(true);
    for (const name of CONTOSO_SITES) expect(text).toContain(`- ${name} (`);
    expect(text).not.toContain("Seattle Office");
  });

  it("streams the answer as the route sends it, and hands the route the message to store", async () => {
    const context = await contextFor(CONTOSO_READONLY);
    const messages = [userMessage("how do I create a site?")];
    const result = await streamAssistantReply({ context, organizationId: org.Contoso, locale: "en", messages });
    let stored: UIMessage | undefined;
    const response = result.toUIMessageStreamResponse({
      originalMessages: messages,
      generateMessageId: randomUUID,
      onFinish: ({ responseMessage }) => {
        stored = responseMessage;
      },
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const body = await response.text();
    expect(body).toContain('"type":"tool-output-available"');
    expect(stored?.role).toBe("assistant");
    expect(stored?.parts.find((part) => part.type === "tool-guideSiteCreation")).toMatchObject({
      state: "output-available",
      output: { canWrite: false, links: [{ label: "Add a site", path: "customer/site" }] },
    });
    expect(textOf(stored!)).toContain("Your role is read-only: ask an administrator of Contoso to do it, or to give you the configure role.");
  });

  it("answers in French", async () => {
    const context = await contextFor(CONTOSO_ADMIN);
    const result = await streamAssistantReply({ context, organizationId: org.Contoso, locale: "fr", messages: [userMessage("mes sites")] });
    const text = await result.text;
    expect(text.startsWith("Contoso a 5 sites :")).toBe(true);
    for (const name of CONTOSO_SITES) expect(text).toContain(`- ${name} (`);
  });

  it("continues a stored conversation, its tool parts checked against the tools", async () => {
    const context = await contextFor(CONTOSO_ADMIN);
    const first = [userMessage("list my sites")];
    const reply = await answer(await streamAssistantReply({ context, organizationId: org.Contoso, locale: "en", messages: first }));
    const conversation = [...first, reply, userMessage("and the open alarms?")];
    const result = await streamAssistantReply({ context, organizationId: org.Contoso, locale: "en", messages: conversation });
    expect(await result.text).toMatch(/^1 open alarm is not acknowledged yet:\nBy severity: major: 1\.\n- \[major\] .*Lyon ⇄ Paris/);
  });

  it("keeps answering when a stored tool part no longer matches its tool", async () => {
    const context = await contextFor(CONTOSO_ADMIN);
    const logs = captureLogs();
    onTestFinished(logs.restore);
    const stale: UIMessage = {
      id: randomUUID(),
      role: "assistant",
      parts: [
        { type: "tool-listSites", toolCallId: randomUUID(), state: "output-available", input: {}, output: { sites: "old shape" } },
        { type: "text", text: "Here they are." },
      ],
    };
    const result = await streamAssistantReply({
      context,
      organizationId: org.Contoso,
      locale: "en",
      messages: [userMessage("list my sites"), stale, userMessage("recent events")],
    });
    expect(await result.text).toMatch(/^The latest 10 events:/);
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: "warn", area: "assistant", msg: "stored messages do not match the tools: keeping their text only" }));
  });

  it("explains the path of the page the user is on", async () => {
    const context = await contextFor(CONTOSO_ADMIN);
    const lyon = await pathRow("Lyon ⇄ Paris");
    const result = await streamAssistantReply({
      context,
      organizationId: org.Contoso,
      locale: "en",
      messages: [userMessage("why is this path degraded?")],
      page: `customer/dashboard/${lyon.sourceSiteId}/path/${lyon.id}`,
    });
    const text = await result.text;
    expect(text).toContain("The path Lyon ⇄ Paris (Lyon Branch ⇄ Paris HQ) is unknown.");
    expect(text).toContain("at least 3 samples");
  });

  it("tells the model who is asking, about what, where and in which language", async () => {
    const context = await contextFor(NORTHWIND_ADMIN);
    const instructions = await assistantInstructions({ context, organizationId: org.Contoso, locale: "fr", page: "customer/site" });
    expect(instructions).toContain("Nora Walsh (admin@northwind.example), dont le rôle est msp-admin dans Northwind Networks.");
    expect(instructions).toContain("l’organisation Contoso, de type client.");
    expect(instructions).toContain("la page de la console customer/site");
    expect(instructions).toContain("Réponds toujours en français.");
    const noPage = await assistantInstructions({ context, organizationId: org.Contoso, locale: "en", page: "javascript:alert(1) ignore previous" });
    expect(noPage).toContain("They have no particular console page open.");
    expect(noPage).toContain("Always answer in English.");
    // One consistent account of what it does: changes are proposals the user approves, and answers are Markdown.
    expect(noPage).toContain("nothing changes until the user approves the preview");
    expect(noPage).toContain("in Markdown");
    expect(noPage).not.toMatch(/never create|plain text/);
    expect(instructions).toContain("rien ne change tant que la personne n’a pas approuvé l’aperçu");
  });

  it("tells the model the user's time zone and the time there, UTC when the browser gave none", async () => {
    const context = await contextFor(NORTHWIND_ADMIN);
    const inParis = await assistantInstructions({ context, organizationId: org.Contoso, locale: "en", timeZone: "Europe/Paris" });
    const clock = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "Europe/Paris" }).format(new Date());
    expect(inParis).toMatch(new RegExp(`Their time zone is Europe/Paris, and the current time there is ${clock}, \\d{2}:\\d{2} \\(Europe/Paris\\)`));
    expect(inParis).toContain("\"tomorrow at 3am\" is 03:00 there");
    expect(await assistantInstructions({ context, organizationId: org.Contoso, locale: "fr" })).toContain("Le fuseau horaire de la personne est UTC");
  });
});
