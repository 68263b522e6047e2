import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deviceSilentMessage, linkDownMessage, slaBadMessage } from "@/lib/alarms/message";
import { getDb } from "@/server/db/client";
import { alarms, users } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import { CONTOSO_ADMIN, CONTOSO_READONLY, eventsOf, INITECH_ADMIN, insertAlarm, NW_ADMIN, NW_READONLY, OPERATOR } from "./operations-fixtures";

// Alarms (SPEC §3–§4): the alarms of the organizations the caller may see, acknowledged ones hidden by default;
// bulk acknowledge and unacknowledge, all or nothing. Alarms are raised by the monitoring side: inserted directly.

type AlarmBody = {
  id: string;
  organizationId: string;
  message: string;
  severity: string;
  type: string;
  source: string;
  raisedAt: string;
  clearedAt: string | null;
  acknowledged: boolean;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  note: string | null;
};

async function walk(email: string, query = "", limit = 50, language?: string): Promise<AlarmBody[]> {
  const cookie = await signIn(email);
  const all: AlarmBody[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const response = await call("GET", `/alarm?limit=${limit}${query ? `&${query}` : ""}${cursor ? `&cursor=${cursor}` : ""}`, { cookie, language });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    all.push(...response.body.items);
    cursor = response.body.nextCursor;
    if (!cursor) return all;
  }
  throw new Error("too many pages");
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

const acknowledge = async (body: unknown, email = CONTOSO_ADMIN, language?: string) =>
  call("POST", "/alarm/acknowledge", { cookie: await signIn(email), body, language });
const unacknowledge = async (body: unknown, email = CONTOSO_ADMIN, language?: string) =>
  call("POST", "/alarm/unacknowledge", { cookie: await signIn(email), body, language });

async function stored(alarmIds: string[]) {
  const db = await getDb();
  return db.select().from(alarms).where(inArray(alarms.id, alarmIds)).orderBy(alarms.id);
}

let contoso: string;
let initech: string;
let northwind: string;
let contosoOpen: Awaited<ReturnType<typeof insertAlarm>>;
let contosoAcked: Awaited<ReturnType<typeof insertAlarm>>;
let contosoMinor: Awaited<ReturnType<typeof insertAlarm>>;
let initechOpen: Awaited<ReturnType<typeof insertAlarm>>;
let northwindOpen: Awaited<ReturnType<typeof insertAlarm>>;

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  initech = await organizationId("Initech");
  northwind = await organizationId("Northwind Networks");
  const [nora] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, NW_ADMIN));
  contosoOpen = await insertAlarm("Contoso", { message: "Path Lyon ⇄ Paris SLA is bad", raisedAt: new Date("2026-02-01T10:00:00Z") });
  contosoAcked = await insertAlarm("Contoso", {
    severity: "warning",
    raisedAt: new Date("2026-02-01T09:00:00Z"),
    acknowledgedBy: nora.id,
    acknowledgedAt: new Date("2026-02-01T09:30:00Z"),
    note: "Maintenance",
  });
  contosoMinor = await insertAlarm("Contoso", { severity: "minor", type: "port-down", raisedAt: new Date("2026-02-01T08:00:00Z"), clearedAt: new Date("2026-02-01T08:20:00Z") });
  initechOpen = await insertAlarm("Initech", { raisedAt: new Date("2026-02-01T11:00:00Z") });
  northwindOpen = await insertAlarm("Northwind Networks", { type: "device-unreachable", severity: "critical" });
});

