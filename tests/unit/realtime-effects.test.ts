import { matchQuery, QueryClient, type QueryFilters, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { alarmKeys, DEFAULT_ALARM_FILTER } from "@/lib/alarms/queries";
import { connectorKeys } from "@/lib/connectors/queries";
import { dashboardKeys } from "@/lib/dashboard/queries";
import { mspKeys } from "@/lib/msps/queries";
import { pathKeys } from "@/lib/paths/queries";
import type { PathTopology } from "@/lib/paths/topology-schema";
import type { RealtimeEvent } from "@/lib/realtime-client";
import { dashboardHealth, namesRoute, networkRefetches, organizationListRefetches, telemetryRefetches } from "@/lib/realtime-effects";
import { siteKeys } from "@/lib/sites/queries";
import { telemetryKeys } from "@/lib/telemetry/queries";

// The client's end of the contract: what each message does to the query cache.

const since = { from: "2026-01-01T00:00:00.000Z" };
// p1 runs from s1 over c1 to s2 over c2; p2 from s2 over c3 to s3 over c4.
const ENDS: Record<string, object> = {
  p1: { sourceSiteId: "s1", sourceConnectorId: "c1", destinationSiteId: "s2", destinationConnectorId: "c2" },
  p2: { sourceSiteId: "s2", sourceConnectorId: "c3", destinationSiteId: "s3", destinationConnectorId: "c4" },
};
const path = (id: string, slaHealth = "healthy") => ({ id, name: id, slaHealth, ...ENDS[id] });
const pages = (items: unknown[]) => ({ pages: [{ items, nextCursor: null }], pageParams: [""] });

/** A cache as a path dashboard and a paths page leave it. */
function cache() {
  const client = new QueryClient();
  const set = (key: QueryKey, data: unknown) => client.setQueryData(key, data);
  set(pathKeys.detail("p1"), path("p1"));
  set(pathKeys.detail("p2"), path("p2"));
  set(pathKeys.list({ organizationId: "org" }), pages([path("p1"), path("p2")]));
  set(pathKeys.list({ organizationId: "org", search: "Lyon" }), pages([]));
  set(pathKeys.site("s1"), [path("p1")]);
  set(pathKeys.site("s3"), [path("p2")]);
  set(telemetryKeys.performance("p1", since), { points: [], current: { sla: "healthy", samples: 5 } });
  set(telemetryKeys.performance("p2", since), { points: [], current: { sla: "healthy", samples: 5 } });
  set(telemetryKeys.bandwidth("path", "p1", since), { points: [] });
  set(telemetryKeys.bandwidth("site", "s1", since), { points: [] });
  set(telemetryKeys.bandwidth("connector", "c1", {}), { points: [] });
  set(telemetryKeys.pathHealth("site", "s1"), { items: [path("p1")] });
  set(telemetryKeys.pathHealth("organization", "org", { limit: 8 }), { items: [path("p1"), path("p2")] });
  set(telemetryKeys.siteHealth("org"), { items: [] });
  set(telemetryKeys.ports("n1"), { ports: [] });
  set(telemetryKeys.ports("n2"), { ports: [] });
  set(siteKeys.detail("s1"), { id: "s1" });
  set(siteKeys.detail("s2"), { id: "s2" });
  set(siteKeys.list("org"), pages([{ id: "s1" }, { id: "s2" }]));
  set(siteKeys.list("org", "Frankfurt"), pages([{ id: "s2" }]));
  set(connectorKeys.site("s1"), []);
  set(connectorKeys.site("s2"), []);
  set(alarmKeys.list(DEFAULT_ALARM_FILTER, "org"), { pages: [] });
  set(dashboardKeys.customerSummaries("msp"), []);
  set(mspKeys.list(), pages([]));
  set(mspKeys.list("North"), pages([]));
  return client;
}

/** The cached queries the filters select, as readable keys. */
function selected(client: QueryClient, filters: readonly QueryFilters[]): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => filters.some((filter) => matchQuery(filter, query)))
    .map((query) =>
      query.queryKey
        .flatMap((part) => (typeof part === "string" ? [part] : part && typeof part === "object" && "search" in part ? [`search:${part.search}`] : []))
        .join("/"),
    )
    .sort();
}

const samples = (data: Omit<Extract<RealtimeEvent<"telemetry">, { action: "samples" }>["data"], "organizationId">): RealtimeEvent<"telemetry"> => ({
  service: "telemetry",
  action: "samples",
  data: { organizationId: "org", ...data },
});
const health = (data: Omit<Extract<RealtimeEvent<"topology">, { action: "health" }>["data"], "organizationId">): RealtimeEvent<"topology"> => ({
  service: "topology",
  action: "health",
  data: { organizationId: "org", ...data },
});
const topologyResync: RealtimeEvent<"topology"> = { service: "topology", action: "resync", data: {} };

let client: QueryClient;
beforeEach(() => {
  client = cache();
});

