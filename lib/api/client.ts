import { API_TIMEOUT_MS, DEFAULT_LOCALE, LAST_RELOAD_KEY, RELOAD_GUARD_MS, REQUEST_ID_HEADER } from "@/lib/constants";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_CREATES } from "./idempotent-creates";
import type { AnyApiPath, ApiAnswer, ApiInitArgs, ApiOperation, ApiParams, ApiPath, HttpMethod } from "./route-types";

// SPEC §7 and §8: the one API client every screen uses.

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly requestId: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /** What went wrong, in the user's words: the message without its " (requestId=…)". */
  get reason(): string {
    return this.message.replace(/ \(requestId=[^)]*\)$/, "");
  }

  /**
   * A failure the user can correct (a wrong claim code or password, a name or address already taken, a value out of
   * range): the server understood the call and said no. Not a refusal of the user's rights (403), and not a failure
   * of the server or the network, which only a retry or a reload can get past.
   */
  get correctable(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 403 && this.status !== 408 && this.status !== 429;
  }
}

export interface ApiClientSettings {
  locale: string;
  unknownErrorText: string;
  timeoutText: string;
  networkText: string;
}

const settings: ApiClientSettings = {
  locale: DEFAULT_LOCALE,
  unknownErrorText: "Unknown API Error",
  timeoutText: "The request timed out",
  networkText: "The server could not be reached",
};

/** The provider keeps the language header and the fallback texts in step with the UI's locale. */
export function configureApiClient(next: Partial<ApiClientSettings>): void {
  Object.assign(settings, next);
}

export type QueryValue = string | number | boolean | null | undefined;

/** A call's path parameters (filled into the route template) and query. */
export interface ApiRequestParams {
  path?: Record<string, string | number>;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
}

export interface ApiRequest {
  params?: ApiRequestParams;
  body?: unknown;
  signal?: AbortSignal;
  /** False for calls whose 401 is an ordinary answer (sign-in). */
  handleAuthErrors?: boolean;
}

/** The user and organization calls get the dedicated 401/403 handling (SPEC §8). */
const BOOTSTRAP_PATHS = new Set<string>(["/api/v1/config/user", "/api/v1/config/organization"] satisfies ApiPath<"get">[]);

/** A route template with its path parameters filled in (each one encoded) and its query appended. */
export function buildUrl(template: AnyApiPath, params: ApiRequestParams = {}): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params.path?.[name] ?? "")));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== "") search.append(key, String(item));
    }
  }
  const query = search.toString();
  return `${path}${query ? `?${query}` : ""}`;
}

/** The URL of a route of the API's document, for what calls it outside `api` (the assistant's chat transport). */
export function apiUrl<M extends HttpMethod, P extends ApiPath<M>>(_method: M, path: P, params: ApiParams<ApiOperation<M, P>>): string {
  return buildUrl(path, params as ApiRequestParams);
}

export interface Navigator {
  replace(url: string): void;
  now(): number;
  storage(): Pick<Storage, "getItem" | "setItem"> | null;
}

const browserNavigator: Navigator = {
  replace: (url) => window.location.replace(url),
  now: () => Date.now(),
  storage: () => (typeof window === "undefined" ? null : window.sessionStorage),
};

/**
 * SPEC §8: on 401/403 from the user or organization calls, go to sign-in; on any other, reload to / unless a
 * reload was recorded under 5 s ago (then sign out), remembering the time in session storage.
 */
export function handleAuthFailure(path: AnyApiPath, nav: Navigator = browserNavigator): void {
  if (BOOTSTRAP_PATHS.has(path)) {
    nav.replace("/user/logout");
    return;
  }
  const storage = nav.storage();
  const last = Number(storage?.getItem(LAST_RELOAD_KEY) ?? 0);
  if (last && nav.now() - last < RELOAD_GUARD_MS) {
    nav.replace("/user/logout");
    return;
  }
  storage?.setItem(LAST_RELOAD_KEY, String(nav.now()));
  nav.replace("/");
}

function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}

