import type { QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { alarmKeys, DEFAULT_ALARM_FILTER } from "@/lib/alarms/queries";
import { connectorKeys } from "@/lib/connectors/queries";
import { dashboardKeys } from "@/lib/dashboard/queries";
import { mspKeys } from "@/lib/msps/queries";
import { pathKeys } from "@/lib/paths/queries";
import { topologyKeys } from "@/lib/paths/topology-queries";
import type { RealtimeEvent } from "@/lib/realtime-client";
import { siteKeys } from "@/lib/sites/queries";
import { telemetryKeys } from "@/lib/telemetry/queries";
import { cacheOf, health, pages, refetched, resync, samples, selected, topology, updatedAt } from "./realtime-fixtures";

// The network pages' live updates (sites, connectors, paths, their route drawings, the dashboards' telemetry and the
// organization lists), through the console's registry: what each message does to the query cache.

const since = { from: "2026-01-01T00:00:00.000Z" };
// p1 runs from s1 over c1 to s2 over c2, routed over n1 and link l1; p2 from s2 over c3 to s3 over c4, over n2.
const ENDS: Record<string, object> = {
  p1: { sourceSiteId: "s1", sourceConnectorId: "c1", destinationSiteId: "s2", destinationConnectorId: "c2" },
  p2: { sourceSiteId: "s2", sourceConnectorId: "c3", destinationSiteId: "s3", destinationConnectorId: "c4" },
};
const path = (id: string, slaHealth = "healthy") => ({ id, name: id, slaHealth, ...ENDS[id] });
const route = (id: string, objects: string[], links: string[]) => ({
  path: { id },
  elements: objects.map((objectId) => ({ objectId })),
  connections: [...links.map((linkId) => ({ linkId })), { linkId: null }],
});

/** A cache as a path dashboard, a paths page, a route drawing and the organization lists leave it. */
function cache() {
  const entries: [QueryKey, unknown][] = [
    [pathKeys.detail("p1"), path("p1")],
    [pathKeys.detail("p2"), path("p2")],
    [pathKeys.list({ organizationId: "org" }), pages([path("p1"), path("p2")])],
    [pathKeys.list({ organizationId: "org", search: "Lyon" }), pages([])],
    [pathKeys.site("s1"), [path("p1")]],
    [pathKeys.site("s3"), [path("p2")]],
    [topologyKeys.path("p1"), route("p1", ["s1", "c1", "n1", "c2", "s2"], ["l1"])],
    [topologyKeys.path("p2"), route("p2", ["s2", "c3", "n2", "c4", "s3"], ["l2"])],
    [telemetryKeys.performance("p1", since), { points: [], current: { sla: "healthy", samples: 5 } }],
    [telemetryKeys.performance("p2", since), { points: [], current: { sla: "healthy", samples: 5 } }],
    [telemetryKeys.bandwidth("path", "p1", since), { points: [] }],
    [telemetryKeys.bandwidth("site", "s1", since), { points: [] }],
    [telemetryKeys.bandwidth("connector", "c1", {}), { points: [] }],
    [telemetryKeys.pathHealth("site", "s1"), { items: [path("p1")] }],
    [telemetryKeys.pathHealth("organization", "org", { limit: 8 }), { items: [path("p1"), path("p2")] }],
    [telemetryKeys.siteHealth("org"), { items: [] }],
    [telemetryKeys.ports("n1"), { ports: [] }],
    [telemetryKeys.ports("n2"), { ports: [] }],
    [siteKeys.detail("s1"), { id: "s1" }],
    [siteKeys.detail("s2"), { id: "s2" }],
    [siteKeys.list("org"), pages([{ id: "s1" }, { id: "s2" }])],
    [siteKeys.list("org", "Frankfurt"), pages([{ id: "s2" }])],
    [connectorKeys.site("s1"), []],
    [connectorKeys.site("s2"), []],
    [alarmKeys.list(DEFAULT_ALARM_FILTER, "org"), pages([])],
    [dashboardKeys.customerSummaries("msp"), []],
    [mspKeys.list(), pages([])],
    [mspKeys.list("North"), pages([])],
  ];
  return cacheOf(entries);
}

let client: ReturnType<typeof cache>;
beforeEach(() => {
  client = cache();
});

describe("telemetry samples", () => {
  it("refetch the telemetry of the objects named and of their organization, and the route drawings over them", () => {
    expect(refetched(client, samples({ pathIds: ["p2"], nodeIds: ["n1"] }))).toEqual([
      "path-topology/p1",
      "path-topology/p2",
      "telemetry/node/n1/ports",
      "telemetry/organization/org/path-health/{limit=8}",
      "telemetry/organization/org/site-health/{}",
      "telemetry/path/p2/performance/{from=2026-01-01T00:00:00.000Z}",
    ]);
    expect(refetched(client, samples({ siteIds: ["s1"], connectorIds: ["c1"] }))).toEqual([
      "path-topology/p1",
      "telemetry/connector/c1/bandwidth/{}",
      "telemetry/organization/org/path-health/{limit=8}",
      "telemetry/organization/org/site-health/{}",
      "telemetry/site/s1/bandwidth/{from=2026-01-01T00:00:00.000Z}",
      "telemetry/site/s1/path-health/{}",
    ]);
    expect(refetched(client, samples({ linkIds: ["l2"] }))).toEqual(["path-topology/p2", "telemetry/organization/org/path-health/{limit=8}", "telemetry/organization/org/site-health/{}"]);
  });

  it("refetch every telemetry query and drawing when the names were cut short, or after a reconnect", () => {
    const everything = selected(client, [{ queryKey: telemetryKeys.all }, { queryKey: topologyKeys.all }]);
    expect(everything).toHaveLength(12);
    expect(refetched(client, samples({ pathIds: ["p2"], truncated: true }))).toEqual(everything);
    expect(refetched(client, resync("telemetry"))).toEqual(everything);
  });
});

describe("a path's new SLA", () => {
  it("is written into the path, its lists and its SLA now; only the lists by health and its drawing are refetched — no chart", () => {
    const other = client.getQueryData(pathKeys.detail("p2"));
    expect(refetched(client, health({ paths: [{ id: "p1", slaHealth: "bad" }] }))).toEqual([
      "path-topology/p1",
      "telemetry/organization/org/path-health/{limit=8}",
      "telemetry/site/s1/path-health/{}",
    ]);
    expect(client.getQueryData(pathKeys.detail("p1"))).toMatchObject({ slaHealth: "bad" });
    expect(client.getQueryData(pathKeys.detail("p2"))).toBe(other);
    expect(client.getQueryData(pathKeys.list({ organizationId: "org" }))).toMatchObject({ pages: [{ items: [{ slaHealth: "bad" }, { slaHealth: "healthy" }] }] });
    expect(client.getQueryData(pathKeys.site("s1"))).toMatchObject([{ slaHealth: "bad" }]);
    expect(client.getQueryData(telemetryKeys.performance("p1", since))).toMatchObject({ current: { sla: "bad", samples: 5 } });
    expect(client.getQueryData(telemetryKeys.performance("p2", since))).toMatchObject({ current: { sla: "healthy" } });
  });

  it("leaves the cache alone when unchanged, and refetches the paths when names were cut short", () => {
    const before = updatedAt(client);
    expect(refetched(client, health({ paths: [{ id: "p1", slaHealth: "healthy" }] }))).not.toContain("paths/detail/p1");
    expect(updatedAt(client)).toEqual(before);
    expect(refetched(client, health({ truncated: true }))).toEqual(
      expect.arrayContaining(["paths/detail/p1", "paths/detail/p2", "paths/list/{organizationId=org}", "paths/site/s3", "telemetry/site/s1/path-health/{}"]),
    );
  });

  it("of a port or device on a drawn route refetches that drawing only", () => {
    expect(refetched(client, health({ ports: [{ nodeId: "n2", portId: "1", status: "down" }] }))).toEqual(["path-topology/p2"]);
    expect(refetched(client, health({ devices: [{ id: "d", nodeId: null, reachable: false }] }))).toEqual([]);
  });
});

describe("the network pages' topology news", () => {
  it("a path's change refetches that path, the lists and its drawing, not the other path", () => {
    expect(refetched(client, topology("updated", { entityType: "path", entityId: "p1" }))).toEqual([
      "path-topology/p1",
      "paths/detail/p1",
      "paths/list/{organizationId=org,search=Lyon}",
      "paths/list/{organizationId=org}",
      "paths/site/s1",
      "paths/site/s3",
    ]);
  });

  it("a deleted path's entries are dropped where nothing shows them", () => {
    refetched(client, topology("deleted", { entityType: "path", entityId: "p1" }));
    expect(client.getQueryData(pathKeys.detail("p1"))).toBeUndefined();
    expect(client.getQueryData(topologyKeys.path("p1"))).toBeUndefined();
    expect(client.getQueryData(pathKeys.detail("p2"))).toBeDefined();
  });

  it("a site's change refetches that site, the site lists, its connectors and only the paths that end there", () => {
    const deleted = refetched(client, topology("deleted", { entityType: "site", entityId: "s1" }));
    expect(deleted).toEqual([
      "path-topology/p1",
      "paths/detail/p1",
      "paths/list/{organizationId=org}",
      "paths/site/s1",
      "sites/list/org/",
      "sites/list/org/Frankfurt",
    ]);
    // Its entries that nothing shows are gone; the other site's stay.
    expect(client.getQueryData(siteKeys.detail("s1"))).toBeUndefined();
    expect(client.getQueryData(connectorKeys.site("s1"))).toBeUndefined();
    expect(client.getQueryData(siteKeys.detail("s2"))).toBeDefined();
    // A rename may bring paths into a list filtered on site names.
    expect(refetched(client, topology("updated", { entityType: "site", entityId: "s3" }))).toEqual([
      "path-topology/p2",
      "paths/detail/p2",
      "paths/list/{organizationId=org,search=Lyon}",
      "paths/list/{organizationId=org}",
      "paths/site/s3",
      "sites/list/org/",
      "sites/list/org/Frankfurt",
    ]);
  });

  it("a connector's change refetches its site's connectors, the site lists showing that site, and the paths over it", () => {
    expect(refetched(client, topology("updated", { entityType: "connector", entityId: "c1", siteId: "s1" }))).toEqual([
      "connectors/site/s1",
      "path-topology/p1",
      "paths/detail/p1",
      "paths/list/{organizationId=org,search=Lyon}",
      "paths/list/{organizationId=org}",
      "paths/site/s1",
      "sites/list/org/",
    ]);
    expect(refetched(client, topology("deleted", { entityType: "connector", entityId: "c4", siteId: "s3" }))).toEqual([
      "path-topology/p2",
      "paths/detail/p2",
      "paths/list/{organizationId=org}",
      "paths/site/s3",
    ]);
    // A new connector has no path yet: its site's connectors and the lists counting them only.
    expect(refetched(client, topology("created", { entityType: "connector", entityId: "c9", siteId: "s2" }))).toEqual([
      "connectors/site/s2",
      "sites/list/org/",
      "sites/list/org/Frankfurt",
    ]);
  });

  it("a connector's news without its site refetches every site list and connector list, and still only the paths over it", () => {
    expect(refetched(client, topology("created", { entityType: "connector", entityId: "c9" }))).toEqual([
      "connectors/site/s1",
      "connectors/site/s2",
      "sites/list/org/",
      "sites/list/org/Frankfurt",
    ]);
  });

  it("a change to the network routes are drawn over refetches the drawings; a reconnect refetches everything", () => {
    expect(refetched(client, topology("created", { entityType: "link", entityId: "l9" }))).toEqual(["path-topology/p1", "path-topology/p2"]);
    expect(refetched(client, topology("updated", { entityType: "user", entityId: "u1" }))).toEqual([]);
    expect(refetched(client, resync("topology"))).toEqual(
      expect.arrayContaining(["connectors/site/s1", "path-topology/p2", "paths/detail/p2", "sites/detail/s2", "telemetry/site/s1/path-health/{}"]),
    );
  });
});

describe("the organization lists", () => {
  const event = (entityType: string, action = "created"): RealtimeEvent<"events"> => ({
    service: "events",
    action: "created",
    data: { entityType, entityId: "x", type: `${entityType}.${action}` },
  });
  const lists = ["msps/list/", "msps/list/North", "organizations/customer-summaries/msp"];

  it("are refetched when an organization or a site changes (what they count), not for other news", () => {
    expect(refetched(client, event("organization"))).toEqual(lists);
    expect(refetched(client, event("site", "deleted"))).toEqual(lists);
    expect(refetched(client, event("path"))).toEqual([]);
    expect(refetched(client, event("alarm"))).toEqual([]);
  });

  it("are refetched after a reconnect", () => {
    expect(refetched(client, resync("events"))).toEqual(lists);
  });
});
