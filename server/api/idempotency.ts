import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { ConflictError, UnprocessableError } from "@/server/core/errors";
import { claimKey, releaseKey, settleKey } from "@/server/core/once";
import { requirePrincipal, type ApiContext } from "./context";

// Idempotency keys on creates (issue 41, scope 2): a create sent with an `Idempotency-Key` header and retried (a
// network failure, a double submit) answers the first answer again instead of creating again. A key is the caller's
// (user and organization) and is kept 24 hours; it is taken before the handler runs, so a concurrent duplicate is
// refused while the first runs (409), and a key sent again with another request (another route or body) is refused
// (422). A create that fails gives its key back: nothing was created, and a retry under it is a new try.

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

export const idempotencyKeyHeader = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "validation.idempotencyKey")
  .optional()
  .meta({ description: "A key the client makes for one create (a UUID) and sends again with its retries: a retry answers the first answer, kept 24 hours." });

/** What a key was used for: the method, the path (with its ids) and a hash of the parsed body. */
function fingerprint(c: ApiContext): string {
  const body = (c.req as unknown as { valid(target: "json"): unknown }).valid("json") ?? null;
  return `${c.req.method} ${c.req.path} ${createHash("sha256").update(JSON.stringify(body)).digest("base64url")}`;
}

/** Runs a create's handler once per Idempotency-Key of its caller (as is, without the header). */
export async function idempotent(c: ApiContext, handle: () => Promise<Response | void> | Response | void): Promise<Response> {
  const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (!header) return (await handle()) as Response;
  const principal = requirePrincipal(c);
  const db = c.get("db");
  // Namespaced: the assistant's actions claim keys of their own (server/assistant/actions.ts).
  const key = `http:${header}`;
  const claim = await claimKey(db, principal, key, fingerprint(c));
  if (claim.kind === "done") return new Response(claim.body, { status: claim.status, headers: { "content-type": "application/json", "idempotent-replayed": "true" } });
  if (claim.kind === "other-request") throw new UnprocessableError("apiErrors.idempotencyKeyReused");
  if (claim.kind === "running") throw new ConflictError("apiErrors.idempotencyKeyBusy");
  let response: Response;
  try {
    response = (await handle()) as Response;
  } catch (error) {
    await releaseKey(db, principal, key);
    throw error;
  }
  if (response.ok) await settleKey(db, principal, key, { status: response.status, body: await response.clone().text() });
  else await releaseKey(db, principal, key);
  return response;
}
