import { QueryClient, QueryObserver, type QueryKey } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { alarmKeys, DEFAULT_ALARM_FILTER } from "@/lib/alarms/queries";
import { lifecycleKeys } from "@/lib/lifecycle/queries";
import { pathKeys } from "@/lib/paths/queries";
import { realtimeRegistry } from "@/lib/realtime-areas";
import type { RealtimeClient } from "@/lib/realtime-client";
import { connectRegistry, INVALIDATION_DELAY_MS, onPendingRefetches, onRealtimeNews, pendingRefetches, TELEMETRY_REFETCH_DELAY_MS } from "@/lib/realtime-registry";
import { telemetryKeys } from "@/lib/telemetry/queries";
import { playedClient } from "./played-socket";
import { pages } from "./realtime-fixtures";

// The tab's connection bound to a real query cache through the registry, over a socket the test plays: which
// services it listens to, and what each message does once.

let played: ReturnType<typeof playedClient>;
let client: RealtimeClient;
let queryClient: QueryClient;
let fetches: Map<string, number>;
let unbind: () => void;
const socket = () => played.socket();
const flush = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** Shows a query on the page (an observer, as a mounted component has), its fetches counted by name. */
function show(name: string, queryKey: QueryKey, data: unknown): () => void {
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => {
      fetches.set(name, (fetches.get(name) ?? 0) + 1);
      return data;
    },
    staleTime: Infinity,
  });
  return observer.subscribe(() => {});
}

/** The connection, bound and open, with what it asked for so far forgotten. */
async function connect() {
  unbind = connectRegistry(realtimeRegistry, client, queryClient);
  const release = client.hold();
  socket().open();
  await flush();
  return release;
}

beforeEach(() => {
  vi.useFakeTimers();
  fetches = new Map();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  played = playedClient();
  client = played.client;
});

afterEach(() => {
  vi.restoreAllMocks();
  unbind?.();
  client.dispose();
  vi.useRealTimers();
});

