import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { localeFromAcceptLanguage, translatorFor } from "@/lib/i18n/messages";
import { isWellFormedPath, targetPath } from "@/lib/request-target";
import { readClientAddress, stampClientAddress } from "@/server/core/client-address";
import { tooManyAttempts } from "@/server/auth/attempt-throttle";
import { signInAddressRefused } from "@/server/auth/sign-in-gate";
import { requestIdOfIncoming } from "@/server/api/request-id";
import { isApiTarget, refuseTarget } from "@/server/api/node-listener";
import { REQUEST_ID_HEADER } from "@/lib/constants";
import { metrics } from "@/server/core/metrics";
import { inRequestScope } from "@/server/core/request-scope";
import { answerMetrics, mayReadMetrics, METRICS_PATH } from "@/server/metrics-endpoint";

type Listener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

const PAGE_METHODS = new Set(["GET", "HEAD"]);
const SIGN_IN_PATH = "/api/v1/auth/login";
/** Next's own endpoints (assets, and in development its overlay's calls), which pick their methods themselves. */
const NEXT_INTERNAL = /^\/(_next|__nextjs)/;
/** Next's not-found page, answered with 404 for a page path no route can read. */
export const NOT_FOUND_TARGET = "/_not-found";

/**
 * The server entry's request dispatch (server/main.ts): the client address stamped, /api/v1 to the route handler,
 * the rest to Next. Before Next, what it would answer with a 500 is settled here: a path with broken percent-encoding
 * is a JSON 400 under /api/ and the not-found page elsewhere; a page answers GET and HEAD only (405 otherwise).
 */
export function entryListener({ api, pages, trustProxy }: { api: Listener; pages: Listener; trustProxy: () => boolean }) {
  return (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    // The API trusts only this header for the caller's address; a client-sent value is overwritten.
    stampClientAddress(incoming, trustProxy());
    const path = targetPath(incoming.url ?? "/");
    const wellFormed = isWellFormedPath(path);
    if (path.startsWith("/api/")) {
      if (!wellFormed) return refuseTarget(incoming, outgoing);
      // A sign-in from an address over its limit costs a map lookup: refused before its body is read or routed.
      if (incoming.method === "POST" && path === SIGN_IN_PATH) {
        const waitMs = signInAddressRefused(readClientAddress(incoming));
        if (waitMs !== null) return refuseSignIn(incoming, outgoing, waitMs);
      }
      if (isApiTarget(incoming.url)) return api(incoming, outgoing);
      return pages(incoming, outgoing);
    }
    if (!PAGE_METHODS.has(incoming.method ?? "GET") && !NEXT_INTERNAL.test(path)) return methodNotAllowed(incoming, outgoing);
    if (path === METRICS_PATH) {
      if (mayReadMetrics(incoming, trustProxy())) return answerMetrics(outgoing);
      // Refused, it is any path that names no page: nothing tells that it exists.
      incoming.url = NOT_FOUND_TARGET;
    }
    if (!wellFormed) incoming.url = NOT_FOUND_TARGET;
    return pages(incoming, outgoing);
  };
}

async function methodNotAllowed(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  plainAnswer(incoming, outgoing, 405, "apiErrors.methodNotAllowed", { allow: "GET, HEAD" });
}

/** The request gate's answer when its queue is full: 503, try again shortly, in the caller's language (JSON for the API). */
export function refuseBusy(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const headers = { "retry-after": "1", "cache-control": "no-store" };
  if (!targetPath(incoming.url ?? "/").startsWith("/api/")) return plainAnswer(incoming, outgoing, 503, "apiErrors.busy", headers);
  apiAnswer(incoming, outgoing, 503, (t) => t("apiErrors.busy"), headers);
}

/** The API's 429 for a sign-in from an address over its limit, as the route would answer it (server/auth/credentials.ts). */
async function refuseSignIn(incoming: IncomingMessage, outgoing: ServerResponse, waitMs: number): Promise<void> {
  metrics.signInsRefused.inc();
  const refusal = tooManyAttempts("apiErrors.tooManyAttempts", waitMs);
  // The connection is closed after the answer: a flood from one address pays a new connection for each attempt, and
  // its unread body is not drained on a kept connection.
  const headers = { "retry-after": String(refusal.retryAfterSeconds), "cache-control": "no-store", connection: "close" };
  apiAnswer(incoming, outgoing, 429, (t) => t("apiErrors.tooManyAttempts", refusal.values), headers);
}

function apiAnswer(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  status: number,
  message: (t: ReturnType<typeof translatorFor>) => string,
  headers: Record<string, string>,
) {
  const t = translatorFor(localeFromAcceptLanguage(incoming.headers["accept-language"]));
  const requestId = requestIdOfIncoming(incoming);
  const body = JSON.stringify({ error: message(t), requestId });
  outgoing.writeHead(status, { ...headers, [REQUEST_ID_HEADER]: requestId, "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
}

function plainAnswer(incoming: IncomingMessage, outgoing: ServerResponse, status: number, key: "apiErrors.busy" | "apiErrors.methodNotAllowed", headers: Record<string, string>) {
  const t = translatorFor(localeFromAcceptLanguage(incoming.headers["accept-language"]));
  const body = t(key);
  outgoing.writeHead(status, { ...headers, "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
}

type UpgradeListener = (incoming: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The entry's upgrade dispatch: /ws to the realtime hub (with the stamped client address), the rest to `other` or closed. */
export function upgradeListener({ realtime, other, trustProxy }: { realtime: UpgradeListener; other?: UpgradeListener; trustProxy: () => boolean }) {
  return (incoming: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Read without new URL(), which throws on targets such as "//[" and would take the process down here.
    if (targetPath(incoming.url ?? "/") === "/ws") {
      // The hub caps connections per client address: the one stamped here, never one the client sent.
      stampClientAddress(incoming, trustProxy());
      // What the hub logs of the upgrade (a failed session lookup) carries the request's id.
      inRequestScope({ requestId: requestIdOfIncoming(incoming), route: "/ws" }, () => realtime(incoming, socket, head));
    } else if (other) {
      other(incoming, socket, head);
    } else {
      socket.destroy();
    }
  };
}
