import "server-only";
import { API_TIMEOUT_MS, bodyLimitFor, REQUEST_ID_HEADER } from "@/lib/constants";
import { localeFromAcceptLanguage, translatorFor } from "@/lib/i18n/messages";
import type { Principal } from "@/server/auth/principal";
import { currentRequest } from "@/server/core/request-scope";
import { logger } from "@/server/core/log";
import { getApiApp } from "./app";
import { jsonError } from "./error-response";
import { requestIdOf } from "./request-id";

/**
 * The /api/v1 route handler: keeps the caller's X-Request-Id (or makes one), passes the language and identity
 * (cookie, client address), enforces the 15 s timeout and never lets a stack trace out.
 */
export async function forwardToControlPlane(request: Request): Promise<Response> {
  return forward(request, { upstream: process.env.UPSTREAM_API_URL, timeoutMs: API_TIMEOUT_MS });
}

export interface ForwardOptions {
  upstream?: string;
  timeoutMs: number;
  /** A server page's call in-process: the principal its request already resolved (never taken from the network). */
  principal?: Principal | null;
}

export async function forward(request: Request, options: ForwardOptions): Promise<Response> {
  // The server entry gave the request its id (server/metrics-endpoint.ts): its log lines and answer share it.
  const requestId = currentRequest()?.requestId ?? requestIdOf(request.headers);
  // The translator only serves the errors answered here.
  const t = () => translatorFor(localeFromAcceptLanguage(request.headers.get("accept-language")));
  const url = new URL(request.url);
  if (Number(request.headers.get("content-length") ?? 0) > bodyLimitFor(url.pathname)) {
    return jsonError(413, t()("validation.bodyTooLarge"), requestId);
  }

  let timer: NodeJS.Timeout | undefined;
  const controller = new AbortController();
  const timeout = new Promise<Response>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(jsonError(504, t()("apiErrors.timeout"), requestId));
    }, options.timeoutMs);
  });
  try {
    // In-process the API reads the request as it came (no copy of its body) and takes the request id alongside.
    const answer = options.upstream
      ? fetch(await upstreamRequest(request, url, options.upstream, requestId, controller.signal), { redirect: "manual" })
      : Promise.resolve(getApiApp().fetch(request, { requestId, ...(options.principal === undefined ? {} : { principal: options.principal }) }));
    return await Promise.race([answer, timeout]);
  } catch (error) {
    logger("api").error({ err: error, requestId }, "forwarding failed");
    return jsonError(502, t()("apiErrors.internal"), requestId);
  } finally {
    clearTimeout(timer);
  }
}

async function upstreamRequest(request: Request, url: URL, upstream: string, requestId: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(new URL(url.pathname + url.search, upstream), {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal,
  });
}
