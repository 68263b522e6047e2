import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { getDb } from "@/server/db/client";
import { organizations } from "@/server/db/schema";
import { LocalBus, placeOf, publishRealtime, setBus, type RealtimeMessage } from "@/server/realtime/bus";
import { RealtimeHub, REPLAY_CLOCK_MARGIN_MS } from "@/server/realtime/hub";
import { metrics, watchRealtimeClients } from "@/server/core/metrics";
import { call, organizationId, signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, INITECH_ADMIN, insertAlarm, NW_ADMIN, OPERATOR } from "./operations-fixtures";

// /ws end to end in one process: session-authenticated upgrades, subscriptions per service, and delivery through the
// bus only to users who may see the message's organization.

let server: http.Server;
let hub: RealtimeHub;
let url: string;
let unsubscribe: () => void;
const bus = new LocalBus();
let hubStartedAt: number;
// The clock the hub keeps its recent messages by, which a test may move on rather than wait for.
let hubAhead = 0;
const hubNow = () => Date.now() + hubAhead;

beforeAll(async () => {
  setBus(bus);
  hubStartedAt = Date.now();
  hub = new RealtimeHub(getDb, { maxBufferedBytes: 64 * 1024, now: hubNow });
  unsubscribe = bus.subscribe((message) => hub.deliver(message));
  server = http.createServer();
  server.on("upgrade", (request, socket, head) => void hub.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
});

afterAll(async () => {
  unsubscribe();
  await hub.close();
  await new Promise((resolve) => server.close(resolve));
  setBus(undefined);
});

interface TestClient {
  socket: WebSocket;
  messages: { service: string; action: string; data: Record<string, unknown> }[];
  /** The markers of lastMessage() it heard. */
  sentinels: Set<string>;
}

function connect(cookie?: string, at = url): Promise<TestClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(at, { headers: cookie ? { cookie } : {} });
    const messages: TestClient["messages"] = [];
    const sentinels = new Set<string>();
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw));
      if (isSentinel(message.data?.entityId)) sentinels.add(message.data.entityId);
      else messages.push(message);
    });
    socket.once("open", () => resolve({ socket, messages, sentinels }));
    socket.once("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once("error", reject);
  });
}

const until = (check: () => boolean, what = "condition") => vi.waitFor(() => expect(check(), what).toBe(true), { timeout: 3_000, interval: 10 });

let sentinels = 0;
const isSentinel = (entityId: unknown) => typeof entityId === "string" && entityId.startsWith("sentinel-");

/**
 * Publishes one more message in each organization given, and waits until each client has heard one of them: whatever
 * was delivered to it before has reached it by then (the bus, the hub and each socket keep their order). Clients keep
 * these markers apart from their messages, so one that arrives later changes nothing a test counts.
 */
async function lastMessage(clients: TestClient[], organizationIds: string[], service: "alarms" | "events" = "alarms") {
  const db = await getDb();
  const round: string[] = [];
  for (const organization of organizationIds) {
    const entityId = `sentinel-${++sentinels}`;
    round.push(entityId);
    if (service === "alarms") await publishRealtime(db, organization, { service, action: "raised", data: { entityType: "alarm", entityId } });
    else await publishRealtime(db, organization, { service, action: "created", data: { type: "site.updated", entityType: "site", entityId } });
  }
  for (const client of clients) await until(() => round.some((id) => client.sentinels.has(id)), "a last message arrived");
}

async function subscribed(email: string, services: string[]): Promise<TestClient> {
  const client = await connect(await signIn(email));
  await until(() => client.messages.length === 1, "welcome");
  for (const service of services) client.socket.send(JSON.stringify({ service, action: "subscribe", data: {} }));
  await until(() => client.messages.length === 1 + services.length, "subscriptions acknowledged");
  client.messages.length = 0;
  return client;
}

