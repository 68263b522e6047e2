import "server-only";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "./errors";
import { ForbiddenError } from "@/server/core/errors";
import { configuredPublicOrigin } from "@/server/core/public-origin";
import type { ApiEnv } from "./context";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** "https://Console.Example:443" → "https://console.example"; anything that is not an http(s) origin → undefined. */
export function normalizeOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const firstHop = (value: string | undefined) => value?.split(",")[0]?.trim() || undefined;

/**
 * The origins a mutating call may come from: the configured public origin (PUBLIC_ORIGIN), and the request's own —
 * scheme, host and port as this server received them, or as the proxy in front saw them when TRUST_PROXY=1 says
 * there is one. Without a trusted proxy, forwarded headers are anyone's to write and count for nothing.
 */
export function allowedOrigins(request: Request, env: NodeJS.ProcessEnv): Set<string> {
  const allowed = new Set<string>();
  const configured = configuredPublicOrigin(env);
  if (configured) allowed.add(configured);
  const trustProxy = env.TRUST_PROXY === "1";
  const url = new URL(request.url);
  const scheme = (trustProxy && firstHop(request.headers.get("x-forwarded-proto") ?? undefined)) || url.protocol.replace(/:$/, "");
  const host = (trustProxy && firstHop(request.headers.get("x-forwarded-host") ?? undefined)) || request.headers.get("host") || url.host;
  const own = normalizeOrigin(`${scheme}://${host}`);
  if (own) allowed.add(own);
  return allowed;
}

// CSRF: a mutating call must come from an allowed origin (compared whole) and use a non-simple content type (JSON).
export const csrfGuard: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (UNSAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      const normalized = origin === "null" ? undefined : normalizeOrigin(origin);
      if (!normalized || !allowedOrigins(c.req.raw, process.env).has(normalized)) throw new ForbiddenError("apiErrors.crossOrigin");
    }
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("application/json")) throw new ApiError(415, "validation.contentTypeJson");
  }
  await next();
};
