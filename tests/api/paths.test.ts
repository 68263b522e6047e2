import { beforeAll, describe, expect, it } from "vitest";
import { call, organizationId, signIn } from "./helpers";
import { createConnector, createSite, eventsOf, FRANKFURT, PARIS } from "./site-fixtures";

type Connector = { id: string; siteId: string };
let contoso: string;
let paris: { id: string };
let frankfurt: { id: string };
let parisVirtual: Connector;
let frankfurtVirtual: Connector;
let parisSmall: Connector;
let frankfurtInternet: Connector;
let fabrikamConnector: Connector;

const admin = () => signIn("admin@contoso.example");
const body = (extra: Record<string, unknown> = {}) => ({
  name: "Paris ⇄ Frankfurt",
  layer: "layer2",
  sourceSiteId: paris.id,
  sourceConnectorId: parisVirtual.id,
  destinationSiteId: frankfurt.id,
  destinationConnectorId: frankfurtVirtual.id,
  bandwidth: 100,
  vlanType: "specific",
  vlanId: 100,
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}, language?: string) =>
  call("POST", `/config/organization/${contoso}/path`, { cookie: await admin(), body: body(extra), language });

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  paris = await createSite("Contoso", { name: "Paris HQ", location: PARIS, type: "standard" });
  frankfurt = await createSite("Contoso", { name: "Frankfurt DC", location: FRANKFURT, type: "standard" });
  parisVirtual = await createConnector(paris.id, { kind: "virtual", name: "Paris virtual", description: "", bandwidth: 1000 });
  frankfurtVirtual = await createConnector(frankfurt.id, { kind: "virtual", name: "Frankfurt virtual", description: "", bandwidth: 500 });
  parisSmall = await createConnector(paris.id, { kind: "external", name: "Paris tiny", bandwidth: 1 });
  frankfurtInternet = await createConnector(frankfurt.id, { kind: "internet", name: "Frankfurt DIA", description: "", bandwidth: 300 });
  const dublin = await createSite("Fabrikam", { name: "Dublin", location: PARIS, type: "standard" }, "admin@fabrikam.example");
  fabrikamConnector = await createConnector(dublin.id, { kind: "external", name: "Dublin ext", bandwidth: 1000 }, "admin@fabrikam.example");
});

