import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDashboardLive } from "@/components/dashboard/use-dashboard-live";
import { INVALIDATION_DELAY_MS, TELEMETRY_REFETCH_DELAY_MS, useRealtimeInvalidation } from "@/components/realtime/use-realtime";
import { pathKeys } from "@/lib/paths/queries";
import { RealtimeClient, type SocketLike } from "@/lib/realtime-client";
import type { RealtimeNews } from "@/lib/realtime-contract";
import { telemetryKeys } from "@/lib/telemetry/queries";

// The path dashboard's live hook on a real query cache and the real realtime client, over a socket the test plays.

const realtime = vi.hoisted(() => ({ client: null as RealtimeClient | null }));
vi.mock("@/lib/realtime-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/realtime-client")>()),
  getRealtimeClient: () => realtime.client,
}));

class PlayedSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code: 1006 }));
  }
}

let sockets: PlayedSocket[];
const socket = () => sockets.at(-1)!;
const say = (message: RealtimeNews) => act(() => socket().onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) })));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

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
  useDashboardLive();
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = renderHook(useDashboard, { wrapper });
  act(() => socket().open());
  await wait(0);
  expect(fetches).toEqual({ path: 1, performance: 1, bandwidth: 1, otherPerformance: 1, pathList: 1 });
  return view;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  fetches = { path: 0, performance: 0, bandwidth: 0, otherPerformance: 0, pathList: 0 };
  realtime.client = new RealtimeClient({
    url: "ws://test/ws",
    createSocket: () => {
      sockets.push(new PlayedSocket());
      return socket();
    },
  });
});

afterEach(() => {
  realtime.client?.dispose();
  vi.useRealTimers();
});

describe("useDashboardLive", () => {
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

describe("useRealtimeInvalidation", () => {
  it("refetches after a reconnect even where its filter would take none of the news", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    let fetched = 0;
    renderHook(
      () => {
        useRealtimeInvalidation("events", ["events"], { accept: () => false });
        return useQuery({ queryKey: ["events"], queryFn: async () => ++fetched });
      },
      { wrapper },
    );
    act(() => socket().open());
    await wait(0);
    expect(fetched).toBe(1);
    await say({ service: "events", action: "created", data: { entityType: "path", entityId: "p1", type: "path.updated" } });
    await wait(INVALIDATION_DELAY_MS * 2);
    expect(fetched).toBe(1);
    act(() => socket().drop());
    await wait(2_000);
    act(() => socket().open());
    await wait(INVALIDATION_DELAY_MS * 2);
    expect(fetched).toBe(2);
  });
});
