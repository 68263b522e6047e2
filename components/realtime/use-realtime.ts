"use client";

import { matchQuery, useQueryClient, type QueryClient, type QueryFilters, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { RealtimeService } from "@/lib/realtime";
import { getRealtimeClient, type RealtimeEvent, type RealtimeStatus } from "@/lib/realtime-client";

/**
 * Calls `onMessage` for each message of `service` on the tab's shared /ws connection. The latest callback is kept in
 * a ref, so a new function on every render neither resubscribes nor misses a message. Nothing happens on the server.
 */
export function useRealtime<S extends RealtimeService>(service: S, onMessage: (event: RealtimeEvent<S>) => void, enabled = true): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!enabled) return;
    return getRealtimeClient()?.subscribe(service, (event) => latest.current(event));
  }, [service, enabled]);
}

// Bursts (an engine raising ten alarms at once) become one refetch, at most this long after the first message.
export const INVALIDATION_DELAY_MS = 300;

/** What one message asks to refetch; it may also write news that carries the new state straight into the cache. */
export type RealtimeRefetches<S extends RealtimeService> = (event: RealtimeEvent<S>, queryClient: QueryClient) => readonly QueryFilters[];

/**
 * Refetches the queries that the messages of `service` name: `refetches` says which for each message, and those of a
 * burst are refetched together, each query once, at most INVALIDATION_DELAY_MS after the burst's first message.
 */
export function useRealtimeRefetch<S extends RealtimeService>(service: S, refetches: RealtimeRefetches<S>, enabled = true): void {
  const queryClient = useQueryClient();
  const pending = useRef<QueryFilters[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = [];
    },
    [],
  );
  useRealtime(
    service,
    (event) => {
      const filters = refetches(event, queryClient);
      if (filters.length === 0) return;
      pending.current.push(...filters);
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        const burst = pending.current;
        pending.current = [];
        void queryClient.invalidateQueries({ predicate: (query) => burst.some((filter) => matchQuery(filter, query)) });
      }, INVALIDATION_DELAY_MS);
    },
    enabled,
  );
}

/**
 * Refetches the queries under `queryKey` when `service` reports a change (or a reconnect, after which changes may
 * have been missed). `accept` narrows the messages that matter.
 */
export function useRealtimeInvalidation<S extends RealtimeService>(
  service: S,
  queryKey: QueryKey,
  { enabled = true, accept }: { enabled?: boolean; accept?: (event: RealtimeEvent<S>) => boolean } = {},
): void {
  const key = useRef(queryKey);
  useEffect(() => {
    key.current = queryKey;
  });
  useRealtimeRefetch(service, (event) => (accept && !accept(event) ? [] : [{ queryKey: key.current }]), enabled);
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
