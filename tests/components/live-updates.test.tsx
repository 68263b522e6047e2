import { QueryClient, QueryClientProvider, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLiveUpdates, useRealtime } from "@/components/realtime/use-realtime";
import { lifecycleKeys } from "@/lib/lifecycle/queries";
import type { LifecycleOperation, LifecycleStatus, LifecycleTab } from "@/lib/lifecycle/schema";
import type { Page } from "@/lib/pagination";
import { pathKeys } from "@/lib/paths/queries";
// Loaded ahead, so the connection's own loading of it resolves at once under fake timers.
import "@/lib/realtime-areas";
import type { RealtimeClient, RealtimeEvent } from "@/lib/realtime-client";
import type { RealtimeNews } from "@/lib/realtime-contract";
import { INVALIDATION_DELAY_MS, TELEMETRY_REFETCH_DELAY_MS } from "@/lib/realtime-registry";
import { telemetryKeys } from "@/lib/telemetry/queries";
import { lifecycleOperation } from "../fixtures/lifecycle-operation";
import { firstSocket, playedClient, type PlayedSocket } from "../unit/played-socket";

// Pages live through the shell's binding of the connection to the registry (useLiveUpdates), on a real query cache
// and the real realtime client, over a socket the test plays: a path dashboard and the lifecycle tabs, which wire
// nothing of their own, and a component's own behaviour on a service's news (useRealtime).

const realtime = vi.hoisted(() => ({ client: null as RealtimeClient | null }));
vi.mock("@/lib/realtime-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/realtime-client")>()),
  getRealtimeClient: () => realtime.client,
}));

let sockets: PlayedSocket[];
const socket = () => sockets.at(-1)!;
const say = (message: RealtimeNews) => act(() => socket().say(message));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

/** Renders `hook` beside the shell's connection (useLiveUpdates), once the registry is loaded and the socket open. */
async function renderLive<T>(hook: () => T, queryClient = newQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = renderHook(
    () => {
      useLiveUpdates();
      return hook();
    },
    { wrapper },
  );
  await firstSocket(sockets, wait);
  act(() => socket().open());
  await wait(0);
  return view;
}

const since = { from: "2026-01-01T00:00:00.000Z" };
const QUERIES = {
  path: pathKeys.detail("p1"),
  performance: telemetryKeys.performance("p1", since),
  bandwidth: telemetryKeys.bandwidth("path", "p1", since),
  otherPerformance: telemetryKeys.performance("p2", since),
  pathList: telemetryKeys.pathHealth("organization", "org", { limit: 8 }),
};
type Name = keyof typeof QUERIES;

let fetches: Record<Name, number>;

/** The dashboard's queries, each counting its fetches; the server says every SLA is healthy. */
function useDashboard() {
  const useCounted = (name: Name, data: unknown) =>
    useQuery({
      queryKey: QUERIES[name],
      queryFn: async () => {
        fetches[name]++;
        return data;
      },
    });
  return {
    path: useCounted("path", { id: "p1", slaHealth: "healthy" }),
    performance: useCounted("performance", { points: [], current: { sla: "healthy" } }),
    bandwidth: useCounted("bandwidth", { points: [] }),
    otherPerformance: useCounted("otherPerformance", { points: [], current: { sla: "healthy" } }),
    pathList: useCounted("pathList", { items: [] }),
  };
}

async function renderDashboard() {
  const view = await renderLive(useDashboard);
  expect(fetches).toEqual({ path: 1, performance: 1, bandwidth: 1, otherPerformance: 1, pathList: 1 });
  return view;
}

const operation = (id: string, status: LifecycleStatus, progress = 0) =>
  lifecycleOperation(id, status, { progress, startedAt: status === "scheduled" ? null : "2026-12-01T02:00:00.000Z" });

/** What the API answers for each tab. */
const SERVER: Record<LifecycleTab, LifecycleOperation[]> = {
  scheduled: [operation("s1", "scheduled")],
  running: [operation("r1", "active", 10), operation("r2", "active", 20)],
  finished: [],
};
let tabFetches: Record<LifecycleTab, number>;

