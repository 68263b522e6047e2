import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { portDownMessage, slaBadMessage } from "@/lib/alarms/message";
import { applyAlarmConditions, type AlarmCondition } from "@/server/alarms/engine";
import { getDb, type Db } from "@/server/db/client";
import { alarms } from "@/server/db/schema";
import { getBus, type RealtimeMessage } from "@/server/realtime/bus";
import { call, organizationId, signIn } from "./helpers";
import { CONTOSO_ADMIN, CONTOSO_READONLY, eventsOf, INITECH_ADMIN, unique } from "./operations-fixtures";

// The alarm engine (issue 5 item 6): conditions from telemetry and device state raise, update and clear alarms,
// never duplicating an open one (also when several calls race), keeping acknowledgements until the alarm clears.

let contoso: string;
let initech: string;

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  initech = await organizationId("Initech");
});

// Messages are stored as catalogue keys with values; the engine compares them as text.
const lossMessage = (loss: number) => slaBadMessage("Lyon ⇄ Paris", [{ metric: "lossPercent", value: loss, limit: 5 }]);

function condition(values: Partial<AlarmCondition> = {}): AlarmCondition {
  return {
    organizationId: contoso,
    type: "sla-bad",
    subject: `path:${unique("p").toLowerCase()}`,
    active: true,
    severity: "major",
    message: lossMessage(6.2),
    source: "telemetry",
    nodeId: null,
    ...values,
  };
}

async function openAlarms(subject: string, type: AlarmCondition["type"] = "sla-bad") {
  const db = await getDb();
  return db
    .select()
    .from(alarms)
    .where(and(eq(alarms.subject, subject), eq(alarms.type, type), isNull(alarms.clearedAt)));
}

async function allAlarms(subject: string) {
  const db = await getDb();
  return db.select().from(alarms).where(eq(alarms.subject, subject)).orderBy(alarms.raisedAt, alarms.id);
}

async function listed(email: string, query: string, language = "en"): Promise<any[]> {
  const response = await call("GET", `/alarm?limit=200&${query}`, { cookie: await signIn(email), language });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}