describe("paths", () => {
  it("creates a Layer 2 Specific path with its ends named, and records the event", async () => {
    const response = await create();
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      name: "Paris ⇄ Frankfurt",
      layer: "layer2",
      sourceSiteName: "Paris HQ",
      sourceConnectorName: "Paris virtual",
      destinationSiteName: "Frankfurt DC",
      destinationConnectorName: "Frankfurt virtual",
      bandwidth: 100,
      vlanType: "specific",
      vlanId: 100,
      prefix: [],
      slaHealth: "unknown",
    });
    const [event] = await eventsOf(response.body.id);
    expect(event).toMatchObject({ type: "path.created", entityType: "path", before: null });
    expect(event.after).toMatchObject({ name: "Paris ⇄ Frankfurt", bandwidth: 100 });
    expect(event.requestId).toBeTruthy();
  });

  it("creates a Layer 3 path with two prefixes", async () => {
    const response = await create({ name: "L3 two prefixes", layer: "layer3", vlanId: 101, bandwidth: 50, prefix: "10.10.0.0/16, 172.16.0.0/12" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.prefix).toEqual(["10.10.0.0/16", "172.16.0.0/12"]);
  });

  it.each([
    [{ layer: "layer3", vlanId: 102, prefix: "" }, "Prefix is required"],
    [{ layer: "layer3", vlanId: 102, prefix: "10.0.0.0/8, 999.1.1.1/24" }, "Invalid prefix: 999.1.1.1/24"],
    [{ sourceSiteId: "" }, "Source site is required"],
    [{ sourceConnectorId: undefined }, "Source connector is required"],
    [{ destinationSiteId: undefined }, "Destination site is required"],
    [{ destinationConnectorId: "" }, "Destination connector is required"],
    [{ vlanId: 5000 }, "VLAN must be between 0 and 4094"],
    [{ name: "P" }, "Name must be at least 2 characters"],
    [{ bandwidth: 501 }, "Bandwidth must be between 1 and 500"],
    [{ sourceConnectorId: "x", sourceSiteId: "y" }, "This connector does not belong to the chosen site"],
  ])("refuses %j with %s", async (extra, message) => {
    const response = await create(extra as Record<string, unknown>);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("reports every bad prefix", async () => {
    const response = await create({ layer: "layer3", vlanId: 103, prefix: "1.2.3.4/40, 10.0.0.0/8, abc" });
    expect(response.body.issues.map((issue: { message: string }) => issue.message)).toEqual(["Invalid prefix: 1.2.3.4/40", "Invalid prefix: abc"]);
  });

  it("says the bandwidth must be 1 when a connector has 1 Mbps, in French too", async () => {
    const response = await create({ sourceConnectorId: parisSmall.id, bandwidth: 2, vlanId: 104 }, "fr");
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("La bande passante doit être de 1");
    const english = await create({ sourceConnectorId: parisSmall.id, bandwidth: 2, vlanId: 104 });
    expect(english.body.error).toBe("Bandwidth must be 1");
  });

  it("keeps the paths on a connector within its bandwidth (headroom), naming the connector", async () => {
    // Frankfurt virtual: 500 Mbps, 150 used by the two paths above.
    const ok = await create({ name: "Fills Frankfurt", bandwidth: 350, vlanId: 105 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const over = await create({ name: "One too many", bandwidth: 1, vlanId: 106 });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe("Connector Frankfurt virtual has 0 Mbps left of 500 Mbps");
    const shrink = await call("PATCH", `/config/path/${ok.body.id}`, { cookie: await admin(), body: { bandwidth: 300 } });
    expect(shrink.status).toBe(200);
    const grow = await call("PATCH", `/config/path/${ok.body.id}`, { cookie: await admin(), body: { bandwidth: 351 } });
    expect(grow.status).toBe(409);
    expect(grow.body.error).toBe("Connector Frankfurt virtual has 350 Mbps left of 500 Mbps");
  });

  it("reports VLAN conflicts on a connector with the conflicting path named", async () => {
    const clash = await create({ name: "Same VLAN", sourceConnectorId: parisVirtual.id, destinationConnectorId: frankfurtInternet.id, vlanId: 100, bandwidth: 10 });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe("VLAN 100 on Paris virtual is already used by path Paris ⇄ Frankfurt");
    const all = await create({ name: "All VLANs", sourceConnectorId: parisVirtual.id, destinationConnectorId: frankfurtInternet.id, vlanType: "all", vlanId: null, bandwidth: 10 });
    expect(all.status).toBe(409);
    expect(all.body.error).toMatch(/^Connector Paris virtual is shared with path /);
  });

  it("lets a VLAN All path own two free connectors, and then refuses any other path on them", async () => {
    const site = await createSite("Contoso", { name: "Lyon", location: PARIS, type: "standard" });
    const a = await createConnector(site.id, { kind: "virtual", name: "Lyon A", description: "", bandwidth: 100 });
    const b = await createConnector(frankfurt.id, { kind: "virtual", name: "Frankfurt B", description: "", bandwidth: 100 });
    const all = await create({ name: "Lyon all", sourceSiteId: site.id, sourceConnectorId: a.id, destinationConnectorId: b.id, vlanType: "all", vlanId: null, bandwidth: 10 });
    expect(all.status, JSON.stringify(all.body)).toBe(201);
    expect(all.body.vlanId).toBeNull();
    const second = await create({ name: "Lyon second", sourceSiteId: site.id, sourceConnectorId: a.id, destinationConnectorId: frankfurtInternet.id, vlanId: 7, bandwidth: 10 });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("Connector Lyon A is shared with path Lyon all: a VLAN All path needs both connectors to itself");
  });

  it("updates with before and after in the event, and deletes", async () => {
    const created = await create({ name: "To edit", sourceConnectorId: parisVirtual.id, destinationConnectorId: frankfurtInternet.id, vlanId: 300, bandwidth: 10 });
    const updated = await call("PATCH", `/config/path/${created.body.id}`, { cookie: await admin(), body: { name: "Edited", vlanId: 301 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Edited", vlanId: 301 });
    const toLayer3 = await call("PATCH", `/config/path/${created.body.id}`, { cookie: await admin(), body: { layer: "layer3" } });
    expect(toLayer3.body.error).toBe("Prefix is required");
    const events = await eventsOf(created.body.id);
    expect(events.map((event) => event.type)).toEqual(["path.created", "path.updated"]);
    expect(events[1].before).toMatchObject({ name: "To edit", vlanId: 300 });
    expect(events[1].after).toMatchObject({ name: "Edited", vlanId: 301 });
    expect((await call("DELETE", `/config/path/${created.body.id}`, { cookie: await admin() })).status).toBe(204);
    expect((await call("GET", `/config/path/${created.body.id}`, { cookie: await admin() })).status).toBe(404);
    expect((await eventsOf(created.body.id)).at(-1)).toMatchObject({ type: "path.deleted", after: null });
  });

  it("filters and paginates by name", async () => {
    const cookie = await admin();
    for (let i = 0; i < 24; i++) {
      const response = await create({ name: `Bulk ${String(i).padStart(2, "0")}`, sourceConnectorId: parisVirtual.id, destinationConnectorId: frankfurtInternet.id, vlanId: 1000 + i, bandwidth: 1 });
      expect(response.status).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { name: string }[]; nextCursor: string | null } } = await call(
        "GET",
        `/config/path?search=bulk&limit=10${cursor ? `&cursor=${cursor}` : ""}`,
        { cookie },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((item) => item.name));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 24 }, (_, i) => `Bulk ${String(i).padStart(2, "0")}`));
    const bySite = await call("GET", `/config/path?search=frankfurt%20dia&limit=500`, { cookie });
    expect(bySite.body.items.length).toBeGreaterThanOrEqual(24);
    const layer3 = await call("GET", `/config/organization/${contoso}/path?layer=layer3`, { cookie });
    expect(layer3.body.items.every((item: { layer: string }) => item.layer === "layer3")).toBe(true);
  });
});

describe("path permissions and isolation", () => {
  it("refuses read-only users and lets Contoso's MSP create", async () => {
    const readonly = await call("POST", `/config/organization/${contoso}/path`, { cookie: await signIn("readonly@contoso.example"), body: body({ vlanId: 900 }) });
    expect(readonly.status).toBe(403);
    const msp = await call("POST", `/config/organization/${contoso}/path`, { cookie: await signIn("configure@northwind.example"), body: body({ name: "By the MSP", vlanId: 901, bandwidth: 1, destinationConnectorId: frankfurtInternet.id }) });
    expect(msp.status, JSON.stringify(msp.body)).toBe(201);
  });

  it("hides Contoso's paths from other tenants: 404, never listed", async () => {
    const path = (await create({ name: "Private", destinationConnectorId: frankfurtInternet.id, vlanId: 902, bandwidth: 1 })).body;
    for (const email of ["admin@fabrikam.example", "admin@initech.example", "admin@bluewave.example"]) {
      const cookie = await signIn(email);
      expect((await call("GET", `/config/path/${path.id}`, { cookie })).status).toBe(404);
      expect((await call("PATCH", `/config/path/${path.id}`, { cookie, body: { name: "Stolen" } })).status).toBe(404);
      expect((await call("DELETE", `/config/path/${path.id}`, { cookie })).status).toBe(404);
      const list = await call("GET", "/config/path?limit=500", { cookie });
      expect(list.body.items.some((item: { organizationId: string }) => item.organizationId === contoso)).toBe(false);
      expect((await call("POST", `/config/organization/${contoso}/path`, { cookie, body: body({ vlanId: 903 }) })).status).toBe(404);
    }
    expect((await call("GET", `/config/path/${path.id}`, { cookie: await signIn("readonly@northwind.example") })).status).toBe(200);
  });

  it("cannot use another organization's connector", async () => {
    const response = await create({ name: "Cross tenant", destinationSiteId: fabrikamConnector.siteId, destinationConnectorId: fabrikamConnector.id, vlanId: 904 });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("This connector does not belong to the chosen site");
  });

  it("refuses a path in an MSP's own organization", async () => {
    const northwind = await organizationId("Northwind Networks");
    const response = await call("POST", `/config/organization/${northwind}/path`, { cookie: await signIn("admin@northwind.example"), body: body({ vlanId: 905 }) });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Northwind Networks is not a customer organization: paths connect a customer's sites.");
  });
});
