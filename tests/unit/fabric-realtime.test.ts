import { matchQuery, QueryClient, type QueryFilters, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { fabricKeys } from "@/lib/fabrics/queries";
import { applyLinkStates, fabricRefetches, fabricTelemetryRefetches } from "@/lib/fabrics/realtime";
import type { RealtimeEvent } from "@/lib/realtime-client";
import type { LinkHealthList } from "@/lib/telemetry/schema";

// What /ws news does to the fabric pages' cache: a link's status written in place with the health it implies, and
// refetches of exactly the fabric (or list) a change concerns.

const health = (linkId: string, status: "up" | "down" | null, lossPercent: number | null = 0) => ({
  linkId,
  name: linkId,
  type: "fiber",
  sourceNodeId: "n1",
  sourceNodeName: "n1",
  destinationNodeId: "n2",
  destinationNodeName: "n2",
  status,
  latencyMs: 10,
  lossPercent,
  rxBps: 1,
  txBps: 1,
  reportedAt: null,
  health: status === null ? "unknown" : status === "down" ? "unhealthy" : "healthy",
});

/** Fabric f1 (nodes n1, n2; link l1) and f2 (nodes n3, n4; link l2) on screen, with a fabrics list. */
function cache() {
  const client = new QueryClient();
  const set = (key: QueryKey, data: unknown) => client.setQueryData(key, data);
  set(fabricKeys.coreDetail("f1"), { id: "f1", nodes: [{ id: "n1" }, { id: "n2" }], links: [{ id: "l1" }] });
  set(fabricKeys.coreDetail("f2"), { id: "f2", nodes: [{ id: "n3" }, { id: "n4" }], links: [{ id: "l2" }] });
  set(fabricKeys.coreLinkHealth("f1"), { items: [health("l1", "up", 2)] });
  set(fabricKeys.coreLinkHealth("f2"), { items: [health("l2", "up")] });
  set(fabricKeys.coreList("msp"), { pages: [{ items: [], nextCursor: null }], pageParams: [""] });
  set(fabricKeys.externalDetail("x1"), { id: "x1" });
  return client;
}

/** The cached query keys the filters match. */
function matched(client: QueryClient, filters: readonly QueryFilters[]): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => filters.some((filter) => matchQuery(filter, query)))
    .map((query) => query.queryKey.slice(1).join("/"))
    .sort();
}

const topology = (action: string, data: object) => ({ service: "topology", action, data }) as RealtimeEvent<"topology">;

describe("fabric pages and topology news", () => {
  it("writes a link's new status and the health it implies into the cached link health; the lists refetch", () => {
    const client = cache();
    const filters = fabricRefetches(topology("health", { organizationId: "msp", links: [{ id: "l1", status: "down" }] }), client);
    expect(client.getQueryData<LinkHealthList>(fabricKeys.coreLinkHealth("f1"))?.items[0]).toMatchObject({ status: "down", health: "unhealthy" });
    expect(matched(client, filters)).toEqual(["core/list/msp/"]);
    // Up again: the health follows from the figures held (2 % loss is a warning).
    fabricRefetches(topology("health", { organizationId: "msp", links: [{ id: "l1", status: "up" }] }), client);
    expect(client.getQueryData<LinkHealthList>(fabricKeys.coreLinkHealth("f1"))?.items[0]).toMatchObject({ status: "up", health: "warning" });
    expect(client.getQueryData<LinkHealthList>(fabricKeys.coreLinkHealth("f2"))?.items[0]).toMatchObject({ status: "up", health: "healthy" });
  });

  it("says whether a cached fabric held the link", () => {
    const client = cache();
    expect(applyLinkStates(client, [{ id: "elsewhere", status: "down" }])).toBe(false);
    expect(applyLinkStates(client, [{ id: "l2", status: "down" }])).toBe(true);
  });

  it("refetches the fabric a link, port or node change concerns, and no other", () => {
    const client = cache();
    expect(matched(client, fabricRefetches(topology("updated", { entityType: "link", entityId: "l2", nodeId: "n3" }), client))).toEqual([
      "core/detail/f2",
      "core/link-health/f2",
      "core/list/msp/",
    ]);
    // A new link from one of f1's core nodes.
    expect(matched(client, fabricRefetches(topology("created", { entityType: "link", entityId: "l9", nodeId: "n1" }), client))).toEqual([
      "core/detail/f1",
      "core/link-health/f1",
      "core/list/msp/",
    ]);
    expect(matched(client, fabricRefetches(topology("created", { entityType: "interface", entityId: "i9", nodeId: "n4" }), client))).toEqual([
      "core/detail/f2",
    ]);
    expect(matched(client, fabricRefetches(topology("updated", { entityType: "coreFabric", entityId: "f1" }), client))).toEqual([
      "core/detail/f1",
      "core/list/msp/",
    ]);
    expect(matched(client, fabricRefetches(topology("deleted", { entityType: "externalFabric", entityId: "x1" }), client))).toEqual([
      "external/detail/x1",
    ]);
    expect(fabricRefetches(topology("updated", { entityType: "site", entityId: "s1" }), client)).toEqual([]);
  });

  it("refetches everything after a reconnect, and the link health when news was cut", () => {
    const client = cache();
    expect(matched(client, fabricRefetches(topology("resync", {}), client))).toHaveLength(6);
    expect(matched(client, fabricRefetches(topology("health", { organizationId: "msp", truncated: true }), client))).toEqual([
      "core/link-health/f1",
      "core/link-health/f2",
      "core/list/msp/",
    ]);
  });
});

describe("fabric pages and telemetry news", () => {
  const telemetry = (data: object) => ({ service: "telemetry", action: "samples", data: { organizationId: "msp", ...data } }) as RealtimeEvent<"telemetry">;

  it("refetches the link health of the fabrics whose links have new figures", () => {
    const client = cache();
    expect(matched(client, fabricTelemetryRefetches(telemetry({ linkIds: ["l2", "other"] }), client))).toEqual(["core/link-health/f2"]);
    expect(fabricTelemetryRefetches(telemetry({ pathIds: ["p1"] }), client)).toEqual([]);
    expect(matched(client, fabricTelemetryRefetches(telemetry({ truncated: true }), client))).toEqual(["core/link-health/f1", "core/link-health/f2"]);
  });
});
