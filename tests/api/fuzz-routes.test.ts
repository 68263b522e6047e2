import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiRoute from "@/app/api/v1/[...path]/route";
import { routeListener } from "@/server/api/node-listener";
import { entryListener } from "@/server/entry-listener";
import { call, signIn } from "./helpers";
import { OPERATOR } from "./operations-fixtures";

// Issue 13 scope 4: no input produces a 5xx. Every operation of the OpenAPI document is called through the server
// entry, signed out and as the operator (who reaches every route), with hostile path segments, query values and
// bodies: whole bodies, and one property at a time among plausible others.

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; oneOf?: Schema[] };
type Operation = { parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

const SEGMENTS = ["%ZZ", "%E0%A4%A", "..", "%2e%2e%2f", "x".repeat(300), "'%20OR%201=1--", "%00", "-1", "%F0%9F%98%80", "00000000-0000-0000-0000-000000000000", "%3Cscript%3E"];
const QUERY_VALUES = ["", "-1", "0", "1e309", "99999999999999999999", "NaN", "null", "[]", "a".repeat(3000), "\u0000", "0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "-000001-01-01", "😀", "' OR 1=1--"];
const RAW_QUERIES = ["%ZZ", "%E0%A4%A"];
const BODIES = ["", "null", "[]", '"x"', "1e309", "{", '{"__proto__":{"admin":true}}', `${'{"a":'.repeat(2000)}1${"}".repeat(2000)}`, "\u0000"];
// Header values fetch can send (a ByteString): empty, blank, huge, spaced, Latin-1, encoded NUL, SQL.
const IDEMPOTENCY_KEYS = ["", " ", "k".repeat(10_000), "a b", "\u00e9t\u00e9", "%00", "' OR 1=1--", "fuzz-key"];
// Authorization values (issue 43: a bearer is an API token, a device's token, or garbage): none may cost a 5xx.
const AUTHORIZATIONS = ["Bearer", "Bearer ", "bearer x", `Bearer mat_${"a".repeat(43)}`, `Bearer mat_${"a".repeat(5000)}`, "Bearer mdt_x", "Bearer %00", "Bearer ' OR 1=1--", "Bearer \u00e9", "Basic Og==", "Bearer a b c", `Bearer ${"x".repeat(10_000)}`];
const PROPERTY_VALUES: unknown[] = [null, -1, 0, 1e308, -1e308, 1.5, "", "\u0000", "x".repeat(10_000), [], {}, true, "0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "%ZZ", ["\u0000"], { $gt: "" }];

let server: http.Server;
let base: string;
let document: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

beforeAll(async () => {
  const dispatch = entryListener({
    api: routeListener(apiRoute),
    pages: async (_request, response) => void response.writeHead(404).end(),
    trustProxy: () => false,
  });
  server = http.createServer((request, response) => void dispatch(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  document = (await call("GET", "/openapi.json")).body;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(document.components?.schemas?.[schema.$ref.split("/").at(-1)!]);
}

/** A value of the property's type that validation may well accept, so a hostile neighbour reaches further. */
function plausible(schema: Schema | undefined): unknown {
  const resolved = resolve(schema);
  const type = [resolved?.type ?? resolve(resolved?.anyOf?.[0] ?? resolved?.oneOf?.[0])?.type].flat()[0];
  switch (type) {
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return "fuzz-value";
  }
}

interface Probe {
  method: string;
  target: string;
  body?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/** The calls for one operation: hostile path segments, then (signed in) query values and bodies. */
function probes(path: string, method: string, operation: Operation, cookie: string | undefined): Probe[] {
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  const fill = (hostile: string, name: string) => path.replace(/\{(\w+)\}/g, (_all, param) => (param === name ? hostile : "fuzz-id"));
  const plain = fill("", "");
  const upper = method.toUpperCase();
  const hasBody = upper === "POST" || upper === "PUT" || upper === "PATCH";
  const body = hasBody ? "{}" : undefined;
  const list: Probe[] = [];
  for (const name of pathParams) for (const segment of SEGMENTS) list.push({ method: upper, target: fill(segment, name), body, cookie });
  if (!cookie) return list;
  for (const name of queryParams) {
    for (const value of QUERY_VALUES) list.push({ method: upper, target: `${plain}?${new URLSearchParams({ [name]: value })}`, body, cookie });
    for (const value of RAW_QUERIES) list.push({ method: upper, target: `${plain}?${name}=${value}`, body, cookie });
  }
  if (hasBody) {
    for (const raw of BODIES) list.push({ method: upper, target: plain, body: raw, cookie });
    const schema = resolve(operation.requestBody?.content?.["application/json"]?.schema);
    const properties = Object.entries(schema?.properties ?? {});
    const neighbours = Object.fromEntries(properties.map(([name, property]) => [name, plausible(property)]));
    for (const [name] of properties) {
      for (const value of PROPERTY_VALUES) list.push({ method: upper, target: plain, body: JSON.stringify({ ...neighbours, [name]: value }), cookie });
    }
  }
  return list;
}

async function send(probe: Probe): Promise<number> {
  const headers: Record<string, string> = { origin: base, ...probe.headers };
  if (probe.cookie) headers.cookie = probe.cookie;
  if (probe.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${probe.target}`, { method: probe.method, headers, body: probe.body });
  await response.arrayBuffer();
  return response.status;
}

/** Runs the probes a few at a time; answers the ones that got a 5xx. */
async function run(list: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const probe = list[next++];
      const status = await send(probe);
      if (status >= 500) failures.push(`${status} ${probe.method} ${probe.target.slice(0, 120)} ${probe.cookie ? "signed in" : "signed out"} ${(probe.body ?? "").slice(0, 80)}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures;
}

function allProbes(cookie: string | undefined): Probe[] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).flatMap(([method, operation]) => probes(path, method, operation, cookie)));
}

/**
 * The creates that take an Idempotency-Key, each with hostile keys; then one key sent with plausible bodies that
 * differ (a reused key), and the same request several times at once (a key still being worked on).
 */
function keyProbes(cookie: string): Probe[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      if (!operation.parameters?.some((parameter) => parameter.in === "header" && parameter.name === "idempotency-key")) return [];
      const target = path.replace(/\{(\w+)\}/g, "fuzz-id");
      const schema = resolve(operation.requestBody?.content?.["application/json"]?.schema);
      const plausibleBody = JSON.stringify(Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, property]) => [name, plausible(property)])));
      const probe = (key: string, body: string) => ({ method: method.toUpperCase(), target, body, cookie, headers: { "idempotency-key": key } });
      const reused = `fuzz-reused-${method}-${path}`.slice(0, 255);
      return [
        ...IDEMPOTENCY_KEYS.flatMap((key) => [probe(key, "{}"), probe(key, plausibleBody)]),
        probe(reused, "{}"),
        probe(reused, plausibleBody),
        ...BODIES.map((body) => probe(reused, body)),
        ...Array.from({ length: 4 }, () => probe(`fuzz-concurrent-${path}`.slice(0, 255), plausibleBody)),
      ];
    }),
  );
}

