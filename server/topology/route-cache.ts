import "server-only";
import type { QueryContext } from "@/server/core/visible-objects";
import { getBus, type EventBus } from "@/server/realtime/bus";
import { mspPathRoutes, type RoutedPath } from "@/server/paths/topology";

// The routes of an MSP's customers' paths, kept between blast radius requests: routing 50,000 paths over 2,000 nodes
// costs seconds (reading the paths, sites and connectors, and the serving rule), and the answer changes only when the
// network or the paths change. Every such change is announced on the bus as topology news of the organization
// concerned — the MSP's own, or a customer's with its MSP as parent — in this process or (PostgreSQL's
// LISTEN/NOTIFY) any other, and drops the MSP's routes. Health news leaves them: an SLA is read fresh each time.

/** A backstop should a change ever go unannounced. */
const ROUTES_TTL_MS = 5 * 60_000;

interface RouteCache {
  bus: EventBus;
  unsubscribe: () => void;
  entries: Map<string, { routes: Promise<RoutedPath[]>; at: number }>;
}

const holder = globalThis as typeof globalThis & { __maiaRouteCache?: RouteCache };

/** The cache, listening to the process's current bus (a bus set anew, as tests do, gets a new cache). */
function routeCache(): RouteCache {
  const bus = getBus();
  const current = holder.__maiaRouteCache;
  if (current?.bus === bus) return current;
  current?.unsubscribe();
  const entries: RouteCache["entries"] = new Map();
  const unsubscribe = bus.subscribe((message) => {
    if (message.service !== "topology" || message.action === "health") return;
    // An MSP's own news, or a customer's: its parent is the MSP.
    entries.delete(message.organization.id);
    if (message.organization.parentId) entries.delete(message.organization.parentId);
  });
  holder.__maiaRouteCache = { bus, unsubscribe, entries };
  return holder.__maiaRouteCache;
}

/** The routes of the MSP's customers' paths (their SLA as last routed: read it fresh where it matters). */
export function cachedMspPathRoutes(context: Pick<QueryContext, "db">, mspId: string, now = Date.now()): Promise<RoutedPath[]> {
  const { entries } = routeCache();
  const known = entries.get(mspId);
  if (known && now - known.at < ROUTES_TTL_MS) return known.routes;
  const routes = mspPathRoutes(context, mspId);
  entries.set(mspId, { routes, at: now });
  routes.catch(() => {
    if (entries.get(mspId)?.routes === routes) entries.delete(mspId);
  });
  return routes;
}

/** Forgets every MSP's routes (for tests that change the database behind the services' back). */
export function forgetMspRoutes(): void {
  holder.__maiaRouteCache?.entries.clear();
}
