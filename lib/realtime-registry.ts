import { matchQuery, type Query, type QueryClient, type QueryFilters } from "@tanstack/react-query";
import type { RealtimeAction, RealtimeContract, RealtimeNews } from "@/lib/realtime-contract";
import { RESYNC_ACTION, type RealtimeClient, type RealtimeEvent, type RealtimeListener } from "@/lib/realtime-client";
import { REALTIME_SERVICES, type RealtimeService } from "@/lib/realtime-protocol";

// Live updates in one place. Each area's lib/<area>/realtime.ts says, per service and action of the contract
// (lib/realtime-contract.ts), what a message writes into the browser's query cache and which queries it refetches:
// only the objects the message names. The tab's connection hands every message to the registry once
// (connectRegistry), and listens to a service while the page shows a query that the service's effects touch.

/** A message of one service, narrowed to some of its actions. */
export type RealtimeNewsOf<S extends RealtimeService, A extends RealtimeAction<S> = RealtimeAction<S>> = {
  [K in A]: { service: S; action: K; data: RealtimeContract[S][K] };
}[A];

/**
 * What a message does: writes what it carries into the cache at once (a new state, a progress), and returns the
 * queries to refetch — the object named, the lists that may hold it. Refetches of a burst are coalesced.
 */
export type RealtimeEffect<S extends RealtimeService, A extends RealtimeAction<S> = RealtimeAction<S>> = (
  news: RealtimeNewsOf<S, A>,
  queryClient: QueryClient,
) => readonly QueryFilters[];

export interface ServiceEffects<S extends RealtimeService> {
  /**
   * Every query these effects write or refetch. The service is listened to while one of them is on screen, and a
   * resync (messages may have been missed) refetches them all.
   */
  queries: readonly QueryFilters[];
  on: { readonly [A in RealtimeAction<S>]?: RealtimeEffect<S, A> };
}

/** An area's live updates, per service. */
export type AreaRealtime = { readonly [S in RealtimeService]?: ServiceEffects<S> };

/** One effect for several actions of a service (every change of an entity, say). */
export function forActions<S extends RealtimeService, const A extends RealtimeAction<S>>(_service: S, actions: readonly A[], effect: RealtimeEffect<S, A>) {
  return Object.fromEntries(actions.map((action) => [action, effect])) as { [K in A]: RealtimeEffect<S, A> };
}

type Effect = (news: RealtimeNews, queryClient: QueryClient) => readonly QueryFilters[];
type Effects = { queries: readonly QueryFilters[]; on: Partial<Record<string, Effect>> };

export class RealtimeRegistry {
  private readonly byService = new Map<RealtimeService, Effects[]>();

  constructor(areas: readonly AreaRealtime[]) {
    for (const area of areas) {
      for (const service of REALTIME_SERVICES) {
        const effects = area[service] as Effects | undefined;
        if (effects) this.byService.set(service, [...(this.byService.get(service) ?? []), effects]);
      }
    }
  }

  private effectsOf(service: RealtimeService, action: string): Effect[] {
    return (this.byService.get(service) ?? []).flatMap(({ on }) => (Object.hasOwn(on, action) && on[action] ? [on[action]] : []));
  }

  /** Whether some area says what this message does. */
  handles(service: RealtimeService, action: string): boolean {
    return this.effectsOf(service, action).length > 0;
  }

  /** Every query the service's effects touch. */
  queries(service: RealtimeService): QueryFilters[] {
    return (this.byService.get(service) ?? []).flatMap((effects) => effects.queries);
  }

  /** Runs a message's effects and returns what to refetch; after a resync, every query of its service. */
  apply(event: RealtimeEvent, queryClient: QueryClient): QueryFilters[] {
    if (event.action === RESYNC_ACTION) return this.queries(event.service);
    return this.effectsOf(event.service, event.action).flatMap((effect) => {
      try {
        return effect(event, queryClient);
      } catch (error) {
        // One area's failure leaves the others' updates standing.
        console.error(`[realtime] an effect of ${event.service}.${event.action} failed:`, error);
        return [];
      }
    });
  }

  /** Does the page show (observe) a query that the service's effects touch? */
  shows(service: RealtimeService, queryClient: QueryClient): boolean {
    const filters = this.queries(service);
    if (filters.length === 0) return false;
    return queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.getObserversCount() > 0 && filters.some((filter) => matchQuery(filter, query)));
  }
}

// Bursts (an engine raising ten alarms at once, samples and health news of one batch) become one refetch of each
// query, at most this long after the first message. One batch per query cache and delay.
export const INVALIDATION_DELAY_MS = 300;
// Samples arrive all the time: every device's batch names its organization, so an MSP's dashboard hears one each
// time any of its devices reports (hundreds per minute on a large network). Their refetches wait longer, so a
// chart is fetched at most about once per this delay however many devices report; the SLA news (topology) that
// changes a badge is written at once and is not delayed.
export const TELEMETRY_REFETCH_DELAY_MS = 3_000;
const REFETCH_DELAY_MS: Partial<Record<RealtimeService, number>> = { telemetry: TELEMETRY_REFETCH_DELAY_MS };

const batches = new WeakMap<QueryClient, Map<number, QueryFilters[]>>();

// How many refetch batches wait for their delay, per query cache: what a page shows (the live status's
// data-refetches-pending) so that one can tell a message started no refetch without waiting the delay out.
const pendingBatches = new WeakMap<QueryClient, number>();
const pendingListeners = new Set<() => void>();