describe("telemetry samples", () => {
  it("refetch the telemetry of the objects named and of their organization, nothing else", () => {
    expect(selected(client, telemetryRefetches(samples({ pathIds: ["p2"], nodeIds: ["n1"] })))).toEqual([
      "telemetry/node/n1/ports",
      "telemetry/organization/org/path-health",
      "telemetry/organization/org/site-health",
      "telemetry/path/p2/performance",
    ]);
    expect(selected(client, telemetryRefetches(samples({ siteIds: ["s1"], connectorIds: ["c1"] })))).toEqual([
      "telemetry/connector/c1/bandwidth",
      "telemetry/organization/org/path-health",
      "telemetry/organization/org/site-health",
      "telemetry/site/s1/bandwidth",
      "telemetry/site/s1/path-health",
    ]);
  });

  it("refetch every telemetry query when the names were cut short, or after a reconnect", () => {
    const everyTelemetryQuery = selected(client, [{ queryKey: telemetryKeys.all }]);
    expect(everyTelemetryQuery).toHaveLength(10);
    expect(selected(client, telemetryRefetches(samples({ pathIds: ["p2"], truncated: true })))).toEqual(everyTelemetryQuery);
    expect(selected(client, telemetryRefetches({ service: "telemetry", action: "resync", data: {} }))).toEqual(everyTelemetryQuery);
  });
});

describe("a path's new SLA on a dashboard", () => {
  it("is written into the path, its lists and its SLA now, and refetches only the paths lists — no chart", () => {
    const refetch = dashboardHealth(health({ paths: [{ id: "p1", slaHealth: "bad" }] }), client);
    expect(client.getQueryData(pathKeys.detail("p1"))).toMatchObject({ slaHealth: "bad" });
    expect(client.getQueryData(pathKeys.detail("p2"))).toMatchObject({ slaHealth: "healthy" });
    expect(client.getQueryData(pathKeys.list({ organizationId: "org" }))).toMatchObject({ pages: [{ items: [{ slaHealth: "bad" }, { slaHealth: "healthy" }] }] });
    expect(client.getQueryData(pathKeys.site("s1"))).toMatchObject([{ slaHealth: "bad" }]);
    expect(client.getQueryData(telemetryKeys.performance("p1", since))).toMatchObject({ current: { sla: "bad", samples: 5 } });
    expect(client.getQueryData(telemetryKeys.performance("p2", since))).toMatchObject({ current: { sla: "healthy" } });
    expect(selected(client, refetch)).toEqual(["telemetry/organization/org/path-health", "telemetry/site/s1/path-health"]);
  });

  it("leaves the cache alone for other health news, refetches the paths when names were cut short", () => {
    const before = client.getQueryCache().getAll().map((query) => query.state.dataUpdatedAt);
    expect(dashboardHealth(health({ ports: [{ nodeId: "n1", portId: "1", status: "down" }] }), client)).toEqual([]);
    expect(client.getQueryCache().getAll().map((query) => query.state.dataUpdatedAt)).toEqual(before);
    expect(selected(client, dashboardHealth(health({ truncated: true }), client))).toEqual([
      "paths/detail/p1",
      "paths/detail/p2",
      "paths/list",
      "paths/list/search:Lyon",
      "paths/site/s1",
      "paths/site/s3",
      "telemetry/organization/org/path-health",
      "telemetry/site/s1/path-health",
    ]);
    expect(dashboardHealth({ service: "topology", action: "updated", data: { entityType: "site", entityId: "s1" } }, client)).toEqual([]);
    expect(selected(client, dashboardHealth(topologyResync, client))).toContain("paths/detail/p2");
  });
});