/** How a call reaches /api/v1: the browser's fetch, or on the server the in-process API with the page's identity. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let serverTransport: ApiTransport | undefined;

/**
 * The server's transport (server/page-transport.ts): a server page prefetches with the very query options its
 * components use, and their calls go to the API in-process as the signed-in user.
 */
export function setServerTransport(transport: ApiTransport | undefined): void {
  serverTransport = transport;
}

/** The browser's fetch; on the server, the registered transport when there is one. */
function transportFor(): ApiTransport {
  return (typeof window === "undefined" && serverTransport) || fetch;
}

/** One call of a route template; `api` below is the typed way in. */
export async function apiRequest<T>(method: Uppercase<HttpMethod>, path: AnyApiPath, request: ApiRequest = {}): Promise<T> {
  const requestId = newRequestId();
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/json",
    "Accept-Language": settings.locale,
    [REQUEST_ID_HEADER]: requestId,
  };
  // A create takes a fresh key, sent again with its retry: a retry of a create that reached the server answers it.
  const retries = method === "POST" && IDEMPOTENT_CREATES.has(path) ? 1 : 0;
  if (retries > 0) headers[IDEMPOTENCY_KEY_HEADER] = globalThis.crypto.randomUUID();
  // A timer of our own, cleared when the call ends. AbortSignal.timeout's timer lives its whole 15 s and, on the
  // server, holds the async context it was made in — a server page's request, response and stores — for 15 s after
  // the page was sent: under npm run bench:soak, the heap kept 180 MB after each full collection with it, 115 without.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException("The operation timed out.", "TimeoutError")), API_TIMEOUT_MS);
  try {
    return await send<T>(method, path, request, headers, requestId, timeout.signal, retries);
  } finally {
    clearTimeout(timer);
  }
}

async function send<T>(
  method: Uppercase<HttpMethod>,
  path: AnyApiPath,
  request: ApiRequest,
  headers: Record<string, string>,
  requestId: string,
  timeout: AbortSignal,
  retries: number,
): Promise<T> {
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const transport = transportFor();
  let response: Response;
  try {
    response = await transport(buildUrl(path, request.params), {
      method,
      headers,
      body: request.body === undefined ? (method === "GET" ? undefined : "{}") : JSON.stringify(request.body),
      signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    // The connection failed (not the time): a create under its Idempotency-Key is sent once more, the same.
    if (retries > 0 && !timeout.aborted) return send<T>(method, path, request, headers, requestId, timeout, retries - 1);
    const text = timeout.aborted ? settings.timeoutText : settings.networkText;
    throw new ApiRequestError(`${text} (requestId=${requestId})`, 0, requestId);
  }
  const answeredId = response.headers.get(REQUEST_ID_HEADER) ?? requestId;
  if (response.status === 204) return undefined as T;
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) {
    if ((response.status === 401 || response.status === 403) && request.handleAuthErrors !== false && typeof window !== "undefined") {
      handleAuthFailure(path);
    }
    const message = typeof payload?.error === "string" && payload.error ? payload.error : settings.unknownErrorText;
    const failedId = typeof payload?.requestId === "string" && payload.requestId ? payload.requestId : answeredId;
    throw new ApiRequestError(`${message} (requestId=${failedId})`, response.status, failedId, payload?.issues);
  }
  return payload as T;
}

function routeCaller<M extends HttpMethod>(name: M) {
  const verb = name.toUpperCase() as Uppercase<M>;
  return <P extends ApiPath<M>>(path: P, ...[init]: ApiInitArgs<ApiOperation<M, P>>) =>
    apiRequest<ApiAnswer<M, P>>(verb, path, init as ApiRequest | undefined);
}

/**
 * The API's routes, typed by their template in the OpenAPI document (lib/api/schema.gen.ts):
 * `api.get("/api/v1/config/site/{siteId}", { params: { path: { siteId } }, signal })` answers that route's JSON.
 */
export const api = {
  get: routeCaller("get"),
  post: routeCaller("post"),
  patch: routeCaller("patch"),
  put: routeCaller("put"),
  delete: routeCaller("delete"),
};