describe("every route of the OpenAPI document, with hostile input", () => {
  it("never answers 5xx to the Idempotency-Key of a create: hostile, reused with other bodies, or sent at once", async () => {
    const list = keyProbes(await signIn(OPERATOR));
    expect(list.length).toBeGreaterThan(200);
    expect(await run(list)).toEqual([]);
  }, 300_000);

  it("never answers 5xx to a hostile Authorization header", async () => {
    const targets = [
      ["GET", "/api/v1/config/user", undefined],
      ["POST", "/api/v1/config/user/token", '{"name":"Fuzz"}'],
      ["DELETE", "/api/v1/token/fuzz-id", undefined],
      ["POST", "/api/v1/telemetry/ingest", '{"samples":[]}'],
      ["POST", "/api/v1/auth/logout", "{}"],
    ] as const;
    const cookie = await signIn(OPERATOR);
    const list = targets.flatMap(([method, target, body]) =>
      AUTHORIZATIONS.flatMap((authorization) => [undefined, cookie].map((withCookie) => ({ method, target, body, cookie: withCookie, headers: { authorization } }))),
    );
    expect(await run(list)).toEqual([]);
  }, 120_000);

  it("covers every operation", () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(operations.length).toBeGreaterThan(100);
  });

  it("never answers 5xx signed out", async () => {
    const list = allProbes(undefined);
    expect(list.length).toBeGreaterThan(500);
    expect(await run(list)).toEqual([]);
  }, 120_000);

  it("never answers 5xx signed in as the operator", async () => {
    const list = allProbes(await signIn(OPERATOR));
    expect(list.length).toBeGreaterThan(3000);
    expect(await run(list)).toEqual([]);
  }, 600_000);
});
