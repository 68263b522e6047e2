import { QueryClient, QueryClientProvider, useInfiniteQuery } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLifecycleUpdates } from "@/components/lifecycle/use-lifecycle-updates";
import { INVALIDATION_DELAY_MS } from "@/components/realtime/use-realtime";
import { lifecycleKeys } from "@/lib/lifecycle/queries";
import type { LifecycleOperation, LifecycleStatus, LifecycleTab } from "@/lib/lifecycle/schema";
import type { Page } from "@/lib/pagination";
import { RealtimeClient, type SocketLike } from "@/lib/realtime-client";
import type { RealtimeNews } from "@/lib/realtime-contract";

// The lifecycle tabs' live hook on a real query cache and the real realtime client, over a socket the test plays.

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

function operation(id: string, status: LifecycleStatus, progress = 0): LifecycleOperation {
  return {
    id,
    organizationId: "msp",
    deviceId: `device-${id}`,
    serialNumber: `SN-${id}`,
    nodeId: null,
    nodeName: null,
    operation: "install-version",
    version: "24.3.2",
    status,
    scheduledAt: "2026-12-01T02:00:00.000Z",
    startedAt: status === "scheduled" ? null : "2026-12-01T02:00:00.000Z",
    finishedAt: null,
    durationSeconds: null,
    progress,
    summary: null,
    createdBy: "Nora Walsh",
    cancelledBy: null,
    updatedAt: "2026-12-01T02:00:00.000Z",
  };
}

/** What the API answers for each tab. */
const SERVER: Record<LifecycleTab, LifecycleOperation[]> = {
  scheduled: [operation("s1", "scheduled")],
  running: [operation("r1", "active", 10), operation("r2", "active", 20)],
  finished: [],
};
let fetches: Record<LifecycleTab, number>;

function useTabs() {
  useLifecycleUpdates();
  const useTab = (tab: LifecycleTab) =>
    useInfiniteQuery({
      queryKey: lifecycleKeys.list("msp", tab),
      queryFn: async (): Promise<Page<LifecycleOperation>> => {
        fetches[tab]++;
        return { items: SERVER[tab], nextCursor: null };
      },
      initialPageParam: "",
      getNextPageParam: () => undefined,
    });
  return { scheduled: useTab("scheduled"), running: useTab("running"), finished: useTab("finished") };
}

async function renderTabs() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = renderHook(useTabs, { wrapper });
  act(() => socket().open());
  await wait(0);
  expect(fetches).toEqual({ scheduled: 1, running: 1, finished: 1 });
  return view;
}

const running = (view: Awaited<ReturnType<typeof renderTabs>>) => view.result.current.running.data?.pages[0].items.map((item) => [item.id, item.status, item.progress]);

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  fetches = { scheduled: 0, running: 0, finished: 0 };
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

describe("useLifecycleUpdates", () => {
  it("moves the bar of the operation named at once, without a request", async () => {
    const view = await renderTabs();
    await say({ service: "lifecycle", action: "progress", data: { operationId: "r1", status: "active", progress: 40, step: "download" } });
    await wait(0);
    expect(running(view)).toEqual([
      ["r1", "active", 40],
      ["r2", "active", 20],
    ]);
    await wait(INVALIDATION_DELAY_MS * 2);
    expect(fetches).toEqual({ scheduled: 1, running: 1, finished: 1 });
  });

  it("refetches Running and Finished when an operation ends, not Scheduled", async () => {
    const view = await renderTabs();
    await say({ service: "lifecycle", action: "progress", data: { operationId: "r2", status: "success", progress: 100, step: "reboot" } });
    await wait(0);
    expect(running(view)?.[1]).toEqual(["r2", "success", 100]);
    await wait(INVALIDATION_DELAY_MS);
    expect(fetches).toEqual({ scheduled: 1, running: 2, finished: 2 });
  });

  it("refetches the tab an operation leaves and the one it goes to", async () => {
    await renderTabs();
    await say({ service: "lifecycle", action: "started", data: { entityType: "lifecycleOperation", entityId: "s1" } });
    await wait(INVALIDATION_DELAY_MS);
    expect(fetches).toEqual({ scheduled: 2, running: 2, finished: 1 });
    await say({ service: "lifecycle", action: "cancelled", data: { entityType: "lifecycleOperation", entityId: "s1" } });
    await wait(INVALIDATION_DELAY_MS);
    expect(fetches).toEqual({ scheduled: 3, running: 2, finished: 2 });
  });

  it("refetches only Scheduled for a new operation, and only the list holding one whose time moved", async () => {
    await renderTabs();
    await say({ service: "lifecycle", action: "created", data: { entityType: "lifecycleOperation", entityId: "new" } });
    await wait(INVALIDATION_DELAY_MS);
    expect(fetches).toEqual({ scheduled: 2, running: 1, finished: 1 });
    await say({ service: "lifecycle", action: "updated", data: { entityType: "lifecycleOperation", entityId: "s1" } });
    await wait(INVALIDATION_DELAY_MS);
    expect(fetches).toEqual({ scheduled: 3, running: 1, finished: 1 });
    await say({ service: "lifecycle", action: "updated", data: { entityType: "lifecycleOperation", entityId: "elsewhere" } });
    await wait(INVALIDATION_DELAY_MS * 2);
    expect(fetches).toEqual({ scheduled: 3, running: 1, finished: 1 });
  });

  it("refetches every tab after a reconnect, since messages may have been missed", async () => {
    await renderTabs();
    act(() => socket().drop());
    await wait(2_000);
    act(() => socket().open());
    await wait(INVALIDATION_DELAY_MS);
    expect(fetches).toEqual({ scheduled: 2, running: 2, finished: 2 });
  });
});
