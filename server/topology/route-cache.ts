import "server-only";
import type { QueryContext } from "@/server/core/visible-objects";
import { getBus, onPublishedHere, type EventBus, type RealtimeMessage } from "@/server/realtime/bus";
import { mspPathRoutes, type RoutedPath } from "@/server/paths/topology";

// The routes of an MSP's customers' paths, kept between blast radius requests: routing 50,000 paths over 2,000 nodes
// costs seconds (reading the paths, sites and connectors, and the serving rule), and the answer changes only when the
// network or the paths change. Every such change is announced on the bus as topology news of the organization
// concerned — the MSP's own, or a customer's with its MSP as parent — in this process or (PostgreSQL's
// LISTEN/NOTIFY) any other, and drops the MSP's routes. Health news leaves them: an SLA is read fresh each time.
// What else is worked out of an MSP's whole network (what each node's device serves) is kept the same way.

/** A backstop should a change ever go unannounced. */
const ROUTES_TTL_MS = 5 * 60_000;

interface MspEntries<T> {
  bus: EventBus;
  unsubscribe: () => void;
  entries: Map<string, { value: Promise<T>; at: number }>;
}

/** Answers per MSP, computed once and dropped on the MSP's (or a customer's) topology news. */
export interface TopologyCache<T> {
  get(mspId: string, compute: () => Promise<T>, now?: number): Promise<T>;
  forget(): void;
}

type Holder = typeof globalThis & { __maiaTopologyCaches?: Map<string, MspEntries<unknown>> };

/** A cache named `name` on globalThis (one per process, whatever module graph asks), listening to the current bus. */
export function topologyCache<T>(name: string): TopologyCache<T> {
  const holder = globalThis as Holder;
  const caches = (holder.__maiaTopologyCaches ??= new Map());
  // A bus set anew, as tests do, gets new entries.
  const current = (): MspEntries<T> => {
    const bus = getBus();
    const known = caches.get(name) as MspEntries<T> | undefined;
    if (known?.bus === bus) return known;
    known?.unsubscribe();
    const entries: MspEntries<T>["entries"] = new Map();
    const drop = (message: RealtimeMessage) => {
      if (message.service !== "topology" || message.action === "health") return;
      // An MSP's own news, or a customer's: its parent is the MSP.
      entries.delete(message.organization.id);
      if (message.organization.parentId) entries.delete(message.organization.parentId);
    };
    // This process's news drops the entry before the change answers; the bus brings other processes'.
    const unsubscribers = [bus.subscribe(drop), onPublishedHere(drop)];
    const unsubscribe = () => unsubscribers.forEach((stop) => stop());
    const fresh: MspEntries<T> = { bus, unsubscribe, entries };
    caches.set(name, fresh as MspEntries<unknown>);
    return fresh;
  };
  return {
    get(mspId, compute, now = Date.now()) {
      const { entries } = current();
      const known = entries.get(mspId);
      if (known && now - known.at < ROUTES_TTL_MS) return known.value;
      const value = compute();
      entries.set(mspId, { value, at: now });
      value.catch(() => {
        if (entries.get(mspId)?.value === value) entries.delete(mspId);
      });
      return value;
    },
    forget() {
      (caches.get(name) as MspEntries<T> | undefined)?.entries.clear();
    },
  };
}

const routes = topologyCache<RoutedPath[]>("routes");

/** The routes of the MSP's customers' paths (their SLA as last routed: read it fresh where it matters). */
export function cachedMspPathRoutes(context: Pick<QueryContext, "db">, mspId: string, now = Date.now()): Promise<RoutedPath[]> {
  return routes.get(mspId, () => mspPathRoutes(context, mspId), now);
}

/** Forgets every MSP's routes (for tests that change the database behind the services' back). */
export function forgetMspRoutes(): void {
  routes.forget();
}