/** The database with its statements counted: what the engine reads and writes on a call. */
function counting(db: Db) {
  const counts = { select: 0, insert: 0, update: 0, transaction: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value === "function" && property in counts) {
        return (...args: unknown[]) => {
          counts[property as keyof typeof counts]++;
          return value.apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy, counts };
}

describe("applyAlarmConditions", () => {
  it("raises, updates and clears an alarm, each with an event and what the API shows before and after", async () => {
    const db = await getDb();
    const node = `node-${unique("n").toLowerCase()}`;
    const raised = condition({ nodeId: node });
    await applyAlarmConditions(db, [raised]);
    const [alarm] = await openAlarms(raised.subject);
    expect(alarm).toMatchObject({ organizationId: contoso, severity: "major", type: "sla-bad", source: "telemetry", message: raised.message });

    const shown = (await listed(CONTOSO_READONLY, "state=active")).find((item) => item.id === alarm.id);
    expect(shown).toMatchObject({ severity: "major", clearedAt: null, acknowledged: false, message: "Path Lyon ⇄ Paris: loss 6.2 % above 5 %" });
    const enFrancais = (await listed(CONTOSO_READONLY, "state=active", "fr")).find((item) => item.id === alarm.id);
    expect(enFrancais.message).toBe("Chemin Lyon ⇄ Paris : perte de 6,2 % au-dessus de 5 %");

    // The same figures encoded again are the same message: nothing to update.
    await applyAlarmConditions(db, [{ ...raised, message: lossMessage(6.2) }]);
    expect(await eventsOf(alarm.id)).toHaveLength(1);
    await applyAlarmConditions(db, [{ ...raised, severity: "critical", message: lossMessage(9) }]);
    await applyAlarmConditions(db, [{ ...raised, active: false }]);
    const [cleared] = await allAlarms(raised.subject);
    expect(cleared.id).toBe(alarm.id);
    expect(cleared.clearedAt).not.toBeNull();
    expect(cleared).toMatchObject({ severity: "critical", message: lossMessage(9) });

    const events = await eventsOf(alarm.id);
    expect(events.map((event) => event.type)).toEqual(["alarm.raised", "alarm.updated", "alarm.cleared"]);
    expect(events.every((event) => event.source === "alarm-engine" && event.entityType === "alarm" && event.nodeId === node)).toBe(true);
    expect(events.every((event) => event.organizationId === contoso && event.actorUserId === null)).toBe(true);
    expect(events[0].before).toBeNull();
    // Snapshots keep the stored, language-neutral message (the events page translates it).
    expect(events[0].after).toEqual({ ...shown, message: lossMessage(6.2), raisedAt: alarm.raisedAt.toISOString() });
    expect(events[1]).toMatchObject({
      before: { severity: "major", clearedAt: null, message: lossMessage(6.2) },
      after: { severity: "critical", clearedAt: null, message: lossMessage(9) },
    });
    expect(events[2]).toMatchObject({ before: { clearedAt: null }, after: { severity: "critical", clearedAt: cleared.clearedAt!.toISOString() } });
  });

  it("writes nothing when nothing changed: one read for hundreds of conditions, no transaction", async () => {
    const db = await getDb();
    const lasting = condition();
    await applyAlarmConditions(db, [lasting]);
    const [alarm] = await openAlarms(lasting.subject);
    const quiet = Array.from({ length: 400 }, (_, i) => condition({ subject: `port:${unique("q")}:${i}`, type: "port-down", active: false }));
    const { db: counted, counts } = counting(db);
    const started = performance.now();
    await applyAlarmConditions(counted, [...quiet, lasting]);
    const elapsed = performance.now() - started;
    expect(counts).toEqual({ select: 1, insert: 0, update: 0, transaction: 0 });
    expect(await eventsOf(alarm.id)).toHaveLength(1);
    expect(elapsed).toBeLessThan(2_000);
    expect(await openAlarms(lasting.subject)).toHaveLength(1);
  });

  it("keeps the acknowledgement through updates until the alarm clears; a later raise is a new, unacknowledged alarm", async () => {
    const db = await getDb();
    const flapping = condition({ type: "port-down", subject: `port:${unique("n")}:ge-0/0/1`, severity: "minor", message: portDownMessage("ge-0/0/1", "par-edge-1") });
    await applyAlarmConditions(db, [flapping]);
    const [first] = await openAlarms(flapping.subject, "port-down");
    const acknowledged = await call("POST", "/alarm/acknowledge", {
      cookie: await signIn(CONTOSO_ADMIN),
      body: { alarmIds: [first.id], note: "Carrier ticket 12" },
      language: "fr",
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body[0].message).toBe("Port ge-0/0/1 de par-edge-1 hors service");

    await applyAlarmConditions(db, [{ ...flapping, severity: "major" }]);
    const [updated] = await openAlarms(flapping.subject, "port-down");
    expect(updated).toMatchObject({ id: first.id, severity: "major", note: "Carrier ticket 12" });
    expect(updated.acknowledgedAt).not.toBeNull();
    expect((await eventsOf(first.id)).at(-1)).toMatchObject({
      type: "alarm.updated",
      before: { acknowledged: true, acknowledgedBy: "Carla Diaz", severity: "minor" },
      after: { acknowledged: true, acknowledgedBy: "Carla Diaz", severity: "major", note: "Carrier ticket 12" },
    });

    await applyAlarmConditions(db, [{ ...flapping, active: false }]);
    await applyAlarmConditions(db, [flapping]);
    const rows = await allAlarms(flapping.subject);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: first.id, note: "Carrier ticket 12" });
    expect(rows[0].clearedAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ clearedAt: null, acknowledgedAt: null, acknowledgedBy: null, note: null, severity: "minor" });
    const active = await listed(CONTOSO_ADMIN, "state=active");
    expect(active.map((item) => item.id)).toContain(rows[1].id);
    expect(active.map((item) => item.id)).not.toContain(first.id);
  });

  it("never duplicates an open alarm when calls race: one raise, one update, one clear", async () => {
    const db = await getDb();
    const racing = condition({ type: "link-down", subject: `link:${unique("l")}`, severity: "critical", message: "Link down" });
    await Promise.all(Array.from({ length: 8 }, () => applyAlarmConditions(db, [racing])));
    const open = await openAlarms(racing.subject, "link-down");
    expect(open).toHaveLength(1);

    await Promise.all(Array.from({ length: 8 }, () => applyAlarmConditions(db, [{ ...racing, message: "Link down since 10:02" }])));
    await Promise.all(Array.from({ length: 8 }, () => applyAlarmConditions(db, [{ ...racing, active: false }])));
    expect(await allAlarms(racing.subject)).toHaveLength(1);
    expect((await eventsOf(open[0].id)).map((event) => event.type)).toEqual(["alarm.raised", "alarm.updated", "alarm.cleared"]);
  });

  it("stays consistent when racing calls carry overlapping batches in different orders", async () => {
    const db = await getDb();
    const batch = Array.from({ length: 12 }, (_, i) => condition({ type: "device-unreachable", subject: `device:${unique("d")}-${i}`, severity: "critical", message: `Device ${i} is unreachable` }));
    const reversed = [...batch].reverse();
    await Promise.all([applyAlarmConditions(db, batch), applyAlarmConditions(db, reversed), applyAlarmConditions(db, batch.slice(3, 9))]);
    for (const item of batch) expect(await openAlarms(item.subject, "device-unreachable")).toHaveLength(1);
    const half = batch.map((item, i) => ({ ...item, active: i % 2 === 0 }));
    await Promise.all([applyAlarmConditions(db, half), applyAlarmConditions(db, [...half].reverse())]);
    for (const [i, item] of batch.entries()) {
      const rows = await allAlarms(item.subject);
      expect(rows).toHaveLength(1);
      expect(rows[0].clearedAt === null).toBe(i % 2 === 0);
      expect((await eventsOf(rows[0].id)).map((event) => event.type)).toEqual(i % 2 === 0 ? ["alarm.raised"] : ["alarm.raised", "alarm.cleared"]);
    }
  });

  it("takes the last of several conditions given for one subject and type", async () => {
    const db = await getDb();
    const item = condition();
    await applyAlarmConditions(db, [item, { ...item, severity: "minor" }, { ...item, active: false }]);
    expect(await allAlarms(item.subject)).toHaveLength(0);
    await applyAlarmConditions(db, [{ ...item, active: false }, { ...item, severity: "warning" }]);
    expect(await openAlarms(item.subject)).toEqual([expect.objectContaining({ severity: "warning" })]);
  });

  it("moves an alarm whose subject changed organization: cleared in the old one, raised in the new one", async () => {
    const db = await getDb();
    const item = condition({ type: "device-unreachable", subject: `device:${unique("d")}`, severity: "critical", message: "Device is unreachable" });
    await applyAlarmConditions(db, [item]);
    const [old] = await openAlarms(item.subject, "device-unreachable");
    await applyAlarmConditions(db, [{ ...item, organizationId: initech }]);
    const rows = await allAlarms(item.subject);
    expect(rows.map((row) => [row.organizationId, row.clearedAt === null])).toEqual([
      [contoso, false],
      [initech, true],
    ]);
    expect((await eventsOf(old.id)).map((event) => [event.type, event.organizationId])).toEqual([
      ["alarm.raised", contoso],
      ["alarm.cleared", contoso],
    ]);
    const initechSees = await listed(INITECH_ADMIN, "acknowledged=all&state=all");
    expect(initechSees.map((alarm) => alarm.id)).toEqual(expect.arrayContaining([rows[1].id]));
    expect(initechSees.map((alarm) => alarm.id)).not.toContain(old.id);
  });

  it("announces each change on the alarms and events services after commit", async () => {
    const db = await getDb();
    const heard: RealtimeMessage[] = [];
    const stop = getBus().subscribe((message) => heard.push(message));
    try {
      const item = condition({ nodeId: "node-announced" });
      await applyAlarmConditions(db, [item]);
      await applyAlarmConditions(db, [{ ...item, active: false }]);
      const [alarm] = await allAlarms(item.subject);
      const mine = () => heard.filter((message) => (message.service === "alarms" || message.service === "events") && message.data.entityId === alarm.id);
      await expect.poll(() => mine().map((message) => `${message.service}.${message.action}`)).toEqual(["events.created", "alarms.raised", "events.created", "alarms.cleared"]);
      expect(mine()[1]).toMatchObject({ data: { entityType: "alarm", nodeId: "node-announced" } });
      expect(mine().every((message) => message.organization.id === contoso)).toBe(true);
    } finally {
      stop();
    }
  });

  it("does nothing for an empty list", async () => {
    const { db, counts } = counting(await getDb());
    await applyAlarmConditions(db, []);
    expect(counts).toEqual({ select: 0, insert: 0, update: 0, transaction: 0 });
  });
});

