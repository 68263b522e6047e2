"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { RealtimeService } from "@/lib/realtime";
import { getRealtimeClient, type RealtimeEvent, type RealtimeStatus } from "@/lib/realtime-client";

/**
 * Calls `onMessage` for each message of `service` on the tab's shared /ws connection. The latest callback is kept in
 * a ref, so a new function on every render neither resubscribes nor misses a message. Nothing happens on the server.
 */
export function useRealtime(service: RealtimeService, onMessage: (event: RealtimeEvent) => void, enabled = true): void {
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
const INVALIDATION_DELAY_MS = 300;

/**
 * Refetches the queries under `queryKey` when `service` reports a change (or a reconnect, after which changes may
 * have been missed). `accept` narrows the messages that matter.
 */
export function useRealtimeInvalidation(
  service: RealtimeService,
  queryKey: QueryKey,
  { enabled = true, accept }: { enabled?: boolean; accept?: (event: RealtimeEvent) => boolean } = {},
): void {
  const queryClient = useQueryClient();
  const key = useRef(queryKey);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    key.current = queryKey;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  useRealtime(
    service,
    (event) => {
      if (accept && !accept(event)) return;
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void queryClient.invalidateQueries({ queryKey: key.current });
      }, INVALIDATION_DELAY_MS);
    },
    enabled,
  );
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