describe("/ws", () => {
  it("refuses an upgrade without a session", async () => {
    await expect(connect()).rejects.toThrow("HTTP 401");
    await expect(connect("maia_session=forged")).rejects.toThrow("HTTP 401");
  });

  it("welcomes a signed-in user, acknowledges subscriptions and answers bad messages", async () => {
    const contoso = await connect(await signIn(CONTOSO_ADMIN));
    await until(() => contoso.messages.length === 1);
    expect(contoso.messages[0]).toMatchObject({ service: "system", action: "welcome" });
    contoso.socket.send(JSON.stringify({ service: "alarms", action: "subscribe", data: {} }));
    await until(() => contoso.messages.length === 2);
    expect(contoso.messages[1]).toEqual({ service: "alarms", action: "subscribed", data: {} });
    contoso.socket.send("not json");
    contoso.socket.send(JSON.stringify({ service: "secrets", action: "subscribe" }));
    await until(() => contoso.messages.length === 4);
    expect(contoso.messages.slice(2).map((m) => m.action)).toEqual(["error", "error"]);
    contoso.socket.close();
  });

  it("is counted in the metrics: its clients, its messages both ways, and the bus's lag", async () => {
    watchRealtimeClients(() => hub.size);
    const scrape = async () => {
      const text = await metrics.registry.metrics();
      const value = (series: string) => Number(text.split("\n").find((line) => line.startsWith(`${series} `))?.slice(series.length + 1) ?? 0);
      return { clients: value("maia_ws_clients"), in: value('maia_ws_messages_total{direction="in"}'), out: value('maia_ws_messages_total{direction="out"}'), lag: value('maia_bus_lag_seconds_count{bus="local"}') };
    };
    const before = await scrape();
    const client = await subscribed(CONTOSO_ADMIN, ["alarms"]);
    await lastMessage([client], [await organizationId("Contoso")]);
    const after = await scrape();
    expect(after.clients).toBe(hub.size);
    expect(after.clients).toBeGreaterThanOrEqual(1);
    // One subscription in; the welcome, its acknowledgement and the alarm out; the alarm's trip over the bus.
    expect(after.in - before.in).toBe(1);
    expect(after.out - before.out).toBeGreaterThanOrEqual(3);
    expect(after.lag - before.lag).toBeGreaterThanOrEqual(1);
    client.socket.close();
    await until(() => hub.size === after.clients - 1, "the socket closed");
    expect((await scrape()).clients).toBe(after.clients - 1);
  });

  it("delivers an organization's alarms and telemetry to it, its MSP and the operator, never to another tenant", async () => {
    const db = await getDb();
    const contosoId = await organizationId("Contoso");
    const initechId = await organizationId("Initech");
    const clients = await Promise.all([CONTOSO_ADMIN, INITECH_ADMIN, NW_ADMIN, BW_ADMIN, OPERATOR].map((email) => subscribed(email, ["alarms", "telemetry"])));
    const [contoso, initech, northwind, bluewave, operator] = clients;

    await publishRealtime(db, contosoId, { service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "contoso-alarm" } });
    await publishRealtime(db, initechId, { service: "telemetry", action: "samples", data: { organizationId: initechId, pathIds: ["initech-path"] } });
    await until(() => operator.messages.length === 2, "the operator hears both");
    const everyone = await Promise.all(["Contoso", "Initech", "Northwind Networks", "Bluewave Telecom"].map(organizationId));
    await lastMessage(clients, everyone);

    const heard = (client: TestClient) => client.messages.map((m) => `${m.service}:${m.action}`);
    expect(heard(contoso)).toEqual(["alarms:raised"]);
    expect(heard(northwind)).toEqual(["alarms:raised"]);
    expect(heard(initech)).toEqual(["telemetry:samples"]);
    expect(heard(bluewave)).toEqual(["telemetry:samples"]);
    // The audience stays on the server.
    expect(contoso.messages[0]).toEqual({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "contoso-alarm" } });
    for (const client of [contoso, initech, northwind, bluewave, operator]) client.socket.close();
  });

  it("gives an organization's news to exactly the users the API shows that organization to", async () => {
    const db = await getDb();
    const everyOrganization = await db.select({ id: organizations.id }).from(organizations);
    for (const email of [OPERATOR, NW_ADMIN, BW_ADMIN, CONTOSO_ADMIN, INITECH_ADMIN]) {
      const listed = await call("GET", "/config/organization", { cookie: await signIn(email) });
      expect(listed.status).toBe(200);
      const visible = new Set((listed.body as { id: string }[]).map((organization) => organization.id));
      // Only this user listens to lifecycle news here, so each delivery is theirs or nobody's.
      const client = await subscribed(email, ["lifecycle"]);
      for (const { id } of everyOrganization) {
        const news = { service: "lifecycle", action: "updated", data: { entityType: "rollout", entityId: "r-1" }, organization: await placeOf(db, id) } as const;
        expect(hub.deliver(news), `${email} hears of ${id}`).toBe(visible.has(id) ? 1 : 0);
      }
      client.socket.send(JSON.stringify({ service: "lifecycle", action: "unsubscribe", data: {} }));
      await until(() => client.messages.some((message) => message.action === "unsubscribed"), "unsubscribed");
      client.socket.close();
    }
  });

  it("announces a committed change on the events and alarms services to the allowed users only", async () => {
    const alarm = await insertAlarm("Contoso");
    const [contoso, initech, northwind] = await Promise.all(
      [CONTOSO_ADMIN, INITECH_ADMIN, NW_ADMIN].map((email) => subscribed(email, ["alarms", "events"])),
    );
    const response = await call("POST", "/alarm/acknowledge", { cookie: await signIn(CONTOSO_ADMIN), body: { alarmIds: [alarm.id] } });
    expect(response.status).toBe(200);
    await until(() => contoso.messages.length === 2 && northwind.messages.length === 2, "both hear the acknowledgement");
    await lastMessage([contoso, initech, northwind], await Promise.all(["Contoso", "Initech", "Northwind Networks"].map(organizationId)));
    expect(contoso.messages).toEqual(
      expect.arrayContaining([
        { service: "events", action: "created", data: { type: "alarm.acknowledged", entityType: "alarm", entityId: alarm.id } },
        { service: "alarms", action: "acknowledged", data: { entityType: "alarm", entityId: alarm.id } },
      ]),
    );
    expect(initech.messages).toEqual([]);
    for (const client of [contoso, initech, northwind]) client.socket.close();
  });

  it("announces nothing for a change that was rolled back", async () => {
    const contoso = await subscribed(CONTOSO_ADMIN, ["alarms", "events"]);
    const alarm = await insertAlarm("Contoso");
    // One visible and one missing id: all or nothing, so nothing changes and nothing is announced.
    const response = await call("POST", "/alarm/acknowledge", { cookie: await signIn(CONTOSO_ADMIN), body: { alarmIds: [alarm.id, "missing"] } });
    expect(response.status).toBe(404);
    // The next change, committed, is announced the same way, after anything the first one would have announced.
    const committed = await call("POST", "/alarm/acknowledge", { cookie: await signIn(CONTOSO_ADMIN), body: { alarmIds: [alarm.id] } });
    expect(committed.status).toBe(200);
    await until(() => contoso.messages.length >= 2, "the committed change is announced");
    expect(contoso.messages).toEqual([
      { service: "events", action: "created", data: { type: "alarm.acknowledged", entityType: "alarm", entityId: alarm.id } },
      { service: "alarms", action: "acknowledged", data: { entityType: "alarm", entityId: alarm.id } },
    ]);
    contoso.socket.close();
  });

  it("names a connector's site in its topology news: created, updated, deleted, and deleted with its site", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const contoso = await subscribed(CONTOSO_ADMIN, ["topology"]);
    const location = { address: "Nice, France", latitude: 43.7, longitude: 7.27 };
    const site = await call("POST", `/config/organization/${await organizationId("Contoso")}/site`, { cookie, body: { name: "News site", type: "standard", location } });
    expect(site.status).toBe(201);
    const siteId: string = site.body.id;
    const add = async (name: string) => {
      const created = await call("POST", `/config/site/${siteId}/connector`, { cookie, body: { kind: "virtual", name, description: "", bandwidth: 100 } });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const first = await add("News virtual");
    expect((await call("PATCH", `/config/connector/${first}`, { cookie, body: { name: "News virtual renamed" } })).status).toBe(200);
    expect((await call("DELETE", `/config/connector/${first}`, { cookie })).status).toBe(204);
    const second = await add("News second");
    expect((await call("DELETE", `/config/site/${siteId}`, { cookie })).status).toBe(204);
    await until(() => contoso.messages.length === 7, "seven topology messages");
    const connectorNews = (action: string, entityId: string) => ({ service: "topology", action, data: { entityType: "connector", entityId, siteId } });
    expect(contoso.messages).toEqual([
      { service: "topology", action: "created", data: { entityType: "site", entityId: siteId } },
      connectorNews("created", first),
      connectorNews("updated", first),
      connectorNews("deleted", first),
      connectorNews("created", second),
      connectorNews("deleted", second),
      { service: "topology", action: "deleted", data: { entityType: "site", entityId: siteId } },
    ]);
    contoso.socket.close();
  });

  it("stops sending to unsubscribed services", async () => {
    const db = await getDb();
    const contosoId = await organizationId("Contoso");
    const contoso = await subscribed(CONTOSO_ADMIN, ["alarms", "events"]);
    contoso.socket.send(JSON.stringify({ service: "alarms", action: "unsubscribe", data: {} }));
    await until(() => contoso.messages.length === 1);
    expect(contoso.messages[0]).toEqual({ service: "alarms", action: "unsubscribed", data: {} });
    await publishRealtime(db, contosoId, { service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a-1" } });
    await lastMessage([contoso], [contosoId], "events");
    expect(contoso.messages).toHaveLength(1);
    contoso.socket.close();
  });

  it("drops a client that does not read, and keeps delivering to the others", async () => {
    const reader = await subscribed(CONTOSO_ADMIN, ["telemetry"]);
    const stalled = await subscribed(CONTOSO_ADMIN, ["telemetry"]);
    // A client that stops reading: its socket's receive side is paused, so the server's send buffer fills up.
    (stalled.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    let closed = false;
    stalled.socket.on("close", () => (closed = true));
    const big = "x".repeat(32 * 1024);
    // The hub sends what the bus gives it: an oversized message stands for a flood of them.
    const contosoId = await organizationId("Contoso");
    const message = { service: "telemetry", action: "samples", organization: { id: contosoId, parentId: null }, data: { organizationId: contosoId, big } } as Extract<RealtimeMessage, { service: "telemetry" }>;
    // The reading client reads each message before the next is sent (on a loaded machine it could otherwise fall
    // behind by two and be dropped too); the stalled one's unsent data grows until the hub drops it.
    let deliveredTo = 2;
    for (let sent = 1; sent <= 400 && deliveredTo === 2; sent++) {
      deliveredTo = hub.deliver(message);
      await until(() => reader.messages.filter((m) => m.data.big).length === sent, "the reading client read the message");
    }
    expect(deliveredTo, "the stalled client was dropped, the reading one kept").toBe(1);
    expect(hub.deliver({ ...message, data: { organizationId: contosoId, pathIds: ["last"] } })).toBe(1);
    await until(() => reader.messages.some((m) => JSON.stringify(m.data.pathIds) === '["last"]'), "the reading client gets the last message");
    (stalled.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    await until(() => closed, "the stalled client was dropped");
    reader.socket.close();
  });
});

describe("/ws catching up a page rendered before it subscribed", () => {
  const raised = (entityId: string) => ({ service: "alarms", action: "raised", data: { entityType: "alarm", entityId } }) as const;
  const missed = (client: TestClient) => client.messages.filter((m) => String(m.data.entityId ?? "").startsWith("missed-"));
  /** Moves the hub's clock on to where it would be had it run past the clocks' margin since its start. */
  const pastStartMargin = () => {
    hubAhead = Math.max(hubAhead, hubStartedAt + REPLAY_CLOCK_MARGIN_MS + 50 - Date.now());
  };

  async function welcomed(email: string) {
    const client = await connect(await signIn(email));
    await until(() => client.messages.length === 1, "welcome");
    client.messages.length = 0;
    return client;
  }

  it("sends what the service published since the render, of the subscriber's audience only, before the acknowledgement", async () => {
    const db = await getDb();
    const [contosoId, initechId] = [await organizationId("Contoso"), await organizationId("Initech")];
    // A hub knows nothing of what came before it started, nor, with the clocks' margin, just after (see the next test).
    pastStartMargin();
    const renderedAt = hubNow();
    await publishRealtime(db, contosoId, raised("missed-contoso"));
    await publishRealtime(db, initechId, raised("missed-initech"));
    await publishRealtime(db, contosoId, { service: "events", action: "created", data: { type: "site.updated", entityType: "site", entityId: "missed-event" } });
    await bus.delivered();

    const [contoso, northwind, initech] = await Promise.all([CONTOSO_ADMIN, NW_ADMIN, INITECH_ADMIN].map(welcomed));
    for (const client of [contoso, northwind, initech]) client.socket.send(JSON.stringify({ service: "alarms", action: "subscribe", since: renderedAt }));
    for (const client of [contoso, northwind, initech]) await until(() => client.messages.some((m) => m.action === "subscribed"), "acknowledged");
    // Contoso and its MSP get Contoso's alarm, Initech its own; the events service was not asked for.
    expect(missed(contoso)).toEqual([raised("missed-contoso")]);
    expect(missed(northwind)).toEqual([raised("missed-contoso")]);
    expect(missed(initech)).toEqual([raised("missed-initech")]);
    for (const client of [contoso, northwind, initech]) expect(client.messages.at(-1)).toEqual({ service: "alarms", action: "subscribed", data: {} });

    // A page rendered after them is sent none of them (they came more than the clocks' margin before it).
    const later = await welcomed(CONTOSO_ADMIN);
    later.socket.send(JSON.stringify({ service: "alarms", action: "subscribe", since: hubNow() + REPLAY_CLOCK_MARGIN_MS + 1_000 }));
    await until(() => later.messages.length === 1, "acknowledged");
    expect(later.messages).toEqual([{ service: "alarms", action: "subscribed", data: {} }]);
    for (const client of [contoso, northwind, initech, later]) client.socket.close();
  });

  it("keeps a service's news through a flood of another's: a burst of samples does not make the page refetch its alarms", async () => {
    const contosoId = await organizationId("Contoso");
    pastStartMargin();
    const renderedAt = hubNow();
    hub.deliver({ ...raised("missed-before-the-flood"), organization: { id: contosoId, parentId: null } } as RealtimeMessage);
    const sample = { service: "telemetry", action: "samples", organization: { id: contosoId, parentId: null }, data: { organizationId: contosoId, pathIds: ["p"] } };
    for (let i = 0; i < 2_500; i++) hub.deliver(sample as RealtimeMessage);
    const contoso = await welcomed(CONTOSO_ADMIN);
    contoso.socket.send(JSON.stringify({ service: "alarms", action: "subscribe", since: renderedAt }));
    await until(() => contoso.messages.some((m) => m.action === "subscribed"), "acknowledged");
    expect(missed(contoso)).toContainEqual(raised("missed-before-the-flood"));
    expect(contoso.messages.at(-1)).toEqual({ service: "alarms", action: "subscribed", data: {} });
    // The samples' own history is past what is kept: their page refetches instead.
    contoso.socket.send(JSON.stringify({ service: "telemetry", action: "subscribe", since: renderedAt }));
    await until(() => contoso.messages.some((m) => m.service === "telemetry" && m.action === "subscribed"), "acknowledged");
    expect(contoso.messages.at(-1)).toEqual({ service: "telemetry", action: "subscribed", data: { resync: true } });
    contoso.socket.close();
  });

  it("tells a page rendered before the server could know what was published since to resync; refuses a bad time", async () => {
    const contoso = await welcomed(CONTOSO_ADMIN);
    contoso.socket.send(JSON.stringify({ service: "alarms", action: "subscribe", since: 0 }));
    await until(() => contoso.messages.length === 1, "acknowledged");
    expect(contoso.messages[0]).toEqual({ service: "alarms", action: "subscribed", data: { resync: true } });
    for (const since of [-1, 1.5, "yesterday"]) contoso.socket.send(JSON.stringify({ service: "alarms", action: "subscribe", since }));
    await until(() => contoso.messages.length === 4, "answered");
    expect(contoso.messages.slice(1).map((m) => m.action)).toEqual(["error", "error", "error"]);
    contoso.socket.close();
  });
});

describe("/ws after sign-out", () => {
  it("closes the sockets of a session that ended, and only those", async () => {
    const { revokeSession } = await import("@/server/auth/sessions");
    const login = await call("POST", "/auth/login", { body: { email: INITECH_ADMIN, password: (await import("./helpers")).DEMO_PASSWORD } });
    const token = login.headers.getSetCookie().find((c: string) => c.startsWith("maia_session="))!.split(";")[0].split("=")[1];
    const leaving = await connect(`maia_session=${token}`);
    const staying = await connect(await signIn(CONTOSO_ADMIN));
    await until(() => leaving.messages.length === 1 && staying.messages.length === 1);
    let code = 0;
    leaving.socket.on("close", (closeCode) => (code = closeCode));

    expect(await hub.revalidateSessions()).toBe(0);
    await revokeSession(await getDb(), token);
    expect(await hub.revalidateSessions()).toBe(1);
    await until(() => code === 4401, "closed with the session-ended code");
    expect(staying.socket.readyState).toBe(WebSocket.OPEN);
    staying.socket.close();
  });

  it("leaves alone a socket that connected while the sessions were being checked", async () => {
    // The check's database is held until the newcomer is in. It was closed as "session ended" (its session was not
    // among those asked about), and its page then signed out, revoking a session that had never ended (seen in e2e).
    let hold: Promise<void> | undefined;
    const slowHub = new RealtimeHub(async () => {
      const waiting = hold;
      hold = undefined;
      await waiting;
      return getDb();
    });
    const slowServer = http.createServer();
    slowServer.on("upgrade", (request, socket, head) => void slowHub.handleUpgrade(request, socket, head));
    await new Promise<void>((resolve) => slowServer.listen(0, "127.0.0.1", resolve));
    const slowUrl = `ws://127.0.0.1:${(slowServer.address() as AddressInfo).port}/ws`;
    const open = (cookie: string) => connect(cookie, slowUrl);
    try {
      const first = await open(await signIn(CONTOSO_ADMIN));
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      const checking = slowHub.revalidateSessions();
      const newcomer = await open(await signIn(NW_ADMIN));
      await until(() => newcomer.messages.length === 1, "the newcomer is welcomed");
      let code = 0;
      newcomer.socket.on("close", (closeCode) => (code = closeCode));
      release();
      expect(await checking).toBe(0);
      // The hub still serves the newcomer after the check: a subscription is acknowledged, behind any close it sent.
      newcomer.socket.send(JSON.stringify({ service: "alarms", action: "subscribe", data: {} }));
      await until(() => newcomer.messages.some((m) => m.action === "subscribed") || code !== 0, "the newcomer is answered");
      expect(code).toBe(0);
      expect(newcomer.socket.readyState).toBe(WebSocket.OPEN);
      expect(first.socket.readyState).toBe(WebSocket.OPEN);
      first.socket.close();
      newcomer.socket.close();
    } finally {
      await slowHub.close();
      await new Promise((resolve) => slowServer.close(resolve));
    }
  });
});
