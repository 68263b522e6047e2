import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { slaBadMessage } from "@/lib/alarms/message";
import { applyAlarmConditions, type AlarmCondition } from "@/server/alarms/engine";
import { recordSystemChange } from "@/server/core/changes";
import { webhookTypeOfChange } from "@/server/core/webhook-outbox";
import { getDb } from "@/server/db/client";
import { events, paths, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { evaluatePathSla } from "@/server/telemetry/sla";
import { WEBHOOK_VERIFY_SNIPPET } from "@/lib/webhooks/constants";
import { isBlockedAddress } from "@/server/webhooks/address";
import { retryDelayMs, WebhookWorker } from "@/server/webhooks/worker";
import { call, organizationId, signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, CONTOSO_READONLY, NW_ADMIN, NW_READONLY, unique } from "./operations-fixtures";
import { createConnector, createSite, FRANKFURT, insertPath, PARIS } from "./site-fixtures";
import { documentedVerifier, startReceiver, type Receiver } from "./webhook-fixtures";

// Webhooks (issue 43 scope 2): a local server receives signed deliveries and checks them with the documented
// snippet; a failure is retried, one endpoint's deliveries arrive in order, a delivery can be sent again, no other
// tenant's event ever arrives, private addresses are refused without WEBHOOK_ALLOW_PRIVATE, an endpoint failing for
// a day is disabled, and a delivery outlives the worker that claimed it. The worker's clock is given, never waited.

const HOUR = 60 * 60 * 1000;
const lossMessage = (loss: number) => slaBadMessage("Lyon ⇄ Paris", [{ metric: "lossPercent", value: loss, limit: 5 }]);
let receiver: Receiver;
let verify: Awaited<ReturnType<typeof documentedVerifier>>;
let contoso: string;
let fabrikam: string;
let northwind: string;
let bluewave: string;
let initech: string;
/** How far the worker's clock is ahead of the real one. */
let skew = 0;
const now = () => Date.now() + skew;
let worker: WebhookWorker;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "on";
  receiver = await startReceiver();
  verify = await documentedVerifier();
  [contoso, fabrikam, northwind, bluewave, initech] = await Promise.all(
    ["Contoso", "Fabrikam", "Northwind Networks", "Bluewave Telecom", "Initech"].map((name) => organizationId(name)),
  );
  worker = new WebhookWorker(await getDb(), { now: () => new Date(now()), log: () => {} });
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  await receiver.close();
});

// Each test starts with every endpoint gone (and their queues with them), so none reaches the next test.
beforeEach(async () => {
  const db = await getDb();
  await db.delete(webhookEndpoints);
  skew = 0;
});