describe("GET /alarm?state=", () => {
  let active: string;
  let cleared: string;

  beforeAll(async () => {
    const db = await getDb();
    const lasting = condition({ organizationId: initech, subject: `path:${unique("state")}` });
    const over = condition({ organizationId: initech, subject: `path:${unique("state")}` });
    await applyAlarmConditions(db, [lasting, over]);
    await applyAlarmConditions(db, [{ ...over, active: false }]);
    active = (await openAlarms(lasting.subject))[0].id;
    cleared = (await allAlarms(over.subject))[0].id;
  });

  it("shows active and cleared alarms by default (an alarm leaves the default view when acknowledged), or one state", async () => {
    const ids = async (query: string) => (await listed(INITECH_ADMIN, query)).map((alarm) => alarm.id);
    expect(await ids("")).toEqual(expect.arrayContaining([active, cleared]));
    expect(await ids("state=all")).toEqual(expect.arrayContaining([active, cleared]));
    const onlyActive = await listed(INITECH_ADMIN, "state=active");
    expect(onlyActive.map((alarm) => alarm.id)).toContain(active);
    expect(onlyActive.every((alarm) => alarm.clearedAt === null)).toBe(true);
    const onlyCleared = await listed(INITECH_ADMIN, "state=cleared");
    expect(onlyCleared.map((alarm) => alarm.id)).toEqual([cleared]);
    expect(await ids("state=active&acknowledged=true")).toEqual([]);
  });

  it("never shows another tenant's alarms in any state", async () => {
    for (const state of ["active", "cleared", "all"]) {
      const items = await listed(CONTOSO_ADMIN, `state=${state}&acknowledged=all`);
      expect(items.map((alarm) => alarm.id)).not.toContain(active);
      expect(items.map((alarm) => alarm.id)).not.toContain(cleared);
    }
  });

  it("refuses an unknown state with a translated message", async () => {
    const cookie = await signIn(INITECH_ADMIN);
    const english = await call("GET", "/alarm?state=open", { cookie });
    expect(english.status).toBe(400);
    expect(english.body.error).toBe("State must be active, cleared or all");
    const french = await call("GET", "/alarm?state=", { cookie, language: "fr" });
    expect(french.status).toBe(400);
    expect(french.body.error).toBe("L’état doit valoir active, cleared ou all");
  });
});
