import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What every log line of a request carries (server/core/log.ts) and the label its metrics are counted under
 * (server/core/metrics.ts). The server entry opens one per request; the API fills in the route pattern and, once the
 * caller is known, the organization and user. Mutable on purpose: it is filled in as the request learns more.
 */
export interface RequestScope {
  requestId: string;
  /** The route pattern (never the raw path: no ids), once known. */
  route?: string;
  organizationId?: string;
  userId?: string;
}

// One store for the process's two module graphs (the server entry's and the code Next bundles).
const holder = globalThis as typeof globalThis & { __maiaRequestScope?: AsyncLocalStorage<RequestScope> };
const storage = (holder.__maiaRequestScope ??= new AsyncLocalStorage<RequestScope>());

/** Runs `work` with `scope` as the current request's. */
export function inRequestScope<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The request being worked on, if any. */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}

/** The request's log lines name the caller once known: a session's at once, an API token's once its route checks it. */
export function noteCaller(principal: { organizationId: string; userId: string } | null): void {
  const scope = currentRequest();
  if (scope && principal) {
    scope.organizationId = principal.organizationId;
    scope.userId = principal.userId;
  }
}
