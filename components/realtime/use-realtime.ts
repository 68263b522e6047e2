"use client";

import { hashKey, matchQuery, useQueryClient, type QueryClient, type QueryFilters, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { RealtimeService } from "@/lib/realtime";
import { getRealtimeClient, RESYNC_ACTION, type RealtimeEvent, type RealtimeStatus } from "@/lib/realtime-client";
import { renderedAtQuery } from "@/lib/realtime-queries";

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

// Bursts (an engine raising ten alarms at once, samples and health news of one batch) become one refetch of each
// query, at most this long after the first message. One batch per query cache and delay, whichever hooks heard the messages.
export const INVALIDATION_DELAY_MS = 300;
// Samples arrive all the time: every device's batch names its organization, so an MSP's dashboard hears one each
// time any of its devices reports (hundreds per minute on a large network). Their refetches wait longer, so a
// chart is fetched at most about once per this delay however many devices report; the SLA news (topology) that
// changes a badge is written at once and is not delayed.
export const TELEMETRY_REFETCH_DELAY_MS = 3_000;
const REFETCH_DELAY_MS: Partial<Record<RealtimeService, number>> = { telemetry: TELEMETRY_REFETCH_DELAY_MS };

const batches = new WeakMap<QueryClient, Map<number, QueryFilters[]>>();

function refetchSoon(queryClient: QueryClient, filters: readonly QueryFilters[], delayMs: number) {
  let byDelay = batches.get(queryClient);
  if (!byDelay) batches.set(queryClient, (byDelay = new Map()));
  const pending = byDelay.get(delayMs);
  if (pending) {
    pending.push(...filters);
    return;
  }
  const batch = [...filters];
  byDelay.set(delayMs, batch);
  setTimeout(() => {
    byDelay.delete(delayMs);
    void queryClient.invalidateQueries({ predicate: (query) => batch.some((filter) => matchQuery(filter, query)) });
  }, delayMs);
}

/** What one message asks to refetch; it may also write news that carries the new state straight into the cache. */
export type RealtimeRefetches<S extends RealtimeService> = (event: RealtimeEvent<S>, queryClient: QueryClient) => readonly QueryFilters[];

/**
 * Refetches the queries that the messages of `service` name (`refetches` says which), a burst at a time. A reconnect's
 * refetch is never delayed beyond INVALIDATION_DELAY_MS.
 */
export function useRealtimeRefetch<S extends RealtimeService>(service: S, refetches: RealtimeRefetches<S>, enabled = true): void {
  const queryClient = useQueryClient();
  useRealtime(
    service,
    (event) => {
      const filters = refetches(event, queryClient);
      const delayMs = event.action === RESYNC_ACTION ? INVALIDATION_DELAY_MS : (REFETCH_DELAY_MS[service] ?? INVALIDATION_DELAY_MS);
      if (filters.length > 0) refetchSoon(queryClient, filters, delayMs);
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
  // A reconnect always refetches: what was missed meanwhile is unknown, so no filter can rule it out.
  useRealtimeRefetch(service, (event) => (accept && event.action !== RESYNC_ACTION && !accept(event) ? [] : [{ queryKey: key.current }]), enabled);
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
