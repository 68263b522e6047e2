import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { lifecycleKeys } from "@/lib/lifecycle/queries";
import { lifecycleRefetches } from "@/lib/lifecycle/realtime";
import { rolloutKeys, rolloutRefetches } from "@/lib/lifecycle/rollout-queries";
import type { Rollout } from "@/lib/lifecycle/rollout-schema";
import type { Page } from "@/lib/pagination";

// The rollouts panel live: an operation's progress is written into the wave that holds it (no request); a rollout's
// change, or an operation that starts or ends, refetches the pickers' device lists (a device became busy or free).

const wave = (number: number, devices: [string, string | null][], status: Rollout["waves"][number]["status"]) => ({
  number,
  status,
  devices: devices.map(([id, operationId]) => ({
    id,
    serialNumber: `SN-${id}`,
    operationId,
    operationStatus: operationId ? ("scheduled" as const) : null,
    progress: operationId ? 0 : null,
  })),
  operationIds: devices.flatMap(([, operationId]) => (operationId ? [operationId] : [])),
  startedAt: null,
  installedAt: null,
  observeUntil: null,
  verdict: null,
});

const rollout: Rollout = {
  id: "r1",
  organizationId: "msp",
  version: "25.1.0",
  waveMode: "first-then-rest",
  waveSize: 2,
  observationSeconds: 60,
  status: "running",
  currentWave: 1,
  deviceCount: 3,
  haltReason: null,
  createdBy: "Nora Walsh",
  resumedBy: null,
  cancelledBy: null,
  createdAt: "2026-12-01T02:00:00.000Z",
  startsAt: "2026-12-01T02:00:00.000Z",
  updatedAt: "2026-12-01T02:00:00.000Z",
  finishedAt: null,
  waves: [
    wave(
      1,
      [
        ["d1", "o1"],
        ["d2", "o2"],
      ],
      "installing",
    ),
    wave(2, [["d3", null]], "pending"),
  ],
};

function cached() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<Page<Rollout>>(rolloutKeys.list("msp"), { items: [rollout], nextCursor: null });
  return queryClient;
}

const progress = (operationId: string, value: number, status: "active" | "success" | "failed" = "active") =>
  ({ service: "lifecycle", action: "progress", data: { operationId, progress: value, status, step: "install" } }) as const;

const devicesOf = (queryClient: QueryClient) =>
  queryClient.getQueryData<Page<Rollout>>(rolloutKeys.list("msp"))!.items[0].waves[0].devices.map((device) => [device.id, device.operationStatus, device.progress]);

describe("the rollouts panel's live news", () => {
  it("writes an operation's progress and end into its wave, without a refetch", () => {
    const queryClient = cached();
    expect(rolloutRefetches(progress("o2", 40), queryClient)).toEqual([]);
    expect(devicesOf(queryClient)).toEqual([
      ["d1", "scheduled", 0],
      ["d2", "active", 40],
    ]);
    rolloutRefetches(progress("o2", 100, "success"), queryClient);
    expect(devicesOf(queryClient)[1]).toEqual(["d2", "success", 100]);
    // Another rollout's operation leaves the cache as it was.
    const before = queryClient.getQueryData(rolloutKeys.list("msp"));
    rolloutRefetches(progress("elsewhere", 10), queryClient);
    expect(queryClient.getQueryData(rolloutKeys.list("msp"))).toBe(before);
  });

  it("refetches the rollouts and the pickers' device lists when a rollout changes or on a reconnect", () => {
    const queryClient = cached();
    const refetch = [{ queryKey: rolloutKeys.all }, { queryKey: lifecycleKeys.deviceLists() }];
    expect(rolloutRefetches({ service: "lifecycle", action: "cancelled", data: { entityType: "rollout", entityId: "r1" } }, queryClient)).toEqual(refetch);
    expect(rolloutRefetches({ service: "lifecycle", action: "resync", data: {} }, queryClient)).toEqual(refetch);
    expect(rolloutRefetches({ service: "lifecycle", action: "created", data: { entityType: "lifecycleOperation", entityId: "o9" } }, queryClient)).toEqual([]);
  });

  it("refetches the pickers' device lists when an operation is scheduled, cancelled or ends, not while it progresses", () => {
    const queryClient = new QueryClient();
    const touchesDevices = (filters: { queryKey?: readonly unknown[] }[]) => filters.some((filter) => filter.queryKey?.[1] === "devices");
    for (const action of ["created", "cancelled", "succeeded", "failed"] as const) {
      expect(touchesDevices(lifecycleRefetches({ service: "lifecycle", action, data: { entityType: "lifecycleOperation", entityId: "o1" } }, queryClient)), action).toBe(true);
    }
    expect(touchesDevices(lifecycleRefetches(progress("o1", 50), queryClient))).toBe(false);
    expect(touchesDevices(lifecycleRefetches(progress("o1", 100, "success"), queryClient))).toBe(true);
  });
});
