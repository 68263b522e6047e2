import { Hono } from "hono";
import { PgDialect, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorResponse, statusOf } from "@/server/api/error-response";
import { ApiError } from "@/server/api/errors";
import { recordBatch, type ChangeRecord } from "@/server/core/changes";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  nullIfNotFound,
  RateLimitedError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from "@/server/core/errors";
import { decodeCursor, encodeCursor, keyset } from "@/server/core/pagination";
import { validationError } from "@/server/core/validation";

describe("domain errors over HTTP", () => {
  it("gives each domain error its status", () => {
    const statuses = [new ValidationError("validation.invalidValue"), new UnauthenticatedError(), new ForbiddenError(), new NotFoundError(), new ConflictError("apiErrors.lastAdmin"), new RateLimitedError("apiErrors.tooManyAttempts"), new UnavailableError("apiErrors.locationSearchUnavailable")].map(statusOf);
    expect(statuses).toEqual([400, 401, 403, 404, 409, 429, 503]);
  });

  async function answer(error: Error, language = "en") {
    const app = new Hono();
    app.get("/", () => {
      throw error;
    });
    app.onError((thrown, c) => errorResponse(thrown, c as never));
    const response = await app.request("/", { headers: { "accept-language": language, "x-request-id": "ignored-here" } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("answers {error, requestId} in the caller's language", async () => {
    const { status, body } = await answer(new NotFoundError(), "fr");
    expect(status).toBe(404);
    expect(body.error).not.toBe("apiErrors.notFound");
    expect(body.error).not.toBe((await answer(new NotFoundError())).body.error);
    expect(typeof body.requestId).toBe("string");
  });

  it("lists a validation error's issues by field", async () => {
    const parsed = z.object({ name: z.string(), vlan: z.number() }).strict().safeParse({ vlan: "x", extra: 1 });
    const { status, body } = await answer(validationError(parsed.error!));
    expect(status).toBe(400);
    expect((body.issues as { path: string }[]).map((issue) => issue.path)).toEqual(["name", "vlan", ""]);
  });

  it("keeps the HTTP layer's own refusals and hides anything else behind a 500", async () => {
    expect((await answer(new ApiError(415, "validation.contentTypeJson"))).status).toBe(415);
    const failure = await answer(Object.assign(new Error("boom"), { stack: "secret" }));
    expect(failure.status).toBe(500);
    expect(JSON.stringify(failure.body)).not.toContain("boom");
  });
});

describe("nullIfNotFound", () => {
  it("turns only a not-found into null", async () => {
    expect(await nullIfNotFound(Promise.reject(new NotFoundError()))).toBeNull();
    expect(await nullIfNotFound(Promise.resolve(3))).toBe(3);
    await expect(nullIfNotFound(Promise.reject(new ConflictError("apiErrors.lastAdmin")))).rejects.toBeInstanceOf(ConflictError);
  });
});

const things = pgTable("things", { id: text("id").primaryKey(), name: text("name"), at: timestamp("at", { withTimezone: true }) });
const dialect = new PgDialect();

describe("keyset pagination", () => {
  it("round-trips a cursor and starts from the beginning on a forged one", () => {
    expect(decodeCursor(encodeCursor({ value: "b", id: "2" }))).toEqual({ value: "b", id: "2" });
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify([{}, 1])).toString("base64url"))).toBeNull();
  });

  it("cuts limit + 1 rows into a page and the next cursor", () => {
    const list = keyset({ column: things.name, id: things.id }, { limit: 2 });
    expect(list.limit).toBe(3);
    expect(list.after).toBeUndefined();
    const rows = [{ id: "1", name: "a" }, { id: "2", name: "b" }, { id: "3", name: "c" }];
    const page = list.page(rows, (row) => ({ value: row.name, id: row.id }));
    expect(page.items.map((row) => row.id)).toEqual(["1", "2"]);
    expect(decodeCursor(page.nextCursor!)).toEqual({ value: "b", id: "2" });
    expect(list.page(rows.slice(0, 2), (row) => ({ value: row.name, id: row.id })).nextCursor).toBeNull();
  });

  it("continues after the cursor, ascending or descending, on text or on time", () => {
    const cursor = encodeCursor({ value: "b", id: "2" });
    const ascending = dialect.sqlToQuery(keyset({ column: things.name, id: things.id }, { limit: 5, cursor }).after!);
    expect(ascending.sql).toBe('("things"."name", "things"."id") > ($1, $2)');
    expect(ascending.params).toEqual(["b", "2"]);
    const time = "2026-11-25T10:00:00.123456Z";
    const descending = dialect.sqlToQuery(keyset({ column: things.at, id: things.id, time: true, direction: "desc" }, { limit: 5, cursor: encodeCursor({ value: time, id: "9" }) }).after!);
    expect(descending.sql).toBe('("things"."at", "things"."id") < ($1::timestamptz, $2)');
    expect(descending.params).toEqual([time, "9"]);
  });

  it("ignores a time cursor that is not a time, and an id of the wrong shape", () => {
    expect(keyset({ column: things.at, id: things.id, time: true }, { limit: 5, cursor: encodeCursor({ value: "b", id: "2" }) }).after).toBeUndefined();
    expect(keyset({ column: things.name, id: things.id, idPattern: /^\d+$/ }, { limit: 5, cursor: encodeCursor({ value: "b", id: "x" }) }).after).toBeUndefined();
  });
});

describe("recordBatch", () => {
  it("records one change per row with its before and after", async () => {
    const changes: ChangeRecord[] = [];
    const record = async (change: ChangeRecord) => void changes.push(change);
    const before = [{ id: "a", organizationId: "o", nodeId: "n", status: "scheduled" }];
    const after = [{ id: "a", organizationId: "o", nodeId: "n", status: "active" }, { id: "b", organizationId: "o", nodeId: null, status: "active" }];
    await recordBatch(record, { entityType: "lifecycleOperation", type: "started" }, { before, after }, (row) => ({ status: row.status }));
    expect(changes).toEqual([
      { entityType: "lifecycleOperation", type: "started", organizationId: "o", entityId: "a", nodeId: "n", before: { status: "scheduled" }, after: { status: "active" } },
      { entityType: "lifecycleOperation", type: "started", organizationId: "o", entityId: "b", nodeId: null, before: null, after: { status: "active" } },
    ]);
  });
});
