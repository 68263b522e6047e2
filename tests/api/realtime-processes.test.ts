import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { getDb } from "@/server/db/client";
import { fitForNotify, NOTIFY_CHANNEL, placeOf, type RealtimeMessage } from "@/server/realtime/bus";
import { DEMO_PASSWORD, organizationId } from "./helpers";
import { CONTOSO_ADMIN, INITECH_ADMIN, insertAlarm, NW_ADMIN } from "./operations-fixtures";

// Scale-out (ARCHITECTURE): two console processes on one PostgreSQL share nothing but the database. A change made
// through one reaches the websocket clients of the other through LISTEN/NOTIFY — to the allowed users only.
// PostgreSQL only: the CI pass with TEST_DATABASE_URL runs it (PGlite is one process by design).

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const children: ChildProcess[] = [];

async function startConsoleProcess(): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-off.mjs", "tests/api/processes/console-process.ts"], {
    env: { ...process.env, DATABASE_URL: process.env.TEST_FILE_DATABASE_URL },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const lines = readline.createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([once(lines, "line"), once(child, "exit").then(() => ["exit"])])) as string[];
  if (line === "exit") throw new Error("the console process exited before listening");
  return `127.0.0.1:${JSON.parse(line).port}`;
}

async function signInThrough(host: string, email: string): Promise<string> {
  const response = await fetch(`http://${host}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("maia_session="))!.split(";")[0];
}

async function subscribe(host: string, cookie: string, services: string[]) {
  const socket = new WebSocket(`ws://${host}/ws`, { headers: { cookie } });
  const messages: { service: string; action: string; data: Record<string, unknown> }[] = [];
  socket.on("message", (raw) => messages.push(JSON.parse(String(raw))));
  await once(socket, "open");
  for (const service of services) socket.send(JSON.stringify({ service, action: "subscribe", data: {} }));
  await until(() => messages.filter((m) => m.action === "subscribed").length === services.length);
  messages.length = 0;
  return { socket, messages };
}

const until = (check: () => boolean, what = "condition") => vi.waitFor(() => expect(check(), what).toBe(true), { timeout: 5_000, interval: 10 });

describe.skipIf(!postgres)("two console processes on one PostgreSQL", () => {
  let first: string;
  let second: string;

  beforeAll(async () => {
    [first, second] = await Promise.all([startConsoleProcess(), startConsoleProcess()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => (child.exitCode === null ? (child.kill("SIGTERM"), once(child, "exit")) : undefined)));
  });

  it("a change made through one process reaches the allowed websocket clients of the other", async () => {
    const alarm = await insertAlarm("Contoso");
    const contosoOnSecond = await subscribe(second, await signInThrough(second, CONTOSO_ADMIN), ["alarms", "events"]);
    const northwindOnFirst = await subscribe(first, await signInThrough(first, NW_ADMIN), ["alarms"]);
    const initechOnSecond = await subscribe(second, await signInThrough(second, INITECH_ADMIN), ["alarms", "events"]);

    // The acknowledgement goes through the first process's API.
    const response = await fetch(`http://${first}/api/v1/alarm/acknowledge`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: await signInThrough(first, CONTOSO_ADMIN) },
      body: JSON.stringify({ alarmIds: [alarm.id] }),
    });
    expect(response.status).toBe(200);

    await until(() => contosoOnSecond.messages.length === 2, "the other process's Contoso client hears it");
    expect(contosoOnSecond.messages).toEqual(
      expect.arrayContaining([
        { service: "alarms", action: "acknowledged", data: { entityType: "alarm", entityId: alarm.id } },
        { service: "events", action: "created", data: { type: "alarm.acknowledged", entityType: "alarm", entityId: alarm.id } },
      ]),
    );
    // Delivered once per process, not once per process that published: the same process hears it exactly once too.
    await until(() => northwindOnFirst.messages.length === 1, "the MSP on the first process hears it once");
    // One more notification, committed after the acknowledgement's, which every client hears: PostgreSQL delivers
    // notifications in commit order, so what the acknowledgement sent has reached every client once it arrives.
    // One per organization: Contoso's reaches Contoso and Northwind, Initech's reaches Initech.
    for (const name of ["Contoso", "Initech"]) {
      const last = { service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "last" } } as const;
      const organization = await placeOf(await getDb(), await organizationId(name));
      await (await getDb()).execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${fitForNotify({ ...last, organization } as RealtimeMessage)})`);
    }
    const clients = [contosoOnSecond, northwindOnFirst, initechOnSecond];
    for (const client of clients) {
      await until(() => client.messages.some((m) => m.data.entityId === "last"), "the last notification arrived");
      client.messages.splice(client.messages.findIndex((m) => m.data.entityId === "last"), 1);
    }
    expect(northwindOnFirst.messages).toHaveLength(1);
    expect(contosoOnSecond.messages).toHaveLength(2);
    expect(initechOnSecond.messages).toEqual([]);
    for (const client of [contosoOnSecond, northwindOnFirst, initechOnSecond]) client.socket.close();
  });
});