function useTabs() {
  const useTab = (tab: LifecycleTab) =>
    useInfiniteQuery({
      queryKey: lifecycleKeys.list("msp", tab),
      queryFn: async (): Promise<Page<LifecycleOperation>> => {
        tabFetches[tab]++;
        return { items: SERVER[tab], nextCursor: null };
      },
      initialPageParam: "",
      getNextPageParam: () => undefined,
    });
  return { scheduled: useTab("scheduled"), running: useTab("running"), finished: useTab("finished") };
}

async function renderTabs() {
  const view = await renderLive(useTabs);
  expect(tabFetches).toEqual({ scheduled: 1, running: 1, finished: 1 });
  return view;
}

const running = (view: Awaited<ReturnType<typeof renderTabs>>) => view.result.current.running.data?.pages[0].items.map((item) => [item.id, item.status, item.progress]);

beforeEach(() => {
  vi.useFakeTimers();
  fetches = { path: 0, performance: 0, bandwidth: 0, otherPerformance: 0, pathList: 0 };
  tabFetches = { scheduled: 0, running: 0, finished: 0 };
  const played = playedClient();
  sockets = played.sockets;
  realtime.client = played.client;
});

afterEach(() => {
  realtime.client?.dispose();
  vi.useRealTimers();
});

describe("a dashboard, live through the registry", () => {
  it("refetches the telemetry of the objects a samples message names, not the charts of the others", async () => {
    await renderDashboard();
    await say({ service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: ["p2"] } });
    await wait(TELEMETRY_REFETCH_DELAY_MS);
    // The organization's lists and the other path's chart; this path's charts and the path itself stay.
    expect(fetches).toEqual({ path: 1, performance: 1, bandwidth: 1, otherPerformance: 2, pathList: 2 });
  });

  it("turns a burst into one refetch per query, once the delay after its first message has passed", async () => {
    await renderDashboard();
    for (let i = 0; i < 5; i++) {
      await say({ service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: [i % 2 ? "p1" : "p2"] } });
      await wait(50);
    }
    expect(fetches.performance).toBe(1);
    await wait(TELEMETRY_REFETCH_DELAY_MS - 250);
    expect(fetches).toEqual({ path: 1, performance: 2, bandwidth: 2, otherPerformance: 2, pathList: 2 });
    await wait(TELEMETRY_REFETCH_DELAY_MS * 3);
    expect(fetches.performance).toBe(2);
  });

  it("fetches a chart about once per telemetry delay however many devices keep reporting", async () => {
    await renderDashboard();
    // A large MSP: a device's batch every 100 ms for 30 s, each naming the organization.
    for (let i = 0; i < 300; i++) {
      await say({ service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: [`p${(i % 40) + 3}`] } });
      await wait(100);
    }
    const windows = Math.ceil(30_000 / TELEMETRY_REFETCH_DELAY_MS);
    expect(fetches.pathList).toBeGreaterThanOrEqual(windows - 1);
    expect(fetches.pathList).toBeLessThanOrEqual(windows + 1);
    // Charts of paths nobody named are not fetched again.
    expect(fetches.performance).toBe(1);
  });

  it("does not delay a reconnect's refetch of the charts by the telemetry delay", async () => {
    await renderDashboard();
    act(() => socket().drop());
    await wait(2_000);
    act(() => socket().open());
    await wait(INVALIDATION_DELAY_MS);
    expect(fetches.performance).toBe(2);
  });

  it("shows a path's new SLA at once, in its badge and its SLA now, refetching only the paths lists", async () => {
    const view = await renderDashboard();
    await say({ service: "topology", action: "health", data: { organizationId: "org", paths: [{ id: "p1", slaHealth: "bad" }] } });
    // Rendered on React Query's next notification, long before any refetch would be.
    await wait(0);
    expect(view.result.current.path.data).toEqual({ id: "p1", slaHealth: "bad" });
    expect(view.result.current.performance.data).toEqual({ points: [], current: { sla: "bad" } });
    expect(view.result.current.otherPerformance.data).toEqual({ points: [], current: { sla: "healthy" } });
    await wait(INVALIDATION_DELAY_MS * 2);
    expect(fetches).toEqual({ path: 1, performance: 1, bandwidth: 1, otherPerformance: 1, pathList: 2 });
    expect(view.result.current.path.data).toEqual({ id: "p1", slaHealth: "bad" });
  });

  it("refetches everything it shows after a reconnect, since messages may have been missed", async () => {
    await renderDashboard();
    act(() => socket().drop());
    await wait(2_000);
    expect(sockets).toHaveLength(2);
    act(() => socket().open());
    await wait(INVALIDATION_DELAY_MS);
    expect(fetches).toEqual({ path: 2, performance: 2, bandwidth: 2, otherPerformance: 2, pathList: 2 });
  });
});

