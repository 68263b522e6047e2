import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { REQUEST_ID_HEADER } from "@/lib/constants";
import { localeFromAcceptLanguage, translatorFor } from "@/lib/i18n/messages";
import { logger } from "@/server/core/log";
import { compressJson } from "./compress-json";
import { jsonError } from "./error-response";
import { requestIdOf } from "./request-id";

type RouteHandler = (request: Request) => Promise<Response>;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
/** The method handlers a route handler module exports (app/api/v1/[...path]/route.ts). */
export type RouteModule = Partial<Record<(typeof METHODS)[number], RouteHandler>>;

const API_PREFIX = "/api/v1/";

/** Whether the server entry hands this request target to the route handler; the rest (and a trailing slash Next redirects) stays with Next. */
export function isApiTarget(url: string | undefined): boolean {
  if (!url?.startsWith(API_PREFIX)) return false;
  const query = url.indexOf("?");
  return !(query === -1 ? url : url.slice(0, query)).endsWith("/");
}

type Translator = ReturnType<typeof translatorFor>;

function failure(status: number, message: (t: Translator) => string, headers: Headers, extra?: Record<string, string>) {
  return jsonError(status, message(translatorFor(localeFromAcceptLanguage(headers.get("accept-language")))), requestIdOf(headers), extra);
}

/**
 * The route handler's exported methods served straight from node:http, without Next's router in front: the same
 * function answers, reading a web Request whose signal aborts when the client leaves, its Response streamed back.
 * HEAD runs GET as Next does; a method the module does not export answers 405 in the caller's language. JSON is
 * gzipped for clients that take it, as Next's compression did.
 */
export function routeListener(route: RouteModule): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> {
  const allow = METHODS.filter((method) => route[method] || (method === "HEAD" && route.GET)).join(", ");
  const dispatch = async (request: Request): Promise<Response> => {
    const method = request.method as (typeof METHODS)[number];
    const handler = route[method] ?? (method === "HEAD" ? route.GET : undefined);
    if (!handler) return failure(405, (t) => t("apiErrors.methodNotAllowed"), request.headers, { allow });
    try {
      return await compressJson(request.headers.get("accept-encoding"), await handler(request));
    } catch (error) {
      logger("api").error({ err: error, method: request.method }, "request failed");
      return failure(500, (t) => t("apiErrors.internal"), request.headers);
    }
  };
  // Next's own Request and Response classes extend the global ones: the adapter must leave them in place.
  const listener = getRequestListener(dispatch, { overrideGlobalObjects: false, errorHandler: () => undefined });
  return async (incoming, outgoing) => {
    await listener(incoming, outgoing);
    // The adapter could not read the request at all (a target or host no URL can hold): a 400 in the caller's terms.
    if (!outgoing.headersSent) await refuseTarget(incoming, outgoing);
  };
}

/** Answers a request target the API cannot read (no URL holds it, or its percent-encoding is broken) with a JSON 400. */
export async function refuseTarget(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const name of ["accept-language", REQUEST_ID_HEADER]) {
    const value = incoming.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const response = failure(400, (t) => t("validation.invalidValue", { field: "URL" }), headers);
  const body = await response.text();
  outgoing.writeHead(response.status, { ...Object.fromEntries(response.headers), "content-length": Buffer.byteLength(body) }).end(body);
}
