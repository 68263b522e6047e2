"use client";

import { hashKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { RealtimeService } from "@/lib/realtime";
import { getRealtimeClient, type RealtimeEvent, type RealtimeStatus } from "@/lib/realtime-client";
import { renderedAtQuery } from "@/lib/realtime-queries";
import { connectRegistry, onPendingRefetches, onRealtimeNews, pendingRefetches } from "@/lib/realtime-registry";

/**
 * Calls `onMessage` for each message of `service`, after the registry's effects have updated the cache: for what a
 * component does beyond the cache (a toast). What a message changes in the cache belongs in lib/<area>/realtime.ts,
 * not here. The latest callback is kept in a ref, so a new function on every render neither resubscribes nor misses
 * a message. Nothing happens on the server.
 */
export function useRealtime<S extends RealtimeService>(service: S, onMessage: (event: RealtimeEvent<S>) => void, enabled = true): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!enabled) return;
    return onRealtimeNews(service, (event) => latest.current(event));
  }, [service, enabled]);
}

/**
 * Binds the tab's connection to the query cache through the registry of live updates (lib/realtime-areas.ts), loaded
 * once the page is on screen; the connection is held from then on, while the shell is.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = getRealtimeClient();
    if (!client) return;
    let active = true;
    let stop = () => {};
    import("@/lib/realtime-areas").then(
      ({ realtimeRegistry }) => {
        if (!active) return;
        // The services the page needs are subscribed before the socket opens: "Live" then means they are heard.
        const unbind = connectRegistry(realtimeRegistry, client, queryClient);
        const release = client.hold();
        stop = () => {
          unbind();
          release();
        };
      },
      (error: unknown) => console.error("[realtime] the live updates could not be loaded:", error),
    );
    return () => {
      active = false;
      stop();
    };
  }, [queryClient]);
}

/**
 * Tells the tab's connection when the server read each page it renders, as the page's queries are hydrated (the page
 * wrapper seeds renderedAtQuery): the news published between that read and the subscriptions is then sent too.
 */
export function useRealtimeCatchUp(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = getRealtimeClient();
    if (!client) return;
    const hash = hashKey(renderedAtQuery.queryKey);
    let told: number | undefined;
    const tell = (renderedAt: unknown) => {
      if (typeof renderedAt !== "number" || renderedAt === told) return;
      told = renderedAt;
      client.catchUp(renderedAt);
    };
    tell(queryClient.getQueryData(renderedAtQuery.queryKey));
    // A later page's time comes when its queries are hydrated (a client-side navigation).
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash === hash) tell(event.query.state.data);
    });
  }, [queryClient]);
}

const idle = (): RealtimeStatus => "idle";

/** The connection's status, for the shell's indicator ("idle" on the server). */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (notify) => getRealtimeClient()?.onStatusChange(notify) ?? (() => {}),
    () => getRealtimeClient()?.status ?? "idle",
    idle,
  );
}

const none = () => 0;

/** How many refetches that live updates started still wait for their delay (0 on the server). */
export function usePendingRefetches(): number {
  const queryClient = useQueryClient();
  return useSyncExternalStore(onPendingRefetches, () => pendingRefetches(queryClient), none);
}
