import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { inventoryKeys } from "@/lib/inventory/queries";
import { inventoryRefetches } from "@/lib/inventory/realtime";
import type { Device } from "@/lib/inventory/schema";
import type { Page } from "@/lib/pagination";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";

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

function cached() {
  const queryClient = new QueryClient();
  const data: InfiniteData<Page<Device>> = { pages: [{ items: [device("a"), device("b", { nodeId: "n1", nodeName: "edge-1" })], nextCursor: null }], pageParams: [""] };
  queryClient.setQueryData(inventoryKeys.list({}), data);
  return queryClient;
}
const rows = (queryClient: QueryClient) => queryClient.getQueryData<InfiniteData<Page<Device>>>(inventoryKeys.list({}))!.pages[0].items;
const topology = (action: string, data: unknown) => ({ service: "topology", action, data }) as RealtimeEvent<"topology">;

describe("inventoryRefetches", () => {
  it("writes a device's reachability into the cached list without refetching", () => {
    const queryClient = cached();
    const before = rows(queryClient)[0];
    expect(inventoryRefetches(topology("health", { organizationId: "msp", devices: [{ id: "b", nodeId: "n1", reachable: true }] }), queryClient)).toEqual([]);
    expect(rows(queryClient).map((row) => [row.id, row.reporting])).toEqual([
      ["a", false],
      ["b", true],
    ]);
    expect(rows(queryClient)[0]).toBe(before);
  });

  it("refetches the lists for a device's change, a truncated health message and a reconnect", () => {
    const queryClient = cached();
    const lists = [{ queryKey: inventoryKeys.lists() }];
    expect(inventoryRefetches(topology("claimed", { entityType: "device", entityId: "c" }), queryClient)).toEqual(lists);
    expect(inventoryRefetches(topology("health", { organizationId: "msp", truncated: true }), queryClient)).toEqual(lists);
    expect(inventoryRefetches({ service: "topology", action: RESYNC_ACTION, data: {} } as unknown as RealtimeEvent<"topology">, queryClient)).toEqual(lists);
  });

  it("refetches for a node's change only the lists that show a device on that node", () => {
    const queryClient = cached();
    const [filter] = inventoryRefetches(topology("updated", { entityType: "node", entityId: "n1" }), queryClient);
    const query = queryClient.getQueryCache().find({ queryKey: inventoryKeys.list({}) })!;
    expect(filter.predicate!(query)).toBe(true);
    const [other] = inventoryRefetches(topology("updated", { entityType: "node", entityId: "n2" }), queryClient);
    expect(other.predicate!(query)).toBe(false);
    expect(inventoryRefetches(topology("updated", { entityType: "site", entityId: "s1" }), queryClient)).toEqual([]);
  });
});