function countPending(queryClient: QueryClient, change: 1 | -1) {
  pendingBatches.set(queryClient, (pendingBatches.get(queryClient) ?? 0) + change);
  for (const listener of [...pendingListeners]) listener();
}

/** The refetch batches of a query cache still waiting for their delay. */
export function pendingRefetches(queryClient: QueryClient): number {
  return pendingBatches.get(queryClient) ?? 0;
}

/** Calls `listener` whenever a refetch batch starts waiting or goes out. Returns the unsubscribe. */
export function onPendingRefetches(listener: () => void): () => void {
  pendingListeners.add(listener);
  return () => void pendingListeners.delete(listener);
}

function refetchSoon(queryClient: QueryClient, filters: readonly QueryFilters[], delayMs: number) {
  // Nothing cached that a filter matches: nothing to refetch (a query made later is fetched after the change anyway).
  if (!queryClient.getQueryCache().getAll().some((query) => filters.some((filter) => matchQuery(filter, query)))) return;
  let byDelay = batches.get(queryClient);
  if (!byDelay) batches.set(queryClient, (byDelay = new Map()));
  const pending = byDelay.get(delayMs);
  if (pending) {
    pending.push(...filters);
    return;
  }
  const batch = [...filters];
  byDelay.set(delayMs, batch);
  countPending(queryClient, 1);
  setTimeout(() => {
    byDelay.delete(delayMs);
    countPending(queryClient, -1);
    refetchMatching(queryClient, (query) => batch.some((filter) => matchQuery(filter, query)));
  }, delayMs);
}

/** The queries whose fetch in flight is to be followed by one more (refetchMatching). */
const refetchAwaited = new WeakSet<Query>();

/**
 * Refetches the queries a batch matches. A fetch already in flight is not cancelled (a burst of news every few hundred
 * milliseconds would otherwise restart a slow list's first fetch for as long as the burst lasts, its placeholder —
 * another search's rows — shown all the while): it lands, then the query is refetched once more, since it may have
 * read the server before the change.
 */
function refetchMatching(queryClient: QueryClient, predicate: (query: Query) => boolean) {
  const cache = queryClient.getQueryCache();
  // Queries already waiting for their fetch to land are refetched once then, however many batches came meanwhile.
  const inFlight = cache.findAll({ predicate: (query) => predicate(query) && query.state.fetchStatus === "fetching" && !refetchAwaited.has(query) });
  void queryClient.invalidateQueries({ predicate }, { cancelRefetch: false });
  for (const query of inFlight) {
    refetchAwaited.add(query);
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query) return;
      const done = () => {
        refetchAwaited.delete(query);
        unsubscribe();
      };
      if (event.type === "removed") return done();
      if (event.type !== "updated" || query.state.fetchStatus === "fetching") return;
      done();
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
    });
  }
}


// The registry's subscribe API: behaviour beyond the cache (a toast, a sound) on a service's messages.
const newsListeners = new Map<RealtimeService, Set<RealtimeListener>>();
const listenersChanged = new Set<() => void>();

/**
 * Calls `listener` with each message of `service` (and each resync), after the registry's effects have run; the
 * service is listened to while a listener is there. Returns the unsubscribe.
 */
export function onRealtimeNews<S extends RealtimeService>(service: S, listener: RealtimeListener<S>): () => void {
  // Only messages of `service` reach it, so the wider listener type is safe.
  const wide = listener as unknown as RealtimeListener;
  let set = newsListeners.get(service);
  if (!set) newsListeners.set(service, (set = new Set()));
  set.add(wide);
  for (const changed of [...listenersChanged]) changed();
  return () => {
    if (!newsListeners.get(service)?.delete(wide)) return;
    for (const changed of [...listenersChanged]) changed();
  };
}

/**
 * Binds the tab's connection to the query cache through the registry: a service is subscribed while the page
 * observes a query its effects touch (or a news listener wants it), and each of its messages runs the effects once,
 * then the listeners. Returns the unbinding.
 */
export function connectRegistry(registry: RealtimeRegistry, client: RealtimeClient, queryClient: QueryClient): () => void {
  const listening = new Map<RealtimeService, () => void>();
  let stopped = false;

  const deliver = (event: RealtimeEvent) => {
    const filters = registry.apply(event, queryClient);
    // A reconnect's refetch is never delayed beyond INVALIDATION_DELAY_MS.
    const delayMs = event.action === RESYNC_ACTION ? INVALIDATION_DELAY_MS : (REFETCH_DELAY_MS[event.service] ?? INVALIDATION_DELAY_MS);
    if (filters.length > 0) refetchSoon(queryClient, filters, delayMs);
    for (const listener of [...(newsListeners.get(event.service) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        console.error(`[realtime] a ${event.service} listener failed:`, error);
      }
    }
  };

  const sync = () => {
    for (const service of REALTIME_SERVICES) {
      const wanted = (newsListeners.get(service)?.size ?? 0) > 0 || registry.shows(service, queryClient);
      const release = listening.get(service);
      if (wanted && !release) listening.set(service, client.subscribe(service, deliver));
      if (!wanted && release) {
        listening.delete(service);
        release();
      }
    }
  };

  // A page mounts and unmounts its queries' observers one by one: the services are reconsidered once they all have.
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      if (!stopped) sync();
    });
  };
  const unwatch = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "observerAdded" || event.type === "observerRemoved" || event.type === "removed") schedule();
  });
  listenersChanged.add(schedule);
  sync();

  return () => {
    stopped = true;
    unwatch();
    listenersChanged.delete(schedule);
    for (const release of listening.values()) release();
    listening.clear();
  };
}