async function subscribe(email: string, organization: string, body: Record<string, unknown>) {
  const response = await call("POST", `/organization/${organization}/webhook`, { cookie: await signIn(email), body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; secret: string; url: string };
}

function alarm(organization: string, values: Partial<AlarmCondition> = {}): AlarmCondition {
  return {
    organizationId: organization,
    type: "sla-bad",
    subject: `path:${unique("p").toLowerCase()}`,
    active: true,
    severity: "major",
    message: lossMessage(6.2),
    source: unique("probe").toLowerCase(),
    ...values,
  };
}

async function raise(organization: string, values: Partial<AlarmCondition> = {}) {
  const condition = alarm(organization, values);
  await applyAlarmConditions(await getDb(), [condition]);
  return condition;
}

/** Ticks until a tick sends nothing (at the current clock). */
async function drain(limit = 20) {
  for (let i = 0; i < limit; i++) {
    const report = await worker.tick();
    if (report.succeeded.length + report.retried.length === 0) return;
  }
}

async function deliveries(email: string, webhookId: string) {
  const response = await call("GET", `/webhook/${webhookId}/delivery`, { cookie: await signIn(email) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items as any[];
}

describe("endpoints", () => {
  it("creates an endpoint whose secret is shown once; read-only users see it and cannot change it", async () => {
    const created = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/crud"), eventTypes: ["alarm.raised"] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ organizationId: contoso, enabled: true, includeCustomers: false, eventTypes: ["alarm.raised"] });

    const readOnly = await signIn(CONTOSO_READONLY);
    const listed = await call("GET", `/organization/${contoso}/webhook`, { cookie: readOnly });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: any) => item.id)).toEqual([created.id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    const one = await call("GET", `/webhook/${created.id}`, { cookie: readOnly });
    expect(one.body).not.toHaveProperty("secret");

    for (const [method, path, body] of [
      ["POST", `/organization/${contoso}/webhook`, { url: receiver.url("/x"), eventTypes: ["alarm.raised"] }],
      ["PATCH", `/webhook/${created.id}`, { enabled: false }],
      ["DELETE", `/webhook/${created.id}`, undefined],
      ["POST", `/webhook/${created.id}/secret`, undefined],
      ["POST", `/webhook/${created.id}/test`, undefined],
    ] as const) {
      expect((await call(method, path, { cookie: readOnly, body })).status, `${method} ${path}`).toBe(403);
    }

    // The change is recorded (an audit trail), and the secret is in no event.
    const db = await getDb();
    const recorded = await db.select().from(events).where(and(eq(events.entityType, "webhookEndpoint"), eq(events.entityId, created.id)));
    expect(recorded.map((event) => event.type)).toEqual(["webhookEndpoint.created"]);
    expect(JSON.stringify(recorded)).not.toContain(created.secret);
  });

  it("rotates the secret: the new one signs, the old one no longer verifies", async () => {
    const created = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/rotate"), eventTypes: ["alarm.raised"] });
    const rotated = await call("POST", `/webhook/${created.id}/secret`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.secret);
    await raise(contoso);
    await drain();
    const [delivery] = receiver.on("/rotate");
    expect(verify(rotated.body.secret, delivery.headers, delivery.body)).toBe(true);
    expect(verify(created.secret, delivery.headers, delivery.body)).toBe(false);
  });

  it("refuses bad input with its message, in English and French", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const missing = await call("POST", `/organization/${contoso}/webhook`, { cookie, body: { url: "", eventTypes: [] } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("The endpoint URL is required");
    const noTypes = await call("POST", `/organization/${contoso}/webhook`, { cookie, body: { url: receiver.url("/x"), eventTypes: [] }, language: "fr" });
    expect(noTypes.status).toBe(400);
    expect(noTypes.body.error).toBe("Choisissez au moins un type d’événement");
    const unknownType = await call("POST", `/organization/${contoso}/webhook`, { cookie, body: { url: receiver.url("/x"), eventTypes: ["site.created"] } });
    expect(unknownType.status).toBe(400);
    // A customer has no customers whose events it could include.
    const customers = await call("POST", `/organization/${contoso}/webhook`, { cookie, body: { url: receiver.url("/x"), eventTypes: ["alarm.raised"], includeCustomers: true } });
    expect(customers.status).toBe(400);
    expect(customers.body.error).toBe("Only an MSP's endpoint can include its customers' events");
  });
});

describe("delivery", () => {
  it("delivers a signed JSON event the documented snippet verifies, and logs it", async () => {
    const endpoint = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/signed"), eventTypes: ["alarm.raised", "alarm.cleared"] });
    const condition = await raise(contoso);
    // Nothing is sent by the change itself: the worker sends it.
    expect(receiver.on("/signed")).toHaveLength(0);
    await drain();
    const [delivery] = receiver.on("/signed");
    expect(delivery).toBeDefined();
    expect(verify(endpoint.secret, delivery.headers, delivery.body)).toBe(true);
    expect(verify(endpoint.secret, delivery.headers, delivery.body.replace("raised", "cleared"))).toBe(false);
    expect(delivery.headers["x-maia-event"]).toBe("alarm.raised");
    expect(delivery.json).toMatchObject({ type: "alarm.raised", organization: contoso, data: { object: { type: "alarm" }, action: "raised", after: { source: condition.source, type: "sla-bad" } } });
    expect(Object.keys(delivery.json).sort()).toEqual(["data", "id", "organization", "time", "type"]);
    expect(Date.parse(delivery.json.time)).not.toBeNaN();

    const [logged] = await deliveries(CONTOSO_READONLY, endpoint.id);
    expect(logged).toMatchObject({ id: delivery.headers["x-maia-delivery"], eventId: delivery.json.id, status: "succeeded", attempts: 1, lastStatusCode: 200 });
    expect(logged.lastDurationMs).toBeGreaterThanOrEqual(0);
    // The answer's excerpt is capped.
    expect(logged.lastResponse.startsWith("thanks")).toBe(true);
    expect(logged.lastResponse.length).toBe(1024);

    // Clearing it is another event, to the same endpoint.
    await applyAlarmConditions(await getDb(), [{ ...condition, active: false }]);
    await drain();
    expect(receiver.on("/signed").map((entry) => entry.json.type)).toEqual(["alarm.raised", "alarm.cleared"]);
  });

  it("documents in the README the very snippet the deliveries are verified with", async () => {
    expect(await readFile("README.md", "utf8")).toContain(WEBHOOK_VERIFY_SNIPPET);
  });

  it("tells of a configuration change with before and after", async () => {
    await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/config"), eventTypes: ["configuration.changed"] });
    const site = await createSite("Contoso", { name: "Webhook HQ", location: PARIS, type: "standard" });
    const renamed = await call("PATCH", `/config/site/${site.id}`, { cookie: await signIn(CONTOSO_ADMIN), body: { name: "Webhook HQ 2" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await drain();
    const received = receiver.on("/config").map((entry) => entry.json).filter((event) => event.data.object.type === "site");
    expect(received.map((event) => [event.type, event.data.action])).toEqual([
      ["configuration.changed", "created"],
      ["configuration.changed", "updated"],
    ]);
    expect(received[1].data).toMatchObject({ object: { type: "site", id: site.id }, before: { name: "Webhook HQ" }, after: { name: "Webhook HQ 2" }, actor: { type: "user", email: CONTOSO_ADMIN } });
  });

  it("tells of a path's SLA state change, written with the verdict", async () => {
    await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/sla"), eventTypes: ["path.sla_changed"] });
    const paris = await createSite("Contoso", { name: "SLA Paris", location: PARIS, type: "standard" });
    const frankfurt = await createSite("Contoso", { name: "SLA Frankfurt", location: FRANKFURT, type: "standard" });
    const virtual = { kind: "virtual", description: "", bandwidth: 1_000 };
    const source = await createConnector(paris.id, { ...virtual, name: "SLA A" });
    const destination = await createConnector(frankfurt.id, { ...virtual, name: "SLA B" });
    const path = await insertPath("Contoso", source, destination, 100);
    const db = await getDb();
    await db.update(paths).set({ slaHealth: "healthy" }).where(eq(paths.id, path.id));
    // No samples in the window: the verdict goes back to unknown, a change; evaluated again, no change, no event.
    await evaluatePathSla(db, [path.id], Date.now());
    await evaluatePathSla(db, [path.id], Date.now());
    await drain();
    const received = receiver.on("/sla").map((entry) => entry.json);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: "path.sla_changed",
      organization: contoso,
      data: { object: { type: "path", id: path.id, name: path.name }, before: { slaHealth: "healthy" }, after: { slaHealth: "unknown" } },
    });
  });

  it("retries a failed delivery with back-off, and logs every attempt", async () => {
    receiver.script["/flaky"] = [500, 200];
    const endpoint = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/flaky"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    const first = await worker.tick();
    expect(first.retried).toHaveLength(1);
    const [pending] = await deliveries(CONTOSO_ADMIN, endpoint.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "HTTP 500", lastResponse: "receiver is down" });
    const wait = Date.parse(pending.nextAttemptAt) - Date.parse(pending.lastAttemptAt);
    expect(wait).toBeGreaterThanOrEqual(15_000);
    expect(wait).toBeLessThanOrEqual(30_500);
    // Not before its time.
    expect((await worker.tick()).succeeded).toHaveLength(0);
    skew += 31_000;
    expect((await worker.tick()).succeeded).toEqual([pending.id]);
    expect(receiver.on("/flaky")).toHaveLength(2);
    // The same event, the same delivery: a receiver dedupes on the ids.
    const [a, b] = receiver.on("/flaky");
    expect(b.json.id).toBe(a.json.id);
    expect(b.headers["x-maia-delivery"]).toBe(a.headers["x-maia-delivery"]);
    const attempts = await call("GET", `/webhook/${endpoint.id}/delivery/${pending.id}/attempt`, { cookie: await signIn(CONTOSO_READONLY) });
    expect(attempts.body.map((attempt: any) => [attempt.attempt, attempt.statusCode])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    const endpointNow = await call("GET", `/webhook/${endpoint.id}`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(endpointNow.body.failingSince).toBeNull();
  });

  it("follows no redirect and gives up on a receiver that does not answer in time: both are failures", async () => {
    receiver.script["/moved"] = [301];
    receiver.script["/silent"] = [0];
    const moved = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/moved"), eventTypes: ["alarm.raised"] });
    const silent = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/silent"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    const impatient = new WebhookWorker(await getDb(), { now: () => new Date(now()), timeoutMs: 300, log: () => {} });
    expect((await impatient.tick()).retried).toHaveLength(2);
    const [redirected] = await deliveries(CONTOSO_ADMIN, moved.id);
    expect(redirected).toMatchObject({ status: "pending", lastStatusCode: 301, lastError: "redirect to https://elsewhere.example/ not followed" });
    const [timedOut] = await deliveries(CONTOSO_ADMIN, silent.id);
    expect(timedOut).toMatchObject({ status: "pending", lastStatusCode: null, lastError: "no answer within 300 ms" });
    expect(timedOut.lastDurationMs).toBeGreaterThanOrEqual(290);
    expect(timedOut.lastDurationMs).toBeLessThan(5_000);
  });

  it("backs off exponentially, with jitter, up to an hour", () => {
    expect(retryDelayMs(1, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, () => 0.999999)).toBeCloseTo(30_000, -1);
    expect(retryDelayMs(3, () => 0)).toBe(60_000);
    expect(retryDelayMs(30, () => 1)).toBe(HOUR);
    // Over a day of failures, attempts keep coming: at most an hour apart.
    let total = 0;
    let attempts = 0;
    while (total < 24 * HOUR) total += retryDelayMs(++attempts, () => 1);
    expect(attempts).toBeLessThan(40);
  });

  it("delivers one endpoint's events in order: a later one waits for the earlier one", async () => {
    receiver.script["/ordered"] = [503, 200];
    const endpoint = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/ordered"), eventTypes: ["alarm.raised"] });
    const raised = [];
    for (let i = 0; i < 3; i++) raised.push(await raise(contoso));
    await worker.tick();
    // The first failed; the others wait behind it, however many ticks pass.
    await drain();
    expect(receiver.on("/ordered")).toHaveLength(1);
    skew += 31_000;
    await drain();
    const sources = receiver.on("/ordered").map((entry) => entry.json.data.after.source);
    expect(sources).toEqual([raised[0].source, ...raised.map((condition) => condition.source)]);
    expect((await deliveries(CONTOSO_ADMIN, endpoint.id)).every((delivery) => delivery.status === "succeeded")).toBe(true);
  });

  it("redelivers a delivery as a new one of the same event, and sends a test event", async () => {
    const endpoint = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/again"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    await drain();
    const [first] = await deliveries(CONTOSO_ADMIN, endpoint.id);
    const cookie = await signIn(CONTOSO_ADMIN);
    const again = await call("POST", `/webhook/${endpoint.id}/delivery/${first.id}/redeliver`, { cookie });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ status: "pending", redeliveryOf: first.id, eventId: first.eventId });
    const test = await call("POST", `/webhook/${endpoint.id}/test`, { cookie });
    expect(test.status).toBe(202);
    await drain();
    const received = receiver.on("/again");
    expect(received.map((entry) => entry.json.type)).toEqual(["alarm.raised", "alarm.raised", "webhook.test"]);
    expect(received[1].json.id).toBe(received[0].json.id);
    expect(received[1].headers["x-maia-delivery"]).toBe(again.body.id);
    expect(received.every((entry) => verify(endpoint.secret, entry.headers, entry.body))).toBe(true);
    expect(await deliveries(CONTOSO_READONLY, endpoint.id)).toHaveLength(3);
  });
});

describe("event types", () => {
  it("names each recorded change's webhook type, or none", () => {
    const of = (entityType: string, type: string, before: unknown = null, after: unknown = null) => webhookTypeOfChange({ entityType, type: type as never, before, after });
    expect(of("alarm", "raised")).toBe("alarm.raised");
    expect(of("alarm", "acknowledged")).toBe("alarm.acknowledged");
    expect(of("alarm", "cleared")).toBe("alarm.cleared");
    expect(of("alarm", "updated")).toBeNull();
    expect(of("alarm", "unacknowledged")).toBeNull();
    expect(of("lifecycleOperation", "started", { status: "scheduled" }, { status: "active" })).toBe("lifecycle_operation.state_changed");
    expect(of("lifecycleOperation", "created", null, { status: "scheduled" })).toBe("lifecycle_operation.state_changed");
    // A progress tick is no state change.
    expect(of("lifecycleOperation", "updated", { status: "active", progress: 10 }, { status: "active", progress: 20 })).toBeNull();
    expect(of("rollout", "halted")).toBe("rollout.halted");
    expect(of("rollout", "updated")).toBeNull();
    expect(of("invitation", "accepted")).toBe("invitation.accepted");
    expect(of("invitation", "created")).toBe("configuration.changed");
    expect(of("site", "updated")).toBe("configuration.changed");
    expect(of("path", "deleted")).toBe("configuration.changed");
    expect(of("device", "claimed")).toBeNull();
  });
});

describe("tenancy", () => {
  it("sends an event only to its organization's endpoints, and to its MSP's when they include customers", async () => {
    const own = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/t/contoso"), eventTypes: ["alarm.raised"] });
    const sibling = await subscribe("admin@fabrikam.example", fabrikam, { url: receiver.url("/t/fabrikam"), eventTypes: ["alarm.raised"] });
    const msp = await subscribe(NW_ADMIN, northwind, { url: receiver.url("/t/northwind"), eventTypes: ["alarm.raised"], includeCustomers: true });
    const mspOwnOnly = await subscribe(NW_ADMIN, northwind, { url: receiver.url("/t/northwind-own"), eventTypes: ["alarm.raised"] });
    const otherMsp = await subscribe(BW_ADMIN, bluewave, { url: receiver.url("/t/bluewave"), eventTypes: ["alarm.raised"], includeCustomers: true });
    const otherCustomer = await subscribe("admin@initech.example", initech, { url: receiver.url("/t/initech"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    await raise(northwind);
    await raise(initech);
    await drain();
    const got = (path: string) => receiver.on(path).map((entry) => entry.json.organization).sort();
    expect(got("/t/contoso")).toEqual([contoso]);
    expect(got("/t/fabrikam")).toEqual([]);
    expect(got("/t/northwind")).toEqual([contoso, northwind].sort());
    expect(got("/t/northwind-own")).toEqual([northwind]);
    expect(got("/t/bluewave")).toEqual([initech]);
    expect(got("/t/initech")).toEqual([initech]);
    // And the queue agrees: no delivery row of another tenant's event.
    const db = await getDb();
    const rows = await db.select().from(webhookDeliveries);
    const allowed: Record<string, string[]> = {
      [own.id]: [contoso],
      [sibling.id]: [],
      [msp.id]: [contoso, northwind],
      [mspOwnOnly.id]: [northwind],
      [otherMsp.id]: [initech, bluewave],
      [otherCustomer.id]: [initech],
    };
    for (const row of rows) expect(allowed[row.endpointId]).toContain(row.eventOrganizationId);
  });

  it("answers another tenant's endpoint and deliveries like missing ones", async () => {
    const endpoint = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/hidden"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    await drain();
    const [delivery] = await deliveries(CONTOSO_ADMIN, endpoint.id);
    const stranger = await signIn(BW_ADMIN);
    const missing = await call("GET", `/webhook/00000000-0000-0000-0000-000000000000`, { cookie: stranger });
    expect(missing.status).toBe(404);
    for (const [method, path, body] of [
      ["GET", `/webhook/${endpoint.id}`, undefined],
      ["PATCH", `/webhook/${endpoint.id}`, { enabled: false }],
      ["DELETE", `/webhook/${endpoint.id}`, undefined],
      ["POST", `/webhook/${endpoint.id}/secret`, undefined],
      ["POST", `/webhook/${endpoint.id}/test`, undefined],
      ["GET", `/webhook/${endpoint.id}/delivery`, undefined],
      ["GET", `/webhook/${endpoint.id}/delivery/${delivery.id}/attempt`, undefined],
      ["POST", `/webhook/${endpoint.id}/delivery/${delivery.id}/redeliver`, undefined],
      ["GET", `/organization/${contoso}/webhook`, undefined],
      ["POST", `/organization/${contoso}/webhook`, { url: receiver.url("/x"), eventTypes: ["alarm.raised"] }],
    ] as const) {
      const answer = await call(method, path, { cookie: stranger, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error).toBe(missing.body.error);
    }
    // The MSP's staff see their customer's endpoint (read), as they see its configuration.
    expect((await call("GET", `/webhook/${endpoint.id}`, { cookie: await signIn(NW_READONLY) })).status).toBe(200);
  });
});

describe("private addresses", () => {
  it("refuses private, loopback, link-local and metadata endpoints without WEBHOOK_ALLOW_PRIVATE, and http://", async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    try {
      const cookie = await signIn(CONTOSO_ADMIN);
      for (const url of [
        "https://127.0.0.1/hook",
        "https://localhost/hook",
        "https://10.1.2.3/hook",
        "https://172.16.0.9/hook",
        "https://192.168.1.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://[fe80::1]/hook",
        "https://[fd00:ec2::254]/hook",
        "https://0.0.0.0/hook",
        "https://224.0.0.1/hook",
      ]) {
        const answer = await call("POST", `/organization/${contoso}/webhook`, { cookie, body: { url, eventTypes: ["alarm.raised"] } });
        expect(answer.status, url).toBe(400);
        expect(answer.body.error, url).toBe("The endpoint's address is in a private, loopback or link-local range");
      }
      const plain = await call("POST", `/organization/${contoso}/webhook`, { cookie, body: { url: "http://hooks.example.com/x", eventTypes: ["alarm.raised"] } });
      expect(plain.body.error).toBe("The endpoint URL must use https://");
      const french = await call("POST", `/organization/${contoso}/webhook`, { cookie, body: { url: "https://10.0.0.1/", eventTypes: ["alarm.raised"] }, language: "fr" });
      expect(french.body.error).toBe("L’adresse du point de terminaison est dans une plage privée, de bouclage ou lien-local");
      // A public address is accepted.
      const ok = await call("POST", `/organization/${contoso}/webhook`, { cookie, body: { url: "https://93.184.215.14/hook", eventTypes: ["alarm.raised"] } });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "on";
    }
  });

  it("refuses them again at delivery time (addresses change)", async () => {
    // A name that resolved elsewhere when the endpoint was saved resolves to loopback now.
    const endpoint = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/rebound").replace("http://127.0.0.1", "https://localhost"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    try {
      await worker.tick();
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "on";
    }
    expect(receiver.on("/rebound")).toHaveLength(0);
    const [delivery] = await deliveries(CONTOSO_ADMIN, endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(delivery.lastError).toContain("may not reach");
  });

  it("knows the blocked ranges, IPv4 inside IPv6 included", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "100.64.1.1", "169.254.169.254", "172.31.255.255", "192.168.0.1", "0.0.0.0", "255.255.255.255", "::", "::1", "::ffff:10.0.0.1", "::ffff:7f00:1", "64:ff9b::a9fe:a9fe", "2002:c0a8:101::1", "fc00::1", "fe80::1", "ff02::1", "fec0::1"]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });
});

describe("failing endpoints", () => {
  it("disables an endpoint failing for 24 hours, tells its owner, and starts afresh when enabled again", async () => {
    receiver.script["/down"] = [500];
    const endpoint = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/down"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    const before = Date.now();
    await worker.tick();
    const after = Date.now();
    // Retried for a day, never disabled before it.
    skew = 23 * HOUR;
    expect((await worker.tick()).disabled).toEqual([]);
    skew = 24 * HOUR + (after - before) + 1;
    expect((await worker.tick()).disabled).toEqual([endpoint.id]);
    const cookie = await signIn(CONTOSO_ADMIN);
    const disabled = await call("GET", `/webhook/${endpoint.id}`, { cookie });
    expect(disabled.body).toMatchObject({ enabled: false, disabledReason: "failing" });
    expect(Date.parse(disabled.body.failingSince)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(disabled.body.failingSince)).toBeLessThanOrEqual(after);
    const [given] = await deliveries(CONTOSO_ADMIN, endpoint.id);
    expect(given).toMatchObject({ status: "failed", attempts: 3 });
    const db = await getDb();
    const [event] = await db.select().from(events).where(and(eq(events.entityId, endpoint.id), eq(events.type, "webhookEndpoint.updated")));
    expect(event).toMatchObject({ source: "webhooks", before: { enabled: true }, after: { enabled: false, disabledReason: "failing" } });
    // A disabled endpoint gets no new deliveries, and sends nothing.
    await raise(contoso);
    skew += 26 * HOUR;
    await drain();
    expect(receiver.on("/down")).toHaveLength(3);
    const enabled = await call("PATCH", `/webhook/${endpoint.id}`, { cookie, body: { enabled: true } });
    expect(enabled.body).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
  });
});

describe("batches", () => {
  it("queues every change of a transaction for a subscribed organization, none for one nobody hears", async () => {
    await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/batch"), eventTypes: ["configuration.changed"] });
    const db = await getDb();
    await db.transaction(async (tx) => {
      for (let i = 1; i <= 3; i++) {
        // Fabrikam has no endpoint: asked once, then skipped for the rest of the transaction.
        await recordSystemChange(tx, { organizationId: fabrikam, entityType: "site", entityId: `quiet-${i}`, type: "updated", source: "test", after: { name: `quiet ${i}` } });
        await recordSystemChange(tx, { organizationId: contoso, entityType: "site", entityId: `batch-${i}`, type: "updated", source: "test", after: { name: `batch ${i}` } });
      }
    });
    await drain();
    const sites = receiver.on("/batch").filter((entry) => entry.json.data.object.type === "site");
    expect(sites.map((entry) => entry.json.data.after.name)).toEqual(["batch 1", "batch 2", "batch 3"]);
    const rows = await db.select().from(webhookDeliveries);
    expect(rows.filter((row) => row.eventOrganizationId === fabrikam)).toEqual([]);
  });
});

describe("the log", () => {
  it("keeps finished deliveries for the retention, then prunes them with their attempts", async () => {
    const endpoint = await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/pruned"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    const db = await getDb();
    const pruning = new WebhookWorker(db, { now: () => new Date(now()), retentionDays: 30, log: () => {} });
    expect((await pruning.tick()).succeeded).toHaveLength(1);
    expect(await deliveries(CONTOSO_ADMIN, endpoint.id)).toHaveLength(1);
    skew = 29 * 24 * HOUR;
    expect((await pruning.tick()).pruned).toBe(0);
    skew = 31 * 24 * HOUR;
    expect((await pruning.tick()).pruned).toBe(1);
    expect(await deliveries(CONTOSO_ADMIN, endpoint.id)).toEqual([]);
    expect(await db.select().from(webhookAttempts)).toEqual([]);
  });
});

describe("durability", () => {
  it("keeps a delivery whose worker stopped mid-send: another worker sends it once the lease has passed", async () => {
    await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/durable"), eventTypes: ["alarm.raised"] });
    await raise(contoso);
    const db = await getDb();
    // A worker claimed it and died before answering: its lease stands, its attempt never settled.
    await db.update(webhookDeliveries).set({ leaseUntil: new Date(now() + 30_000), attempts: 1 });
    const next = new WebhookWorker(db, { now: () => new Date(now()), log: () => {} });
    expect((await next.tick()).succeeded).toEqual([]);
    skew += 31_000;
    expect((await next.tick()).succeeded).toHaveLength(1);
    expect(receiver.on("/durable")).toHaveLength(1);
  });

  it("queues in the change's transaction: a change rolled back queues nothing", async () => {
    await subscribe(CONTOSO_ADMIN, contoso, { url: receiver.url("/rollback"), eventTypes: ["alarm.raised"] });
    const db = await getDb();
    const change = { organizationId: contoso, entityType: "alarm", entityId: unique("a"), type: "raised" as const, source: "test", after: { subject: "rolled back" } };
    await expect(
      db.transaction(async (tx) => {
        await recordSystemChange(tx, change);
        throw new Error("the change fails after its event");
      }),
    ).rejects.toThrow("the change fails");
    expect(await db.select().from(webhookDeliveries)).toEqual([]);
    await db.transaction((tx) => recordSystemChange(tx, { ...change, after: { subject: "committed" } }));
    await drain();
    expect(receiver.on("/rollback").map((entry) => entry.json.data.after.subject)).toEqual(["committed"]);
  });
});