describe("the network pages' topology news", () => {
  const news = (action: "created" | "updated" | "deleted", data: { entityType: string; entityId: string; siteId?: string }): RealtimeEvent<"topology"> => ({
    service: "topology",
    action,
    data,
  });
  const everyPathEntry = ["paths/detail/p1", "paths/detail/p2", "paths/list", "paths/list/search:Lyon", "paths/site/s1", "paths/site/s3"];

  it("a path's change refetches that path and the lists, not the other paths", () => {
    const refetch = networkRefetches(news("updated", { entityType: "path", entityId: "p1" }), client);
    expect(selected(client, refetch)).toEqual(["paths/detail/p1", "paths/list", "paths/list/search:Lyon", "paths/site/s1", "paths/site/s3"]);
  });

  it("a site's change refetches that site, the site lists, its connectors and only the paths that end there", () => {
    const deleted = networkRefetches(news("deleted", { entityType: "site", entityId: "s1" }), client);
    expect(selected(client, deleted)).toEqual(["connectors/site/s1", "paths/detail/p1", "paths/list", "paths/site/s1", "sites/detail/s1", "sites/list/org/", "sites/list/org/Frankfurt"]);
    // A rename may bring paths into a list filtered on site names.
    const renamed = networkRefetches(news("updated", { entityType: "site", entityId: "s3" }), client);
    expect(selected(client, renamed)).toEqual(["paths/detail/p2", "paths/list", "paths/list/search:Lyon", "paths/site/s3", "sites/list/org/", "sites/list/org/Frankfurt"]);
  });

  it("a connector's change refetches its site's connectors, the site lists showing that site, and the paths over it", () => {
    const updated = networkRefetches(news("updated", { entityType: "connector", entityId: "c1", siteId: "s1" }), client);
    expect(selected(client, updated)).toEqual(["connectors/site/s1", "paths/detail/p1", "paths/list", "paths/list/search:Lyon", "paths/site/s1", "sites/list/org/"]);
    const deleted = networkRefetches(news("deleted", { entityType: "connector", entityId: "c4", siteId: "s3" }), client);
    expect(selected(client, deleted)).toEqual(["paths/detail/p2", "paths/list", "paths/site/s3"]);
    // A new connector has no path yet: its site's connectors and the lists counting them only.
    const created = networkRefetches(news("created", { entityType: "connector", entityId: "c9", siteId: "s2" }), client);
    expect(selected(client, created)).toEqual(["connectors/site/s2", "sites/list/org/", "sites/list/org/Frankfurt"]);
  });

  it("a connector's news without its site refetches every site list and connector list, and still only the paths over it", () => {
    const refetch = networkRefetches(news("created", { entityType: "connector", entityId: "c9" }), client);
    expect(selected(client, refetch)).toEqual(["connectors/site/s1", "connectors/site/s2", "sites/list/org/", "sites/list/org/Frankfurt"]);
  });

  it("SLA health is written into the cached paths without a refetch; a reconnect refetches all of them", () => {
    expect(networkRefetches(health({ paths: [{ id: "p2", slaHealth: "warning" }] }), client)).toEqual([]);
    expect(client.getQueryData(pathKeys.detail("p2"))).toMatchObject({ slaHealth: "warning" });
    expect(selected(client, networkRefetches(topologyResync, client))).toEqual([
      "connectors/site/s1",
      "connectors/site/s2",
      ...everyPathEntry,
      "sites/detail/s1",
      "sites/detail/s2",
      "sites/list/org/",
      "sites/list/org/Frankfurt",
    ]);
    expect(networkRefetches(news("created", { entityType: "link", entityId: "l1" }), client)).toEqual([]);
  });
});

describe("a path's route drawing", () => {
  const topology = {
    path: { id: "p1" },
    elements: [{ objectId: "s1" }, { objectId: "c1" }, { objectId: "n1" }],
    connections: [{ linkId: "l1" }, { linkId: null }],
  } as unknown as PathTopology;

  it("is refetched for news of the path or of an object on its route only", () => {
    expect(namesRoute(topology, samples({ pathIds: ["p1"] }))).toBe(true);
    expect(namesRoute(topology, samples({ nodeIds: ["n1"] }))).toBe(true);
    expect(namesRoute(topology, samples({ linkIds: ["l1"] }))).toBe(true);
    expect(namesRoute(topology, samples({ pathIds: ["p2"], nodeIds: ["n2"], linkIds: ["l2"] }))).toBe(false);
    expect(namesRoute(topology, health({ paths: [{ id: "p2", slaHealth: "bad" }] }))).toBe(false);
    expect(namesRoute(topology, health({ ports: [{ nodeId: "n1", portId: "1", status: "down" }] }))).toBe(true);
    expect(namesRoute(topology, health({ links: [{ id: "l1", status: "down" }] }))).toBe(true);
    expect(namesRoute(topology, health({ devices: [{ id: "d", nodeId: "n1", reachable: false }] }))).toBe(true);
    expect(namesRoute(topology, health({ devices: [{ id: "d", nodeId: null, reachable: false }] }))).toBe(false);
  });

  it("is refetched for any change of the network's shape, names cut short, a reconnect, or before it is known", () => {
    expect(namesRoute(topology, { service: "topology", action: "updated", data: { entityType: "link", entityId: "l9" } })).toBe(true);
    expect(namesRoute(topology, samples({ pathIds: ["p2"], truncated: true }))).toBe(true);
    expect(namesRoute(topology, topologyResync)).toBe(true);
    expect(namesRoute(undefined, samples({ pathIds: ["p2"] }))).toBe(true);
  });
});

describe("the organization lists", () => {
  const event = (entityType: string, action: "created" | "updated" | "deleted" = "created"): RealtimeEvent<"events"> => ({
    service: "events",
    action: "created",
    data: { entityType, entityId: "x", type: `${entityType}.${action}` },
  });
  const lists = ["msps/list/", "msps/list/North", "organizations/customer-summaries/msp"];

  it("are refetched when an organization or a site changes (what they count), not for other news", () => {
    expect(selected(client, organizationListRefetches(event("organization")))).toEqual(lists);
    expect(selected(client, organizationListRefetches(event("site", "deleted")))).toEqual(lists);
    expect(selected(client, organizationListRefetches(event("path")))).toEqual([]);
    expect(selected(client, organizationListRefetches(event("alarm")))).toEqual([]);
  });

  it("are refetched after a reconnect", () => {
    expect(selected(client, organizationListRefetches({ service: "events", action: "resync", data: {} } as RealtimeEvent<"events">))).toEqual(lists);
  });
});
