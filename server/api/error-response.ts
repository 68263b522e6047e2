import "server-only";
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { REQUEST_ID_HEADER } from "@/lib/constants";
import { localeFromAcceptLanguage, translateMessageKey, translatorFor } from "@/lib/i18n/messages";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  UnavailableError,
  UnprocessableError,
  ValidationError,
} from "@/server/core/errors";
import { logger } from "@/server/core/log";
import type { ApiEnv } from "./context";
import { ApiError } from "./errors";

// The one place where what went wrong becomes an HTTP answer: `{error, requestId}` (and the issues of invalid
// input) in the caller's language, with the status of the failure. Never a stack trace.

const STATUS_OF: [new (...args: never[]) => DomainError, ContentfulStatusCode][] = [
  [ValidationError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [UnprocessableError, 422],
  [RateLimitedError, 429],
  [UnavailableError, 503],
];

/** The status a domain error answers with. */
export function statusOf(error: DomainError): ContentfulStatusCode {
  return STATUS_OF.find(([type]) => error instanceof type)?.[1] ?? 500;
}

// invalid byte sequence, untranslatable character, invalid text representation, numeric out of range.
const BAD_INPUT_DATABASE_CODES = new Set(["22021", "22P05", "22P02", "22003"]);

function databaseCode(error: Error): string | undefined {
  return (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
}

/** An error answer built outside the API's handlers (the forwarding route, the Node listener): `{error, requestId}`, never cached. */
export function jsonError(status: number, error: string, requestId: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error, requestId }, { status, headers: { ...headers, [REQUEST_ID_HEADER]: requestId, "cache-control": "no-store" } });
}

/** The answer to an error thrown while handling a call. */
export function errorResponse(error: Error, c: Context<ApiEnv>): Response {
  const t = c.get("t") ?? translatorFor(localeFromAcceptLanguage(c.req.header("accept-language")));
  const requestId = c.get("requestId") ?? randomUUID();
  c.header(REQUEST_ID_HEADER, requestId);
  if (error instanceof DomainError) {
    if (error instanceof RateLimitedError && error.retryAfterSeconds) c.header("retry-after", String(error.retryAfterSeconds));
    const message = translateMessageKey(t, error.key, error.values);
    const issues =
      error instanceof ValidationError && error.issues
        ? error.issues.map((issue) => ({ path: issue.path, message: translateMessageKey(t, issue.key, issue.values) }))
        : error.field
          ? [{ path: error.field, message }]
          : undefined;
    return c.json({ error: message, requestId, ...(issues ? { issues } : {}) }, statusOf(error));
  }
  if (error instanceof ApiError) return c.json({ error: translateMessageKey(t, error.key), requestId }, error.status);
  // Text PostgreSQL cannot store (a NUL byte) or a value it cannot cast is bad input, not a server failure.
  const code = databaseCode(error);
  if (code && BAD_INPUT_DATABASE_CODES.has(code)) {
    return c.json({ error: t("validation.invalidValue", { field: "body" }), requestId }, 400);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's JSON parser answers 400 for a body that is not JSON.
    const key = error.status === 400 ? "validation.malformedJson" : "apiErrors.internal";
    return c.json({ error: t(key as "validation.malformedJson"), requestId }, error.status);
  }
  logger("api").error({ err: error, method: c.req.method }, "request failed");
  return c.json({ error: t("apiErrors.internal"), requestId }, 500);
}