describe("the lifecycle tabs, live through the registry", () => {
  it("moves the bar of the operation named at once, without a request", async () => {
    const view = await renderTabs();
    await say({ service: "lifecycle", action: "progress", data: { operationId: "r1", status: "active", progress: 40, step: "download" } });
    await wait(0);
    expect(running(view)).toEqual([
      ["r1", "active", 40],
      ["r2", "active", 20],
    ]);
    await wait(INVALIDATION_DELAY_MS * 2);
    expect(tabFetches).toEqual({ scheduled: 1, running: 1, finished: 1 });
  });

  it("refetches Running and Finished when an operation ends, not Scheduled", async () => {
    const view = await renderTabs();
    await say({ service: "lifecycle", action: "progress", data: { operationId: "r2", status: "success", progress: 100, step: "reboot" } });
    await wait(0);
    expect(running(view)?.[1]).toEqual(["r2", "success", 100]);
    await wait(INVALIDATION_DELAY_MS);
    expect(tabFetches).toEqual({ scheduled: 1, running: 2, finished: 2 });
  });

  it("refetches the tab an operation leaves and the one it goes to", async () => {
    await renderTabs();
    await say({ service: "lifecycle", action: "started", data: { entityType: "lifecycleOperation", entityId: "s1" } });
    await wait(INVALIDATION_DELAY_MS);
    expect(tabFetches).toEqual({ scheduled: 2, running: 2, finished: 1 });
    await say({ service: "lifecycle", action: "cancelled", data: { entityType: "lifecycleOperation", entityId: "s1" } });
    await wait(INVALIDATION_DELAY_MS);
    expect(tabFetches).toEqual({ scheduled: 3, running: 2, finished: 2 });
  });

  it("refetches only Scheduled for a new operation, and only the list holding one whose time moved", async () => {
    await renderTabs();
    await say({ service: "lifecycle", action: "created", data: { entityType: "lifecycleOperation", entityId: "new" } });
    await wait(INVALIDATION_DELAY_MS);
    expect(tabFetches).toEqual({ scheduled: 2, running: 1, finished: 1 });
    await say({ service: "lifecycle", action: "updated", data: { entityType: "lifecycleOperation", entityId: "s1" } });
    await wait(INVALIDATION_DELAY_MS);
    expect(tabFetches).toEqual({ scheduled: 3, running: 1, finished: 1 });
    await say({ service: "lifecycle", action: "updated", data: { entityType: "lifecycleOperation", entityId: "elsewhere" } });
    await wait(INVALIDATION_DELAY_MS * 2);
    expect(tabFetches).toEqual({ scheduled: 3, running: 1, finished: 1 });
  });

  it("refetches every tab after a reconnect, since messages may have been missed", async () => {
    await renderTabs();
    act(() => socket().drop());
    await wait(2_000);
    act(() => socket().open());
    await wait(INVALIDATION_DELAY_MS);
    expect(tabFetches).toEqual({ scheduled: 2, running: 2, finished: 2 });
  });
});

describe("useRealtime", () => {
  it("hears each message after the cache has taken it, and keeps its service listened to", async () => {
    const queryClient = newQueryClient();
    const heard: [string, unknown][] = [];
    queryClient.setQueryData(pathKeys.detail("p1"), { id: "p1", slaHealth: "healthy" });
    const view = await renderLive(
      () => useRealtime("topology", (event: RealtimeEvent<"topology">) => heard.push([event.action, queryClient.getQueryData(pathKeys.detail("p1"))])),
      queryClient,
    );
    const asked = socket().sent.length;
    await say({ service: "topology", action: "health", data: { organizationId: "org", paths: [{ id: "p1", slaHealth: "bad" }] } });
    expect(heard).toEqual([["health", { id: "p1", slaHealth: "bad" }]]);
    view.unmount();
    await wait(1_000);
    expect(socket().sent.slice(asked).map((data) => JSON.parse(data))).toEqual([{ service: "topology", action: "unsubscribe" }]);
  });
});
