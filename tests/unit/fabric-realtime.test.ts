import { describe, expect, it } from "vitest";
import { fabricKeys } from "@/lib/fabrics/queries";
import { fabricsRealtime } from "@/lib/fabrics/realtime";
import type { LinkHealthList } from "@/lib/telemetry/schema";
import { cacheOf, health as healthNews, pages, refetched, resync, samples, topology, updatedAt } from "./realtime-fixtures";

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
  return cacheOf([
    [fabricKeys.coreDetail("f1"), { id: "f1", nodes: [{ id: "n1" }, { id: "n2" }], links: [{ id: "l1" }] }],
    [fabricKeys.coreDetail("f2"), { id: "f2", nodes: [{ id: "n3" }, { id: "n4" }], links: [{ id: "l2" }] }],
    [fabricKeys.coreLinkHealth("f1"), { items: [health("l1", "up", 2)] }],
    [fabricKeys.coreLinkHealth("f2"), { items: [health("l2", "up")] }],
    [fabricKeys.coreList("msp"), pages([])],
    [fabricKeys.externalDetail("x1"), { id: "x1" }],
  ]);
}

/** What a message refetches, the fabrics' part of the keys only. */
const matched = (client: ReturnType<typeof cache>, event: Parameters<typeof refetched>[1]) =>
  refetched(client, event, [fabricsRealtime]).map((key) => key.replace(/^fabrics\//, ""));

describe("fabric pages and topology news", () => {
  it("writes a link's new status and the health it implies into the cached link health; the lists refetch", () => {
    const client = cache();
    expect(matched(client, healthNews({ links: [{ id: "l1", status: "down" }] }))).toEqual(["core/list/msp/"]);
    expect(client.getQueryData<LinkHealthList>(fabricKeys.coreLinkHealth("f1"))?.items[0]).toMatchObject({ status: "down", health: "unhealthy" });
    // Up again: the health follows from the figures held (2 % loss is a warning).
    matched(client, healthNews({ links: [{ id: "l1", status: "up" }] }));
    expect(client.getQueryData<LinkHealthList>(fabricKeys.coreLinkHealth("f1"))?.items[0]).toMatchObject({ status: "up", health: "warning" });
    expect(client.getQueryData<LinkHealthList>(fabricKeys.coreLinkHealth("f2"))?.items[0]).toMatchObject({ status: "up", health: "healthy" });
  });

  it("leaves the fabrics that do not hold the link as they were", () => {
    const client = cache();
    const before = updatedAt(client);
    matched(client, healthNews({ links: [{ id: "elsewhere", status: "down" }] }));
    expect(updatedAt(client)).toEqual(before);
  });

  it("refetches the fabric a link, port or node change concerns, and no other", () => {
    const client = cache();
    expect(matched(client, topology("updated", { entityType: "link", entityId: "l2", nodeId: "n3" }))).toEqual([
      "core/detail/f2",
      "core/link-health/f2",
      "core/list/msp/",
    ]);
    // A new link from one of f1's core nodes.
    expect(matched(client, topology("created", { entityType: "link", entityId: "l9", nodeId: "n1" }))).toEqual([
      "core/detail/f1",
      "core/link-health/f1",
      "core/list/msp/",
    ]);
    expect(matched(client, topology("created", { entityType: "interface", entityId: "i9", nodeId: "n4" }))).toEqual(["core/detail/f2"]);
    expect(matched(client, topology("updated", { entityType: "coreFabric", entityId: "f1" }))).toEqual(["core/detail/f1", "core/list/msp/"]);
    expect(matched(client, topology("deleted", { entityType: "externalFabric", entityId: "x1" }))).toEqual([]);
    expect(client.getQueryData(fabricKeys.externalDetail("x1"))).toBeUndefined();
    expect(matched(client, topology("updated", { entityType: "site", entityId: "s1" }))).toEqual([]);
  });

  it("drops a deleted fabric's entries, not the other's", () => {
    const client = cache();
    expect(matched(client, topology("deleted", { entityType: "coreFabric", entityId: "f1" }))).toEqual(["core/list/msp/"]);
    expect(client.getQueryData(fabricKeys.coreDetail("f1"))).toBeUndefined();
    expect(client.getQueryData(fabricKeys.coreLinkHealth("f1"))).toBeUndefined();
    expect(client.getQueryData(fabricKeys.coreDetail("f2"))).toBeDefined();
  });

  it("refetches everything after a reconnect, and the link health when news was cut", () => {
    const client = cache();
    expect(matched(client, resync("topology"))).toHaveLength(6);
    expect(matched(client, healthNews({ truncated: true }))).toEqual(["core/link-health/f1", "core/link-health/f2", "core/list/msp/"]);
  });
});

describe("fabric pages and telemetry news", () => {
  it("refetches the link health of the fabrics whose links have new figures", () => {
    const client = cache();
    expect(matched(client, samples({ linkIds: ["l2", "other"] }))).toEqual(["core/link-health/f2"]);
    expect(matched(client, samples({ pathIds: ["p1"] }))).toEqual([]);
    expect(matched(client, samples({ truncated: true }))).toEqual(["core/link-health/f1", "core/link-health/f2"]);
  });
});
