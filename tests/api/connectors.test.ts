import { eq, or, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { connectors, events, interfaces, paths } from "@/server/db/schema";
import { decryptSecret } from "@/server/secrets/crypto";
import { call, organizationId, signIn } from "./helpers";
import { assignSwitchPort, createConnector, createSite, eventsOf, FRANKFURT, insertPath, PARIS } from "./site-fixtures";

const CONTOSO_ADMIN = "admin@contoso.example";
const OTHER_TENANTS = ["admin@fabrikam.example", "admin@initech.example", "admin@bluewave.example"];
const KEY = "Tunnel-Key-9f8e7d6c";

const physical = { kind: "physical", name: "Paris fiber A", description: "Port 1", bandwidth: 10_000, customerIp: "10.10.0.2", providerEdgeIp: "10.10.0.1", vlan: 110 };
const ipsec = {
  kind: "ipsec",
  name: "Branch tunnel",
  description: "Over broadband",
  bandwidth: 200,
  localSiteIp: "192.168.50.1",
  publicIp: "198.51.100.24",
  mtu: 1400,
  mss: 1360,
  natTraversal: true,
  deadPeerDetectionDelaySeconds: 10,
  phase1SaLifetimeHours: 8,
  phase2SaLifetimeHours: 1,
  presharedKey: KEY,
};
const external = { kind: "external", name: "AWS hosted connection", bandwidth: 2_000 };
const virtual = { kind: "virtual", name: "Azure ExpressRoute", description: "Virtual cross-connect", bandwidth: 1_000 };
const internet = { kind: "internet", name: "Paris DIA", description: "Internet access", bandwidth: 1_000 };

let contosoSite: { id: string };
let frankfurtSite: { id: string };

beforeAll(async () => {
  contosoSite = await createSite("Contoso", { name: "Paris HQ", location: PARIS, type: "standard" });
  frankfurtSite = await createSite("Contoso", { name: "Frankfurt DC", location: FRANKFURT, type: "standard" });
});

/** Every stored trace of the preshared key: the responses and the events must never hold it. */
async function expectKeyNowhere(...responses: unknown[]) {
  for (const body of responses) expect(JSON.stringify(body)).not.toContain(KEY);
  const db = await getDb();
  const leaks = await db
    .select({ id: events.id })
    .from(events)
    .where(or(sql`${events.before}::text like ${`%${KEY}%`}`, sql`${events.after}::text like ${`%${KEY}%`}`));
  expect(leaks).toEqual([]);
}

describe("POST /config/site/{siteId}/connector", () => {
  it.each([
    ["ipsec", ipsec],
    ["external", external],
    ["virtual", virtual],
    ["internet", internet],
  ])("creates an %s connector in the site's organization and records it", async (_kind, body) => {
    const connector = await createConnector(contosoSite.id, body);
    const { presharedKey: _key, ...fields } = body as typeof ipsec;
    expect(connector).toEqual({
      id: expect.any(String),
      organizationId: await organizationId("Contoso"),
      siteId: contosoSite.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      ...fields,
      ...(body.kind === "ipsec" ? { presharedKeySet: true } : {}),
    });
    const [event] = await eventsOf(connector.id);
    expect(event).toMatchObject({ type: "connector.created", entityType: "connector", before: null, after: connector });
    expect((await call("GET", `/config/connector/${connector.id}`, { cookie: await signIn(CONTOSO_ADMIN) })).body).toEqual(connector);
  });

  it("stores the preshared key encrypted and never returns it", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const created = await call("POST", `/config/site/${contosoSite.id}/connector`, { cookie, body: { ...ipsec, name: "Secret tunnel" } });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty("presharedKey");
    const db = await getDb();
    const [row] = await db.select().from(connectors).where(eq(connectors.id, created.body.id));
    expect(row.presharedKeyEncrypted).not.toContain(KEY);
    expect(await decryptSecret(db, row.presharedKeyEncrypted!)).toBe(KEY);
    const got = await call("GET", `/config/connector/${created.body.id}`, { cookie });
    const list = await call("GET", `/config/site/${contosoSite.id}/connector`, { cookie });
    const patched = await call("PATCH", `/config/connector/${created.body.id}`, { cookie, body: { bandwidth: 250 } });
    await expectKeyNowhere(created.body, got.body, list.body, patched.body);
  });

  it("tells a customer without physical ports to contact its MSP", async () => {
    const site = await createSite("Fabrikam", { name: "Dublin Office", location: PARIS, type: "standard" }, "admin@fabrikam.example");
    const response = await call("POST", `/config/site/${site.id}/connector`, { cookie: await signIn("admin@fabrikam.example"), body: physical });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("Fabrikam has no physical ports. Contact your MSP to get one assigned.");
    const french = await call("POST", `/config/site/${site.id}/connector`, { cookie: await signIn("admin@fabrikam.example"), body: physical, language: "fr" });
    expect(french.body.error).toBe("Fabrikam n’a aucun port physique. Contactez votre MSP pour en obtenir un.");
    // A port assigned to another customer does not count.
    await assignSwitchPort("Contoso");
    expect((await call("POST", `/config/site/${site.id}/connector`, { cookie: await signIn("admin@fabrikam.example"), body: physical })).status).toBe(409);
    expect(await (await getDb()).select().from(connectors).where(eq(connectors.siteId, site.id))).toEqual([]);
  });

  it("creates a physical connector once the MSP assigned a switch port or an interface", async () => {
    await assignSwitchPort("Contoso");
    const connector = await createConnector(contosoSite.id, physical);
    expect(connector).toMatchObject({ kind: "physical", customerIp: "10.10.0.2", providerEdgeIp: "10.10.0.1", vlan: 110, bandwidth: 10_000 });

    const initechSite = await createSite("Initech", { name: "Madrid Office", location: PARIS, type: "standard" }, "admin@initech.example");
    const db = await getDb();
    const nodeId = await assignSwitchPort("Fabrikam", "Bluewave Telecom");
    await db.insert(interfaces).values({ nodeId, portId: "ge-0/0/1", type: "access", customerOrganizationId: await organizationId("Initech") });
    await createConnector(initechSite.id, { ...physical, name: "Madrid fiber" }, "admin@initech.example");
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["no kind", { name: "X1", bandwidth: 1 }, "kind", "Kind must be one of physical, ipsec, external, virtual or internet"],
    ["an unknown kind", { ...internet, kind: "satellite" }, "kind", "Kind must be one of physical, ipsec, external, virtual or internet"],
    ["no name", { ...internet, name: undefined }, "name", "Name is required"],
    ["a short name", { ...internet, name: "X" }, "name", "Name must be at least 2 characters"],
    ["a zero bandwidth", { ...internet, bandwidth: 0 }, "bandwidth", "Bandwidth must be a whole number of at least 1"],
    ["a fractional bandwidth", { ...virtual, bandwidth: 1.5 }, "bandwidth", "Bandwidth must be a whole number of at least 1"],
    ["a bad customer IP", { ...physical, customerIp: "300.1.1.1" }, "customerIp", "IP must be a valid IPv4 address"],
    ["a bad provider edge IP", { ...physical, providerEdgeIp: "10.0.0" }, "providerEdgeIp", "IP must be a valid IPv4 address"],
    ["a VLAN above 4094", { ...physical, vlan: 4095 }, "vlan", "VLAN must be between 0 and 4094"],
    ["a negative VLAN", { ...physical, vlan: -1 }, "vlan", "VLAN must be between 0 and 4094"],
    ["a bad local site IP", { ...ipsec, localSiteIp: "my-router" }, "localSiteIp", "IP must be a valid IPv4 address"],
    ["a bad public IP", { ...ipsec, publicIp: "1.2.3.4/32" }, "publicIp", "IP must be a valid IPv4 address"],
    ["an MTU below 576", { ...ipsec, mtu: 575 }, "mtu", "MTU must be between 576 and 9216"],
    ["an MTU above 9216", { ...ipsec, mtu: 9217 }, "mtu", "MTU must be between 576 and 9216"],
    ["an MSS below 500", { ...ipsec, mss: 499 }, "mss", "MSS must be between 500 and 9176"],
    ["an MSS above 9176", { ...ipsec, mtu: 9216, mss: 9177 }, "mss", "MSS must be between 500 and 9176"],
    ["a fractional MSS", { ...ipsec, mss: 1300.5 }, "mss", "MSS must be between 500 and 9176"],
    ["an MSS that does not fit the MTU", { ...ipsec, mtu: 1400, mss: 1361 }, "mss", "MSS must be at most 1360, the MTU minus 40 bytes"],
    ["a NAT traversal that is not a boolean", { ...ipsec, natTraversal: "yes" }, "natTraversal", "NAT traversal must be true or false"],
    ["a DPD delay of 0", { ...ipsec, deadPeerDetectionDelaySeconds: 0 }, "deadPeerDetectionDelaySeconds", "Dead peer detection delay must be between 1 and 3600 seconds"],
    ["a DPD delay of 3601", { ...ipsec, deadPeerDetectionDelaySeconds: 3601 }, "deadPeerDetectionDelaySeconds", "Dead peer detection delay must be between 1 and 3600 seconds"],
    ["a phase 1 lifetime of 25 hours", { ...ipsec, phase1SaLifetimeHours: 25 }, "phase1SaLifetimeHours", "Phase 1 SA lifetime must be between 1 and 24 hours"],
    ["a phase 2 lifetime of 0 hours", { ...ipsec, phase2SaLifetimeHours: 0 }, "phase2SaLifetimeHours", "Phase 2 SA lifetime must be between 1 and 24 hours"],
    ["no preshared key", { ...ipsec, presharedKey: undefined }, "presharedKey", "Preshared key is required"],
    ["a 7-character key", { ...ipsec, presharedKey: "1234567" }, "presharedKey", "Preshared key must be between 8 and 128 characters"],
    ["a 129-character key", { ...ipsec, presharedKey: "k".repeat(129) }, "presharedKey", "Preshared key must be between 8 and 128 characters"],
    ["a key with a line break", { ...ipsec, presharedKey: "abcd\nefgh" }, "presharedKey", "Preshared key may contain printable ASCII characters only"],
    ["a description on an external connector", { ...external, description: "x" }, "", "Unknown field: description"],
    ["a VLAN on an internet connector", { ...internet, vlan: 10 }, "", "Unknown field: vlan"],
  ];

  it.each(cases)("refuses %s", async (_label, body, path, message) => {
    const response = await call("POST", `/config/site/${contosoSite.id}/connector`, { cookie: await signIn(CONTOSO_ADMIN), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0]).toEqual({ path, message });
    await expectKeyNowhere(response.body);
  });

  it("accepts the range limits", async () => {
    const connector = await createConnector(contosoSite.id, {
      ...ipsec,
      name: "Limits",
      mtu: 9216,
      mss: 9176,
      deadPeerDetectionDelaySeconds: 3600,
      phase1SaLifetimeHours: 24,
      phase2SaLifetimeHours: 1,
      presharedKey: "k".repeat(128),
    });
    expect(connector).toMatchObject({ mtu: 9216, mss: 9176 });
    await createConnector(contosoSite.id, { ...ipsec, name: "Lower limits", mtu: 576, mss: 500, presharedKey: "12345678" });
  });

  it.each([
    [{ ...ipsec, mss: 100 }, "Le MSS doit être compris entre 500 et 9176"],
    [{ ...ipsec, presharedKey: undefined }, "La clé pré-partagée est obligatoire"],
    [{ ...physical, vlan: 5000 }, "Le VLAN doit être compris entre 0 et 4094"],
  ])("answers in French: %j", async (body, message) => {
    const response = await call("POST", `/config/site/${contosoSite.id}/connector`, { cookie: await signIn(CONTOSO_ADMIN), body, language: "fr" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("lets the MSP and the operator create in the customer's site, for the customer", async () => {
    for (const email of ["configure@northwind.example", "admin@maia.example"]) {
      const connector = await createConnector(frankfurtSite.id, { ...internet, name: `DIA by ${email}` }, email);
      expect(connector.organizationId).toBe(await organizationId("Contoso"));
      const [event] = await eventsOf(connector.id);
      expect(event).toMatchObject({ organizationId: await organizationId("Contoso"), source: email });
    }
  });

  it("hides the site from other tenants and refuses read-only users", async () => {
    for (const email of OTHER_TENANTS) {
      const response = await call("POST", `/config/site/${contosoSite.id}/connector`, { cookie: await signIn(email), body: { ...internet, name: "Intruder" } });
      expect(response.status).toBe(404);
    }
    for (const email of ["readonly@contoso.example", "readonly@northwind.example", "readonly@maia.example"]) {
      const response = await call("POST", `/config/site/${contosoSite.id}/connector`, { cookie: await signIn(email), body: { ...internet, name: "Read only" } });
      expect(response.status).toBe(403);
    }
    expect(await (await getDb()).select().from(connectors).where(eq(connectors.name, "Intruder"))).toEqual([]);
  });
});

describe("GET /config/site/{siteId}/connector", () => {
  it("lists a site's connectors by name, with filters and pages", async () => {
    const site = await createSite("Contoso", { name: "Many connectors", location: PARIS, type: "standard" });
    for (let index = 0; index < 60; index++) {
      await createConnector(site.id, { ...internet, name: `DIA ${String(index).padStart(2, "0")}` });
    }
    await createConnector(site.id, { ...external, name: "Cloud on-ramp" });
    const cookie = await signIn("readonly@contoso.example");
    const ids: string[] = [];
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=25${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await call("GET", `/config/site/${site.id}/connector?${query}`, { cookie });
      expect(response.status).toBe(200);
      ids.push(...response.body.items.map((item: { id: string }) => item.id));
      names.push(...response.body.items.map((item: { name: string }) => item.name));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(ids.length).toBe(61);
    expect(new Set(ids).size).toBe(61);
    expect(names[0]).toBe("Cloud on-ramp");
    expect(names).toEqual([...names].sort());
    const external_ = await call("GET", `/config/site/${site.id}/connector?kind=external`, { cookie });
    expect(external_.body.items.map((item: { name: string }) => item.name)).toEqual(["Cloud on-ramp"]);
    const search = await call("GET", `/config/site/${site.id}/connector?search=dia%205`, { cookie });
    expect(search.body.items.map((item: { name: string }) => item.name)).toEqual(["DIA 50", "DIA 51", "DIA 52", "DIA 53", "DIA 54", "DIA 55", "DIA 56", "DIA 57", "DIA 58", "DIA 59"]);
    expect((await call("GET", `/config/site/${site.id}/connector?kind=fiber`, { cookie })).status).toBe(400);
  });

  it("answers 404 to other tenants, and lists for the MSP and the operator", async () => {
    for (const email of OTHER_TENANTS) {
      expect((await call("GET", `/config/site/${contosoSite.id}/connector`, { cookie: await signIn(email) })).status).toBe(404);
    }
    for (const email of ["readonly@northwind.example", "readonly@maia.example"]) {
      const response = await call("GET", `/config/site/${contosoSite.id}/connector?limit=500`, { cookie: await signIn(email) });
      expect(response.status).toBe(200);
      expect(response.body.items.length).toBeGreaterThan(0);
      expect(response.body.items.every((item: { siteId: string }) => item.siteId === contosoSite.id)).toBe(true);
    }
  });
});

describe("GET, PATCH and DELETE /config/connector/{connectorId}", () => {
  it("hides Contoso's connector from Fabrikam, Initech and Bluewave (404, unchanged)", async () => {
    const connector = await createConnector(contosoSite.id, { ...ipsec, name: "Hidden tunnel" });
    for (const email of OTHER_TENANTS) {
      const cookie = await signIn(email);
      for (const [method, body] of [
        ["GET", undefined],
        ["PATCH", { name: "Taken over" }],
        ["DELETE", undefined],
      ] as const) {
        const response = await call(method, `/config/connector/${connector.id}`, { cookie, body });
        expect(response.status, `${email} ${method}`).toBe(404);
        expect(JSON.stringify(response.body)).not.toContain("Hidden tunnel");
      }
    }
    expect((await call("GET", `/config/connector/${connector.id}`, { cookie: await signIn(CONTOSO_ADMIN) })).body).toEqual(connector);
    expect((await eventsOf(connector.id)).length).toBe(1);
  });

  it("updates the fields of the connector's kind and records before and after", async () => {
    const connector = await createConnector(contosoSite.id, { ...ipsec, name: "Tunnel to update" });
    const cookie = await signIn("configure@northwind.example");
    const response = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { name: "Tunnel updated", mtu: 1500, mss: 1460, natTraversal: false } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...connector, name: "Tunnel updated", mtu: 1500, mss: 1460, natTraversal: false, updatedAt: expect.any(String) });
    const [, event] = await eventsOf(connector.id);
    expect(event).toMatchObject({ type: "connector.updated", before: connector, after: response.body, source: "configure@northwind.example" });
  });

  it("checks a change against the rest of the connector", async () => {
    const connector = await createConnector(contosoSite.id, { ...ipsec, name: "Tunnel rules" });
    const cookie = await signIn(CONTOSO_ADMIN);
    const mss = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { mss: 1361 } });
    expect(mss.status).toBe(400);
    expect(mss.body.error).toBe("MSS must be at most 1360, the MTU minus 40 bytes");
    const mtu = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { mtu: 1000 } });
    expect(mtu.body.error).toBe("MSS must be at most 960, the MTU minus 40 bytes");
    const kind = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { kind: "internet" } });
    expect(kind.status).toBe(400);
    expect(kind.body.error).toBe("The kind of a connector cannot be changed");
    const sameKind = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { kind: "ipsec", bandwidth: 300 } });
    expect(sameKind.status).toBe(200);
    const vlan = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { vlan: 100 } });
    expect(vlan.body.error).toBe("Unknown field: vlan");
    const key = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { presharedKey: "short" } });
    expect(key.body.error).toBe("Preshared key must be between 8 and 128 characters");
    const dia = await createConnector(contosoSite.id, { ...internet, name: "DIA rules" });
    const diaKey = await call("PATCH", `/config/connector/${dia.id}`, { cookie, body: { presharedKey: KEY } });
    expect(diaKey.body.error).toBe("Unknown field: presharedKey");
    const french = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { kind: "virtual" }, language: "fr" });
    expect(french.body.error).toBe("Le type d’un connecteur ne peut pas être modifié");
  });

  it("keeps the preshared key unless a new one is sent", async () => {
    const connector = await createConnector(contosoSite.id, { ...ipsec, name: "Key rotation" });
    const cookie = await signIn(CONTOSO_ADMIN);
    const db = await getDb();
    const stored = async () => (await db.select().from(connectors).where(eq(connectors.id, connector.id)))[0].presharedKeyEncrypted!;
    await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { description: "Rotated soon" } });
    expect(await decryptSecret(db, await stored())).toBe(KEY);
    const rotated = await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { presharedKey: "Next-Key-12345678" } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.presharedKeySet).toBe(true);
    expect(await decryptSecret(db, await stored())).toBe("Next-Key-12345678");
    const history = await eventsOf(connector.id);
    expect(history.length).toBe(3);
    expect(JSON.stringify(history)).not.toContain("Next-Key");
  });

  it("refuses a bandwidth below the total of the paths using the connector", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const shared = await createConnector(contosoSite.id, { ...internet, name: "Shared uplink", bandwidth: 1_000 });
    const a = await createConnector(frankfurtSite.id, { ...internet, name: "Frankfurt A", bandwidth: 1_000 });
    const b = await createConnector(frankfurtSite.id, { ...internet, name: "Frankfurt B", bandwidth: 1_000 });
    await insertPath("Contoso", { siteId: contosoSite.id, id: shared.id }, { siteId: frankfurtSite.id, id: a.id }, 300);
    await insertPath("Contoso", { siteId: frankfurtSite.id, id: b.id }, { siteId: contosoSite.id, id: shared.id }, 200);
    const refused = await call("PATCH", `/config/connector/${shared.id}`, { cookie, body: { bandwidth: 499 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("Bandwidth cannot be lower than 500 Mbps, the total of the paths using this connector.");
    const french = await call("PATCH", `/config/connector/${shared.id}`, { cookie, body: { bandwidth: 100 }, language: "fr" });
    expect(french.body.error).toBe("La bande passante ne peut pas être inférieure à 500 Mbit/s, le total des chemins qui utilisent ce connecteur.");
    expect((await call("GET", `/config/connector/${shared.id}`, { cookie })).body.bandwidth).toBe(1_000);
    const exact = await call("PATCH", `/config/connector/${shared.id}`, { cookie, body: { bandwidth: 500 } });
    expect(exact.status).toBe(200);
    expect(exact.body.bandwidth).toBe(500);
    // The other ends only carry their own path.
    expect((await call("PATCH", `/config/connector/${a.id}`, { cookie, body: { bandwidth: 300 } })).status).toBe(200);
    expect((await call("PATCH", `/config/connector/${a.id}`, { cookie, body: { bandwidth: 299 } })).body.error).toBe(
      "Bandwidth cannot be lower than 300 Mbps, the total of the paths using this connector.",
    );
  });

  it("refuses read-only users", async () => {
    const connector = await createConnector(contosoSite.id, { ...virtual, name: "Read-only target" });
    for (const email of ["readonly@contoso.example", "readonly@northwind.example", "readonly@maia.example"]) {
      const cookie = await signIn(email);
      expect((await call("PATCH", `/config/connector/${connector.id}`, { cookie, body: { name: "Nope" } })).status).toBe(403);
      expect((await call("DELETE", `/config/connector/${connector.id}`, { cookie })).status).toBe(403);
      expect((await call("GET", `/config/connector/${connector.id}`, { cookie })).status).toBe(200);
    }
  });

  it("deletes a connector with the paths over it, recording each", async () => {
    const cookie = await signIn("admin@northwind.example");
    const doomed = await createConnector(contosoSite.id, { ...virtual, name: "Doomed connector" });
    const other = await createConnector(frankfurtSite.id, { ...virtual, name: "Other end" });
    const path = await insertPath("Contoso", { siteId: contosoSite.id, id: doomed.id }, { siteId: frankfurtSite.id, id: other.id }, 100);
    const response = await call("DELETE", `/config/connector/${doomed.id}`, { cookie });
    expect(response.status).toBe(204);
    expect((await call("GET", `/config/connector/${doomed.id}`, { cookie })).status).toBe(404);
    expect((await call("GET", `/config/connector/${other.id}`, { cookie })).status).toBe(200);
    expect(await (await getDb()).select().from(paths).where(eq(paths.id, path.id))).toEqual([]);
    const [, deleted] = await eventsOf(doomed.id);
    expect(deleted).toMatchObject({ type: "connector.deleted", before: doomed, after: null });
    const [pathEvent] = await eventsOf(path.id);
    expect(pathEvent).toMatchObject({ type: "path.deleted", before: { id: path.id, sourceConnectorId: doomed.id } });
    expect((await call("DELETE", `/config/connector/${doomed.id}`, { cookie })).status).toBe(404);
  });
});