describe("the connection and the registry", () => {
  it("listens to a service while the page shows a query its effects touch, and only then", async () => {
    const hide = show("alarms", alarmKeys.list(DEFAULT_ALARM_FILTER), pages([]));
    await connect();
    expect(socket().asked()).toEqual(["alarms:subscribe"]);
    hide();
    await flush(INVALIDATION_DELAY_MS);
    // Left for a moment (a page change that keeps the service says nothing), then told.
    expect(socket().asked()).toEqual(["alarms:subscribe"]);
    await flush(1_000);
    expect(socket().asked()).toEqual(["alarms:subscribe", "alarms:unsubscribe"]);
    show("path", pathKeys.detail("p1"), { id: "p1" });
    await flush();
    expect(socket().asked()).toEqual(["alarms:subscribe", "alarms:unsubscribe", "topology:subscribe"]);
  });

  it("asks for what was published since the page's render", async () => {
    client.catchUp(1_234);
    show("alarms", alarmKeys.list(DEFAULT_ALARM_FILTER), pages([]));
    await connect();
    expect(socket().sent.map((frame) => JSON.parse(frame))).toEqual([{ service: "alarms", action: "subscribe", since: 1_234 }]);
  });

  it("applies each message once however many components show its data, one refetch per burst", async () => {
    show("alarms", alarmKeys.list(DEFAULT_ALARM_FILTER), pages([]));
    show("alarms", alarmKeys.list(DEFAULT_ALARM_FILTER), pages([]));
    await connect();
    expect(fetches.get("alarms")).toBe(1);
    const apply = vi.spyOn(realtimeRegistry, "apply");
    for (let i = 0; i < 5; i++) {
      socket().say({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: `a${i}` } });
      await flush(50);
    }
    await flush(INVALIDATION_DELAY_MS);
    expect(apply).toHaveBeenCalledTimes(5);
    expect(fetches.get("alarms")).toBe(2);
  });

  it("never restarts a slow fetch for a burst of news: it lands, then the list is fetched once more", async () => {
    // A searched list the server answers a second after it is asked, while alarms clear every 300 ms for three seconds.
    const answers: { askedAt: number; answer: () => void }[] = [];
    const answerDue = () => {
      for (const pending of answers.filter(({ askedAt }) => Date.now() - askedAt >= 1_000)) {
        answers.splice(answers.indexOf(pending), 1);
        pending.answer();
      }
    };
    let started = 0;
    let landed = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: alarmKeys.list({ ...DEFAULT_ALARM_FILTER, search: "MX-C100-0151" }),
      queryFn: async ({ signal }) => {
        started += 1;
        await new Promise<void>((answer, refuse) => {
          answers.push({ askedAt: Date.now(), answer });
          signal.addEventListener("abort", () => refuse(new Error("aborted")));
        });
        landed += 1;
        return pages([{ id: "a1" }]);
      },
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    await connect();
    // The burst, then until the server has answered every request and nothing is fetched any more.
    for (let step = 0; step < 10 || answers.length > 0 || observer.getCurrentResult().isFetching; step++) {
      if (step < 10) socket().say({ service: "alarms", action: "cleared", data: { entityType: "alarm", entityId: `c${step}` } });
      await flush(INVALIDATION_DELAY_MS);
      answerDue();
      await flush();
      if (step > 60) throw new Error("the list never settled");
    }
    // Each fetch ran to the end; none was thrown away, and the list holds the server's rows.
    expect(landed).toBe(started);
    // One fetch per second of the burst at most, and one after it: never one per batch.
    expect(started).toBeLessThanOrEqual(5);
    expect(observer.getCurrentResult().data?.pages[0]).toEqual({ items: [{ id: "a1" }], nextCursor: null });
    unsubscribe();
  });

  it("writes a path's SLA at once, and refetches charts named by samples after the telemetry delay only", async () => {
    const since = { from: "2026-01-01T00:00:00.000Z" };
    show("path", pathKeys.detail("p1"), { id: "p1", slaHealth: "healthy" });
    show("performance", telemetryKeys.performance("p1", since), { points: [], current: { sla: "healthy" } });
    show("other", telemetryKeys.performance("p2", since), { points: [], current: { sla: "healthy" } });
    await connect();
    expect(socket().asked().sort()).toEqual(["telemetry:subscribe", "topology:subscribe"]);

    socket().say({ service: "topology", action: "health", data: { organizationId: "org", paths: [{ id: "p1", slaHealth: "bad" }] } });
    expect(queryClient.getQueryData(pathKeys.detail("p1"))).toEqual({ id: "p1", slaHealth: "bad" });
    expect(queryClient.getQueryData(telemetryKeys.performance("p1", since))).toEqual({ points: [], current: { sla: "bad" } });

    socket().say({ service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: ["p2"] } });
    await flush(TELEMETRY_REFETCH_DELAY_MS - 1);
    expect(fetches.get("other")).toBe(1);
    await flush(1);
    expect(Object.fromEntries(fetches)).toEqual({ path: 1, performance: 1, other: 2 });
  });

  it("counts the refetches waiting for their delay, and starts none for news of what the page does not hold", async () => {
    const since = { from: "2026-01-01T00:00:00.000Z" };
    show("path", pathKeys.detail("p1"), { id: "p1", slaHealth: "healthy" });
    show("performance", telemetryKeys.performance("p1", since), { points: [], current: { sla: "healthy" } });
    await connect();
    const told = vi.fn();
    const stop = onPendingRefetches(told);

    // SLA news is written in place: nothing to refetch, nothing waits.
    socket().say({ service: "topology", action: "health", data: { organizationId: "org", paths: [{ id: "p1", slaHealth: "bad" }] } });
    expect(pendingRefetches(queryClient)).toBe(0);
    // Samples of a path the page does not show: no refetch waits either.
    socket().say({ service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: ["p9"] } });
    expect(pendingRefetches(queryClient)).toBe(0);
    expect(told).not.toHaveBeenCalled();

    // Samples of the path shown: one batch waits until the telemetry delay, however many come meanwhile.
    socket().say({ service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: ["p1"] } });
    socket().say({ service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: ["p1"] } });
    expect(pendingRefetches(queryClient)).toBe(1);
    await flush(TELEMETRY_REFETCH_DELAY_MS);
    expect(pendingRefetches(queryClient)).toBe(0);
    expect(told).toHaveBeenCalledTimes(2);
    expect(fetches.get("performance")).toBe(2);
    stop();
  });

  it("refetches what the page shows after a reconnect, since messages may have been missed", async () => {
    show("operations", lifecycleKeys.list("msp", "running"), pages([]));
    show("path", pathKeys.detail("p1"), { id: "p1" });
    await connect();
    socket().drop();
    await flush(2_000);
    socket().open();
    await flush(INVALIDATION_DELAY_MS);
    expect(Object.fromEntries(fetches)).toEqual({ operations: 2, path: 2 });
  });

  it("calls a news listener after the effects, and listens to its service for it", async () => {
    show("operations", lifecycleKeys.list("msp", "running"), pages([{ id: "o1", status: "active", progress: 0 }]));
    await connect();
    const heard: unknown[] = [];
    const stop = onRealtimeNews("lifecycle", (event) => heard.push([event.action, queryClient.getQueryData(lifecycleKeys.list("msp", "running"))]));
    const stopAlarms = onRealtimeNews("alarms", () => {});
    await flush();
    expect(socket().asked()).toEqual(["lifecycle:subscribe", "alarms:subscribe"]);
    socket().say({ service: "lifecycle", action: "progress", data: { operationId: "o1", status: "active", progress: 30, step: "install" } });
    expect(heard).toEqual([["progress", pages([{ id: "o1", status: "active", progress: 30 }])]]);
    stop();
    stopAlarms();
    await flush(1_000);
    expect(socket().asked()).toEqual(["lifecycle:subscribe", "alarms:subscribe", "alarms:unsubscribe"]);
  });

  it("lets go of every subscription once unbound", async () => {
    show("alarms", alarmKeys.list(DEFAULT_ALARM_FILTER), pages([]));
    await connect();
    unbind();
    await flush(1_000);
    expect(socket().asked()).toEqual(["alarms:subscribe", "alarms:unsubscribe"]);
  });
});
