import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiRoute from "@/app/api/v1/[...path]/route";
import { routeListener } from "@/server/api/node-listener";
import { collectProcessMetrics, watchDoor, watchLifecycleOperations } from "@/server/core/metrics";
import { getDb } from "@/server/db/client";
import { entryListener, NOT_FOUND_TARGET } from "@/server/entry-listener";
import { countOperationsByStatus } from "@/server/lifecycle/service";
import { observeRequest } from "@/server/metrics-endpoint";
import { createRequestGate } from "@/server/request-gate";
import { captureLogs } from "../fixtures/log-capture";
import { DEMO_PASSWORD, organizationId } from "./helpers";

// Issue 43 scope 5: the server entry as server/main.ts wires it — every request in its scope and counted, the door in
// front, /metrics at the entry — with the real /api/v1 route handler; Next is stood in for by a handler that answers
// its not-found page for NOT_FOUND_TARGET, as any path naming no page gets.

const METRICS_TOKEN = "scrape-me-9f2c41d7";
let server: http.Server;
let base: string;
let trustProxy = true;

beforeAll(async () => {
  process.env.METRICS_TOKEN = METRICS_TOKEN;
  const gate = createRequestGate({ limit: 4 });
  watchDoor(gate.stats);
  watchLifecycleOperations(async () => countOperationsByStatus(await getDb()));
  collectProcessMetrics();
  const dispatch = entryListener({
    api: routeListener(apiRoute),
    pages: async (request, response) => {
      const notFound = request.url === NOT_FOUND_TARGET;
      response.writeHead(notFound ? 404 : 200, { "content-type": "text/html" }).end(notFound ? "<h1>This page could not be found.</h1>" : `page ${request.url}`);
    },
    trustProxy: () => trustProxy,
  });
  server = http.createServer((request, response) => observeRequest(request, response, () => gate.admit(request, response, () => void dispatch(request, response))));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function scrape(headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/metrics`, { headers });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

/** The value of one series in a scrape (0 when absent). */
function valueOf(text: string, series: string): number {
  const line = text.split("\n").find((each) => each.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("maia_session="))!.split(";")[0];
}

const MISSING_SITE = "0b8e5f4a-6d1c-4e0f-9a57-3c2d1e0f9a8b";
const SITE_404 = 'maia_http_requests_total{method="GET",route="/api/v1/config/site/:siteId",status="404"}';
const PAGE_200 = 'maia_http_requests_total{method="GET",route="/organization/:organizationId/customer/site/:siteId/path/:pathId",status="200"}';

describe("GET /metrics", () => {
  it("counts requests by route pattern, method and status, with their time, and never by id", async () => {
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const cookie = await signIn("admin@contoso.example");

    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${base}/api/v1/config/site/${MISSING_SITE}`, { headers: { cookie } })).status).toBe(404);
    }
    expect((await fetch(`${base}/organization/o-1234/customer/site/s-77/path/p-99?tab=1`)).status).toBe(200);

    const after = (await scrape()).text;
    expect(valueOf(after, SITE_404) - valueOf(before.text, SITE_404)).toBe(3);
    expect(valueOf(after, PAGE_200) - valueOf(before.text, PAGE_200)).toBe(1);
    expect(valueOf(after, 'maia_http_requests_total{method="POST",route="/api/v1/auth/login",status="200"}')).toBeGreaterThanOrEqual(1);
    // The latency histogram, by route: every request lands in +Inf, and the three took less than 15 s.
    const count = 'maia_http_request_duration_seconds_count{method="GET",route="/api/v1/config/site/:siteId"}';
    expect(valueOf(after, count) - valueOf(before.text, count)).toBe(3);
    expect(valueOf(after, 'maia_http_request_duration_seconds_bucket{le="15",method="GET",route="/api/v1/config/site/:siteId"}')).toBe(valueOf(after, count));
    // Ids stay out of the series.
    for (const id of [MISSING_SITE, "o-1234", "s-77", "p-99"]) expect(after).not.toContain(id);
  });

  it("reports the door, the database, lifecycle operations, webhooks, telemetry, /ws and the process", async () => {
    const { text } = await scrape();
    for (const name of ["maia_door_running_requests", "maia_door_waiting_requests", "maia_door_dropped_total", "maia_door_refused_total", "maia_ws_clients"]) {
      expect(text).toMatch(new RegExp(`^${name} \\d+$`, "m"));
    }
    // The scrape itself is a request being worked on at the door.
    expect(valueOf(text, "maia_door_running_requests")).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, "maia_db_statement_duration_seconds_count")).toBeGreaterThan(0);
    expect(text).toMatch(/^maia_lifecycle_operations\{status="scheduled"\} \d+$/m);
    expect(text).toContain("# TYPE maia_webhook_deliveries_total counter");
    expect(text).toContain("# TYPE maia_telemetry_samples_total counter");
    expect(text).toContain("# TYPE maia_bus_lag_seconds histogram");
    expect(text).toContain("# TYPE maia_ws_messages_total counter");
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
  });

  it("answers 404, as a path naming no page, to another address without the token; 200 with it", async () => {
    const elsewhere = { "x-forwarded-for": "203.0.113.9" };
    const refused = await scrape(elsewhere);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain("maia_");
    expect((await scrape({ ...elsewhere, authorization: "Bearer wrong-token" })).status).toBe(404);
    expect((await scrape({ ...elsewhere, authorization: `Bearer ${METRICS_TOKEN}x` })).status).toBe(404);
    expect((await scrape({ ...elsewhere, authorization: METRICS_TOKEN })).status).toBe(404);
    const allowed = await scrape({ ...elsewhere, authorization: `Bearer ${METRICS_TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain("maia_http_requests_total");
    // The refusal is Next's not-found page, as for any path that names no page.
    expect(refused.text).toBe("<h1>This page could not be found.</h1>");
  });

  it("is not loopback's when a proxy the console does not trust sent the request", async () => {
    trustProxy = false;
    try {
      expect((await scrape({ "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
      expect((await scrape()).status).toBe(200);
    } finally {
      trustProxy = true;
    }
  });
});

describe("the server's log", () => {
  it("is one JSON object a line, with the request's id, organization, user and route", async () => {
    const cookie = await signIn("admin@contoso.example");
    const contoso = await organizationId("Contoso");
    const logs = captureLogs();
    let response: Response;
    try {
      // Writing the invitation mail to the outbox is logged inside the request.
      response = await fetch(`${base}/api/v1/organization/${contoso}/invitation`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", "x-request-id": "trace-43-obs" },
        body: JSON.stringify({ email: "logged@contoso.example", role: "read-only" }),
      });
    } finally {
      logs.restore();
    }
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe("trace-43-obs");
    expect(logs.raw.length).toBeGreaterThan(0);
    for (const raw of logs.raw) {
      expect(raw.endsWith("\n") && raw.indexOf("\n") === raw.length - 1, raw).toBe(true);
      const line = JSON.parse(raw);
      expect(line, raw).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String), requestId: "trace-43-obs" });
    }
    const me = (await (await fetch(`${base}/api/v1/config/user`, { headers: { cookie } })).json()) as { userId: string };
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: "info",
        area: "mail",
        msg: "mail written to the outbox",
        requestId: "trace-43-obs",
        organizationId: contoso,
        userId: me.userId,
        route: "/api/v1/organization/:organizationId/invitation",
      }),
    );
  });
});
