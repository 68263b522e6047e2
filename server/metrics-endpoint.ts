import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { REQUEST_ID_HEADER } from "@/lib/constants";
import { readClientAddress } from "@/server/core/client-address";
import { metrics, metricsText, requestDone } from "@/server/core/metrics";
import { inRequestScope, type RequestScope } from "@/server/core/request-scope";
import { routeLabel } from "@/server/core/route-label";
import { requestIdOfIncoming } from "@/server/api/request-id";

export const METRICS_PATH = "/metrics";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether the Authorization header carries METRICS_TOKEN, compared in constant time (digests: equal lengths). */
function holdsMetricsToken(incoming: IncomingMessage, token: string | undefined): boolean {
  if (!token) return false;
  const header = incoming.headers.authorization ?? "";
  const offered = header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
  return timingSafeEqual(digest(offered), digest(token)) && offered.length > 0;
}

const isLoopback = (address: string) => address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");

/**
 * Who may read /metrics: a scraper holding METRICS_TOKEN, or one on this machine. A request that came through a proxy
 * the console does not trust (TRUST_PROXY unset) is not on this machine, though its socket is: a proxy on the same
 * host would otherwise hand the metrics to anyone.
 */
export function mayReadMetrics(incoming: IncomingMessage, trustProxy: boolean, env: Partial<Record<string, string>> = process.env): boolean {
  if (holdsMetricsToken(incoming, env.METRICS_TOKEN?.trim())) return true;
  const proxied = incoming.headers["x-forwarded-for"] !== undefined || incoming.headers.forwarded !== undefined;
  return isLoopback(readClientAddress(incoming)) && (trustProxy || !proxied);
}

/** GET /metrics: the Prometheus text format, never cached. */
export async function answerMetrics(outgoing: ServerResponse): Promise<void> {
  const body = await metricsText();
  outgoing
    .writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store", "content-length": Buffer.byteLength(body) })
    .end(body);
}

/**
 * Runs a request in its own scope (its request id on every log line: server/core/log.ts) and counts it when its answer
 * ends: by route pattern (the API's is set by server/api/app.ts once routed), method and status, with its time.
 */
export function observeRequest(incoming: IncomingMessage, outgoing: ServerResponse, work: () => void): void {
  const started = performance.now();
  const target = incoming.url ?? "/";
  const scope: RequestScope = { requestId: requestIdOfIncoming(incoming) };
  // The API's route is the pattern it matches; a page's is known now.
  if (!target.startsWith("/api/")) scope.route = routeLabel(target);
  // The API and the pages answer with the same id (server/api/forward.ts reads it from the scope).
  if (incoming.headers[REQUEST_ID_HEADER] !== scope.requestId) incoming.headers[REQUEST_ID_HEADER] = scope.requestId;
  outgoing.once("close", () => {
    const status = outgoing.writableFinished ? String(outgoing.statusCode) : "aborted";
    requestDone(incoming.method, scope.route ?? routeLabel(target), status, (performance.now() - started) / 1000);
  });
  inRequestScope(scope, work);
}