describe("GET /alarm", () => {
  it("hides acknowledged alarms by default, latest first, with the SPEC §3 fields", async () => {
    const items = await walk(CONTOSO_ADMIN);
    expect(ids(items)).toEqual(expect.arrayContaining([contosoOpen.id, contosoMinor.id]));
    expect(ids(items)).not.toContain(contosoAcked.id);
    expect(items.findIndex((alarm) => alarm.id === contosoOpen.id)).toBeLessThan(items.findIndex((alarm) => alarm.id === contosoMinor.id));
    expect(items.find((alarm) => alarm.id === contosoOpen.id)).toEqual({
      id: contosoOpen.id,
      organizationId: contoso,
      message: "Path Lyon ⇄ Paris SLA is bad",
      severity: "major",
      type: "sla-bad",
      source: "test",
      raisedAt: "2026-02-01T10:00:00.000Z",
      clearedAt: null,
      clearedReason: null,
      acknowledged: false,
      acknowledgedBy: null,
      acknowledgedAt: null,
      note: null,
    });
    expect(items.find((alarm) => alarm.id === contosoMinor.id)?.clearedAt).toBe("2026-02-01T08:20:00.000Z");
  });

  it("shows acknowledged alarms when asked, with who acknowledged them and the note", async () => {
    const acknowledged = await walk(CONTOSO_READONLY, "acknowledged=true");
    expect(ids(acknowledged)).toContain(contosoAcked.id);
    expect(acknowledged.every((alarm) => alarm.acknowledged)).toBe(true);
    expect(acknowledged.find((alarm) => alarm.id === contosoAcked.id)).toMatchObject({
      acknowledgedBy: "Nora Walsh",
      acknowledgedAt: "2026-02-01T09:30:00.000Z",
      note: "Maintenance",
    });
    const all = await walk(CONTOSO_READONLY, "acknowledged=all");
    expect(ids(all)).toEqual(expect.arrayContaining([contosoOpen.id, contosoAcked.id, contosoMinor.id]));
  });

  it("filters by severity and type, and refuses unknown values", async () => {
    expect(ids(await walk(CONTOSO_ADMIN, "severity=minor"))).toEqual([contosoMinor.id]);
    expect(ids(await walk(CONTOSO_ADMIN, "type=port-down"))).toEqual([contosoMinor.id]);
    expect(ids(await walk(CONTOSO_ADMIN, "acknowledged=all&severity=warning&type=sla-bad"))).toEqual([contosoAcked.id]);
    const cookie = await signIn(CONTOSO_ADMIN);
    const severity = await call("GET", "/alarm?severity=fatal", { cookie });
    expect(severity.status).toBe(400);
    expect(severity.body.error).toBe("Severity must be one of critical, major, minor or warning");
    const acknowledged = await call("GET", "/alarm?acknowledged=maybe", { cookie, language: "fr" });
    expect(acknowledged.status).toBe(400);
    expect(acknowledged.body.error).toBe("Acquittée doit valoir true, false ou all");
    expect((await call("GET", "/alarm?type=fire", { cookie })).body.error).toBe(
      "Type must be one of sla-bad, port-down, link-down, device-unreachable or rollout-halted",
    );
  });

  it("never lists another tenant's alarms: Contoso's are invisible to Initech", async () => {
    const initechItems = await walk(INITECH_ADMIN, "acknowledged=all");
    expect(ids(initechItems)).toEqual([initechOpen.id]);
    const contosoItems = await walk(CONTOSO_ADMIN, "acknowledged=all");
    expect(contosoItems.every((alarm) => alarm.organizationId === contoso)).toBe(true);
    const msp = await walk(NW_READONLY, "acknowledged=all");
    expect(ids(msp)).toEqual(expect.arrayContaining([contosoOpen.id, northwindOpen.id]));
    expect(ids(msp)).not.toContain(initechOpen.id);
    expect(new Set((await walk(OPERATOR, "acknowledged=all")).map((alarm) => alarm.organizationId))).toEqual(new Set([contoso, initech, northwind]));
  });

  it("answers 401 without a session", async () => {
    expect((await call("GET", "/alarm")).status).toBe(401);
  });

  it("pages latest first without skipping or repeating, alarms raised at the same microsecond included", async () => {
    const db = await getDb();
    // One statement: every row gets the same now(), with microseconds a JavaScript Date does not hold.
    await db.insert(alarms).values(
      Array.from({ length: 6 }, (_, i) => ({ organizationId: initech, message: `Tie ${i}`, severity: "minor" as const, type: "link-down" as const, source: "tie", subject: `tie:${i}` })),
    );
    const all = await walk(INITECH_ADMIN, "acknowledged=all");
    const paged = await walk(INITECH_ADMIN, "acknowledged=all", 2);
    expect(ids(paged)).toEqual(ids(all));
    expect(new Set(ids(paged)).size).toBe(7);
    const times = paged.map((alarm) => Date.parse(alarm.raisedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe("GET /alarm?organizationId= (the console of one organization)", () => {
  const organizationsOf = (items: AlarmBody[]) => new Set(items.map((alarm) => alarm.organizationId));

  it("lists one console's alarms: a customer's, or an MSP's with its customers' — what that organization's users see", async () => {
    const customer = await walk(NW_READONLY, `acknowledged=all&organizationId=${contoso}`);
    expect(ids(customer)).toEqual(expect.arrayContaining([contosoOpen.id, contosoAcked.id, contosoMinor.id]));
    expect(organizationsOf(customer)).toEqual(new Set([contoso]));
    // Without it, the MSP sees itself and its customers; the operator inside the MSP's console sees the same.
    const mspOwn = await walk(NW_READONLY, "acknowledged=all");
    expect(organizationsOf(mspOwn)).toEqual(new Set([contoso, northwind]));
    expect(ids(mspOwn)).toContain(northwindOpen.id);
    expect(ids(await walk(NW_READONLY, `acknowledged=all&organizationId=${northwind}`))).toEqual(ids(mspOwn));
    expect(ids(await walk(OPERATOR, `acknowledged=all&organizationId=${northwind}`))).toEqual(ids(mspOwn));
  });

  it("gives the operator any one organization", async () => {
    const items = await walk(OPERATOR, `acknowledged=all&organizationId=${initech}`);
    expect(ids(items)).toContain(initechOpen.id);
    expect(organizationsOf(items)).toEqual(new Set([initech]));
  });

  it("answers an empty list, not its alarms, for an organization the caller cannot see or that does not exist", async () => {
    for (const [email, other] of [
      [NW_READONLY, initech],
      [CONTOSO_ADMIN, initech],
      [INITECH_ADMIN, contoso],
      [CONTOSO_ADMIN, northwind],
      [OPERATOR, "no-such-organization"],
    ]) {
      const response = await call("GET", `/alarm?acknowledged=all&organizationId=${other}`, { cookie: await signIn(email) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ items: [], nextCursor: null });
    }
  });

  it("combines with the other filters and pages within the organization", async () => {
    const scoped = `organizationId=${contoso}`;
    expect(ids(await walk(NW_READONLY, `${scoped}&acknowledged=all&severity=warning`))).toEqual([contosoAcked.id]);
    expect(ids(await walk(NW_READONLY, `${scoped}&type=port-down&state=cleared`))).toEqual([contosoMinor.id]);
    expect(ids(await walk(NW_READONLY, `${scoped}&state=active`))).toEqual([contosoOpen.id]);
    // The MSP's console holds its customers' alarms too.
    expect(ids(await walk(NW_READONLY, `organizationId=${northwind}&type=port-down`))).toEqual([contosoMinor.id]);
    expect(ids(await walk(NW_READONLY, `${scoped}&acknowledged=all`, 1))).toEqual(ids(await walk(NW_READONLY, `${scoped}&acknowledged=all`)));
  });

  it("treats an empty organizationId as none, and refuses one that cannot be an id", async () => {
    expect(ids(await walk(NW_READONLY, "acknowledged=all&organizationId="))).toEqual(ids(await walk(NW_READONLY, "acknowledged=all")));
    const cookie = await signIn(NW_READONLY);
    const tooLong = await call("GET", `/alarm?organizationId=${"x".repeat(65)}`, { cookie });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe("Organization must be an organization ID of at most 64 characters");
    const twice = await call("GET", `/alarm?organizationId=${contoso}&organizationId=${initech}`, { cookie, language: "fr" });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe("L’organisation doit être un identifiant d’organisation de 64 caractères au plus");
  });
});

describe("POST /alarm/acknowledge and /alarm/unacknowledge", () => {
  it("acknowledges alarms in bulk (by the caller, now, with the note), then unacknowledges them, with events", async () => {
    const a = await insertAlarm("Contoso");
    const b = await insertAlarm("Contoso");
    const before = Date.now();
    const response = await acknowledge({ alarmIds: [a.id, b.id], note: "  Carrier ticket 4711  " });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toHaveLength(2);
    for (const alarm of response.body as AlarmBody[]) {
      expect(alarm).toMatchObject({ acknowledged: true, acknowledgedBy: "Carla Diaz", note: "Carrier ticket 4711" });
      expect(Date.parse(alarm.acknowledgedAt!)).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(ids(await walk(CONTOSO_ADMIN))).not.toContain(a.id);
    expect(ids(await walk(CONTOSO_ADMIN, "acknowledged=true"))).toEqual(expect.arrayContaining([a.id, b.id]));
    const [acknowledged] = await eventsOf(a.id);
    expect(acknowledged).toMatchObject({
      organizationId: contoso,
      type: "alarm.acknowledged",
      source: CONTOSO_ADMIN,
      before: { acknowledged: false, acknowledgedBy: null, note: null },
      after: { acknowledged: true, acknowledgedBy: "Carla Diaz", note: "Carrier ticket 4711" },
    });

    const back = await unacknowledge({ alarmIds: [a.id, b.id] });
    expect(back.status).toBe(200);
    expect((back.body as AlarmBody[]).every((alarm) => !alarm.acknowledged && alarm.acknowledgedBy === null && alarm.note === null)).toBe(true);
    expect(ids(await walk(CONTOSO_ADMIN))).toEqual(expect.arrayContaining([a.id, b.id]));
    const events = await eventsOf(b.id);
    expect(events.map((event) => event.type)).toEqual(["alarm.acknowledged", "alarm.unacknowledged"]);
    expect(events[1]).toMatchObject({ before: { acknowledged: true, acknowledgedBy: "Carla Diaz" }, after: { acknowledged: false, acknowledgedAt: null } });
  });

  it("answers stored catalogue messages in the reader's language on every route, plain text as stored", async () => {
    const sla = slaBadMessage("Lyon ⇄ Paris", [
      { metric: "latencyMs", value: 1234.4, limit: 100 },
      { metric: "lossPercent", value: 6.25, limit: 5 },
    ]);
    const silent = await insertAlarm("Contoso", { type: "device-unreachable", message: deviceSilentMessage("MX-C100-0001", "par-edge-1", 1) });
    const bad = await insertAlarm("Contoso", { message: sla });
    const link = await insertAlarm("Contoso", { type: "link-down", message: linkDownMessage("par-edge-1 ⇄ lyo-core") });
    const english: Record<string, string> = {
      [silent.id]: "Device MX-C100-0001 on par-edge-1 has not reported for 1 minute",
      [bad.id]: "Path Lyon ⇄ Paris: latency 1,234 ms above 100 ms, loss 6.3 % above 5 %",
      [link.id]: "Link par-edge-1 ⇄ lyo-core is down",
      [contosoOpen.id]: "Path Lyon ⇄ Paris SLA is bad",
    };
    const french: Record<string, string> = {
      [silent.id]: "L’équipement MX-C100-0001 sur par-edge-1 n’a rien envoyé depuis 1 minute",
      [bad.id]: "Chemin Lyon ⇄ Paris : latence de 1\u202f234 ms au-dessus de 100 ms, perte de 6,3 % au-dessus de 5 %",
      [link.id]: "Lien par-edge-1 ⇄ lyo-core hors service",
      [contosoOpen.id]: "Path Lyon ⇄ Paris SLA is bad",
    };
    const messagesOf = (items: AlarmBody[], wanted: string[]) =>
      Object.fromEntries(items.filter((alarm) => wanted.includes(alarm.id)).map((alarm) => [alarm.id, alarm.message]));
    const wanted = Object.keys(english);
    expect(messagesOf(await walk(CONTOSO_ADMIN, "", 50, "en"), wanted)).toEqual(english);
    expect(messagesOf(await walk(CONTOSO_ADMIN, "", 50, "fr"), wanted)).toEqual(french);

    const mine = [silent.id, bad.id, link.id];
    const acknowledged = await acknowledge({ alarmIds: mine }, CONTOSO_ADMIN, "fr");
    expect(acknowledged.status).toBe(200);
    expect(messagesOf(acknowledged.body, mine)).toEqual(Object.fromEntries(mine.map((id) => [id, french[id]])));
    const back = await unacknowledge({ alarmIds: mine }, CONTOSO_ADMIN, "en");
    expect(back.status).toBe(200);
    expect(messagesOf(back.body, mine)).toEqual(Object.fromEntries(mine.map((id) => [id, english[id]])));
    // The stored row and the event snapshots keep the message language-neutral.
    expect((await stored([bad.id]))[0].message).toBe(sla);
    expect((await eventsOf(bad.id)).map((event) => (event.after as AlarmBody).message)).toEqual([sla, sla]);
  });

  it("leaves alarms already in the wanted state as they are", async () => {
    const response = await acknowledge({ alarmIds: [contosoAcked.id], note: "Overwrite?" }, CONTOSO_ADMIN);
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({ acknowledgedBy: "Nora Walsh", note: "Maintenance" });
    expect(await eventsOf(contosoAcked.id)).toHaveLength(0);
    const open = await insertAlarm("Contoso");
    expect((await unacknowledge({ alarmIds: [open.id] })).status).toBe(200);
    expect(await eventsOf(open.id)).toHaveLength(0);
  });

  it("reports another tenant's alarm as not found and touches nothing (all or nothing)", async () => {
    const own = await insertAlarm("Initech");
    const response = await acknowledge({ alarmIds: [own.id, contosoOpen.id] }, INITECH_ADMIN);
    const missing = await acknowledge({ alarmIds: [own.id, "00000000-0000-4000-8000-000000000000"] }, INITECH_ADMIN);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(missing.body.error);
    expect(JSON.stringify(response.body)).not.toContain(contosoOpen.id);
    const rows = await stored([own.id, contosoOpen.id]);
    expect(rows.every((row) => row.acknowledgedAt === null)).toBe(true);
    expect(await eventsOf(own.id)).toHaveLength(0);
    const undo = await unacknowledge({ alarmIds: [contosoAcked.id] }, INITECH_ADMIN);
    expect(undo.status).toBe(404);
    expect((await stored([contosoAcked.id]))[0].acknowledgedAt).not.toBeNull();
  });

  it("lets an MSP acknowledge its customers' alarms", async () => {
    const alarm = await insertAlarm("Fabrikam");
    const response = await acknowledge({ alarmIds: [alarm.id] }, NW_ADMIN);
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({ acknowledgedBy: "Nora Walsh", note: null });
  });

  it.each([CONTOSO_READONLY, NW_READONLY])("needs common:config:write: %s gets 403", async (email) => {
    expect((await acknowledge({ alarmIds: [contosoOpen.id] }, email)).status).toBe(403);
    expect((await unacknowledge({ alarmIds: [contosoAcked.id] }, email)).status).toBe(403);
    expect((await stored([contosoOpen.id]))[0].acknowledgedAt).toBeNull();
  });

  it.each([
    [{}, "alarmIds", "Select at least one alarm"],
    [{ alarmIds: [] }, "alarmIds", "Select at least one alarm"],
    [{ alarmIds: "abc" }, "alarmIds", "Select at least one alarm"],
    [{ alarmIds: [""] }, "alarmIds.0", "Select at least one alarm"],
    [{ alarmIds: Array.from({ length: 501 }, (_, i) => `a${i}`) }, "alarmIds", "Select at most 500 alarms"],
    [{ alarmIds: ["a"], note: "x".repeat(501) }, "note", "Note must be at most 500 characters"],
    [{ alarmIds: ["a"], comment: "x" }, "", "Unknown field: comment"],
  ])("validates acknowledge %# → %s: %s", async (body, path, message) => {
    const response = await acknowledge(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0].path).toBe(path);
  });

  it("answers the messages in French, and validates unacknowledge too", async () => {
    expect((await acknowledge({ alarmIds: [] }, CONTOSO_ADMIN, "fr")).body.error).toBe("Sélectionnez au moins une alarme");
    expect((await acknowledge({ alarmIds: ["a"], note: "x".repeat(501) }, CONTOSO_ADMIN, "fr")).body.error).toBe("La note doit comporter au plus 500 caractères");
    const response = await unacknowledge({ alarmIds: [], note: "no" });
    expect(response.status).toBe(400);
  });
});

// Last: the alarms it inserts are counted by no other test.
describe("GET /alarm?search=", () => {
  it("searches the name of what an alarm is about, the names and figures of its message and its type, in any case", async () => {
    const zurich = await insertAlarm("Contoso", { source: "Zurich ⇄ Oslo", message: slaBadMessage("Zurich ⇄ Oslo", [{ metric: "latencyMs", value: 131.6, limit: 100 }]) });
    const port = await insertAlarm("Contoso", { source: "qx-edge-zrh-01", type: "port-down", message: "Port xe-0/0/7 down on qx-edge-zrh-01" });
    const initechZurich = await insertAlarm("Initech", { source: "Zurich ⇄ Bern", message: "Path Zurich ⇄ Bern SLA is bad" });
    // The object's name, in another case, and the figures of a catalogue message (not its key).
    expect(ids(await walk(CONTOSO_ADMIN, `search=${encodeURIComponent("zurich ⇄")}`))).toEqual([zurich.id]);
    expect(ids(await walk(CONTOSO_ADMIN, "search=132"))).toEqual([zurich.id]);
    expect(ids(await walk(CONTOSO_ADMIN, "search=slaBad"))).toEqual([]);
    expect(ids(await walk(CONTOSO_ADMIN, `search=${encodeURIComponent("XE-0/0/7")}`))).toEqual([port.id]);
    // The type by its name, in English or French; combined with the other filters.
    expect(ids(await walk(CONTOSO_ADMIN, `search=${encodeURIComponent("port down")}`))).toEqual(expect.arrayContaining([port.id, contosoMinor.id]));
    expect(ids(await walk(CONTOSO_ADMIN, `search=${encodeURIComponent("port down")}&state=active`))).not.toContain(contosoMinor.id);
    // Like characters are text, and another tenant's alarms never match.
    expect(ids(await walk(CONTOSO_ADMIN, "search=%25"))).toEqual([]);
    expect(ids(await walk(CONTOSO_ADMIN, "search=Zurich"))).not.toContain(initechZurich.id);
    const cookie = await signIn(CONTOSO_ADMIN);
    const long = await call("GET", `/alarm?search=${"x".repeat(101)}`, { cookie, language: "fr" });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("La recherche doit comporter au plus 100 caractères");
    // The other tests count the alarms they inserted.
    await (await getDb()).delete(alarms).where(inArray(alarms.id, [zurich.id, port.id, initechZurich.id]));
  });
});
