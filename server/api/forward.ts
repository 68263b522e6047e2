import "server-only";
import { randomUUID } from "node:crypto";
import { API_TIMEOUT_MS, bodyLimitFor, REQUEST_ID_HEADER } from "@/lib/constants";
import { localeFromAcceptLanguage, translatorFor } from "@/lib/i18n/messages";
import { getApiApp } from "./app";

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

function errorResponse(status: number, error: string, requestId: string): Response {
  return Response.json({ error, requestId }, { status, headers: { [REQUEST_ID_HEADER]: requestId } });
}

/**
 * The /api/v1 route handler: keeps the caller's X-Request-Id (or makes one), passes the language and identity
 * (cookie, client address), enforces the 15 s timeout and never lets a stack trace out.
 */
export async function forwardToControlPlane(request: Request): Promise<Response> {
  return forward(request, { upstream: process.env.UPSTREAM_API_URL, timeoutMs: API_TIMEOUT_MS });
}

export async function forward(request: Request, options: { upstream?: string; timeoutMs: number }): Promise<Response> {
  const incoming = request.headers.get(REQUEST_ID_HEADER);
  const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
  const t = translatorFor(localeFromAcceptLanguage(request.headers.get("accept-language")));
  if (Number(request.headers.get("content-length") ?? 0) > bodyLimitFor(new URL(request.url).pathname)) {
    return errorResponse(413, t("validation.bodyTooLarge"), requestId);
  }
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);

  const { upstream } = options;
  const url = new URL(request.url);
  const target = upstream ? new URL(url.pathname + url.search, upstream) : url;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const controller = new AbortController();
  const forwarded = new Request(target, {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: controller.signal,
  });

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Response>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(errorResponse(504, t("apiErrors.timeout"), requestId));
    }, options.timeoutMs);
  });
  try {
    const answer = upstream ? fetch(forwarded, { redirect: "manual" }) : Promise.resolve(getApiApp().fetch(forwarded));
    return await Promise.race([answer, timeout]);
  } catch (error) {
    console.error(`[api] forwarding failed (requestId=${requestId}):`, error);
    return errorResponse(502, t("apiErrors.internal"), requestId);
  } finally {
    clearTimeout(timer);
  }
}
