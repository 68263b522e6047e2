import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { inventoryKeys } from "@/lib/inventory/queries";
import { inventoryRealtime } from "@/lib/inventory/realtime";
import type { Device } from "@/lib/inventory/schema";
import type { Page } from "@/lib/pagination";
import { cacheOf, health, pages, refetched, resync, topology } from "./realtime-fixtures";

// The inventory lists over /ws: reachability news is written into the cached rows it names; other news refetches
// the lists only when it is about a device, or a node one of the listed devices is on.

const device = (id: string, extra: Partial<Device> = {}): Device => ({
  id,
  serialNumber: id.toUpperCase(),
  model: "E200",
  softwareVersion: "24.3.1",
  configured: false,
  status: "unassigned",
  mspOrganizationId: "msp",
  mspName: "Northwind",
  nodeId: null,
  nodeName: null,
  claimedAt: null,
  reporting: false,
  lastSeenAt: null,
  createdAt: "",
  updatedAt: "",
  ...extra,
});

/** A list showing device a (on no node) and b (on node n1), and a list showing device c. */
function cached() {
  return cacheOf([
    [inventoryKeys.list({}), pages([device("a"), device("b", { nodeId: "n1", nodeName: "edge-1" })])],
    [inventoryKeys.list({ search: "C" }), pages([device("c")])],
  ]);
}
const rows = (queryClient: QueryClient) => queryClient.getQueryData<InfiniteData<Page<Device>>>(inventoryKeys.list({}))!.pages[0].items;
const inventory = (queryClient: QueryClient, event: Parameters<typeof refetched>[1]) => refetched(queryClient, event, [inventoryRealtime]);
const LISTS = ["inventory/list/{search=C}", "inventory/list/{}"];

describe("the inventory lists' live updates", () => {
  it("write a device's reachability into the cached list without refetching", () => {
    const queryClient = cached();
    const before = rows(queryClient)[0];
    const other = queryClient.getQueryData(inventoryKeys.list({ search: "C" }));
    expect(inventory(queryClient, health({ devices: [{ id: "b", nodeId: "n1", reachable: true }] }))).toEqual([]);
    expect(rows(queryClient).map((row) => [row.id, row.reporting])).toEqual([
      ["a", false],
      ["b", true],
    ]);
    expect(rows(queryClient)[0]).toBe(before);
    expect(queryClient.getQueryData(inventoryKeys.list({ search: "C" }))).toBe(other);
  });

  it("refetch the lists for a device's change, a truncated health message and a reconnect", () => {
    const queryClient = cached();
    expect(inventory(queryClient, topology("claimed", { entityType: "device", entityId: "c" }))).toEqual(LISTS);
    expect(inventory(queryClient, health({ truncated: true }))).toEqual(LISTS);
    expect(inventory(queryClient, resync("topology"))).toEqual(LISTS);
  });

  it("refetch for a node's change only the lists that show a device on that node", () => {
    const queryClient = cached();
    expect(inventory(queryClient, topology("updated", { entityType: "node", entityId: "n1" }))).toEqual(["inventory/list/{}"]);
    expect(inventory(queryClient, topology("updated", { entityType: "node", entityId: "n2" }))).toEqual([]);
    expect(inventory(queryClient, topology("updated", { entityType: "site", entityId: "s1" }))).toEqual([]);
  });
});
