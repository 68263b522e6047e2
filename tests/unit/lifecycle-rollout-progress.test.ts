import type { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { lifecycleKeys } from "@/lib/lifecycle/queries";
import { lifecycleRealtime } from "@/lib/lifecycle/realtime";
import { rolloutKeys } from "@/lib/lifecycle/rollout-queries";
import type { Rollout } from "@/lib/lifecycle/rollout-schema";
import type { Page } from "@/lib/pagination";
import type { RealtimeEvent } from "@/lib/realtime-client";
import { cacheOf, entity, refetched, resync, updatedAt } from "./realtime-fixtures";

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

/** The rollouts panel and the pickers' device lists, as the lifecycle page leaves them. */
function cached() {
  return cacheOf([
    [rolloutKeys.list("msp"), { items: [rollout], nextCursor: null }],
    [lifecycleKeys.devices("msp", ""), { pages: [] }],
  ]);
}

const progress = (operationId: string, value: number, status: "active" | "success" | "failed" = "active"): RealtimeEvent<"lifecycle"> => ({
  service: "lifecycle",
  action: "progress",
  data: { operationId, progress: value, status, step: "install" },
});
const lifecycle = (queryClient: QueryClient, event: RealtimeEvent) => refetched(queryClient, event, [lifecycleRealtime]);

const devicesOf = (queryClient: QueryClient) =>
  queryClient.getQueryData<Page<Rollout>>(rolloutKeys.list("msp"))!.items[0].waves[0].devices.map((device) => [device.id, device.operationStatus, device.progress]);

const EVERYTHING = ["lifecycle/devices/search/msp/", "rollouts/list/msp"];

describe("the rollouts panel's live news", () => {
  it("writes an operation's progress and end into its wave, without a refetch", () => {
    const queryClient = cached();
    expect(lifecycle(queryClient, progress("o2", 40))).toEqual([]);
    expect(devicesOf(queryClient)).toEqual([
      ["d1", "scheduled", 0],
      ["d2", "active", 40],
    ]);
    lifecycle(queryClient, progress("o2", 100, "success"));
    expect(devicesOf(queryClient)[1]).toEqual(["d2", "success", 100]);
    // Another rollout's operation leaves the cache as it was.
    const before = updatedAt(queryClient);
    lifecycle(queryClient, progress("elsewhere", 10));
    expect(updatedAt(queryClient)).toEqual(before);
  });

  it("refetches the rollouts and the pickers' device lists when a rollout changes or on a reconnect", () => {
    const queryClient = cached();
    expect(lifecycle(queryClient, entity("lifecycle", "cancelled", { entityType: "rollout", entityId: "r1" }))).toEqual(EVERYTHING);
    expect(lifecycle(queryClient, resync("lifecycle"))).toEqual(EVERYTHING);
    expect(lifecycle(queryClient, entity("lifecycle", "created", { entityType: "lifecycleOperation", entityId: "o9" }))).not.toContain("rollouts/list/msp");
  });

  it("refetches the pickers' device lists when an operation is scheduled, cancelled or ends, not while it progresses", () => {
    const queryClient = cached();
    const touchesDevices = (event: RealtimeEvent) => lifecycle(queryClient, event).includes("lifecycle/devices/search/msp/");
    for (const action of ["created", "cancelled", "succeeded", "failed"] as const) {
      expect(touchesDevices(entity("lifecycle", action, { entityType: "lifecycleOperation", entityId: "o1" })), action).toBe(true);
    }
    expect(touchesDevices(progress("o1", 50))).toBe(false);
    expect(touchesDevices(progress("o1", 100, "success"))).toBe(true);
  });
});
