import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { connectors, events, paths, sites } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import { createConnector, createSite, eventsOf, FRANKFURT, insertPath, PARIS } from "./site-fixtures";

const CONTOSO_ADMIN = "admin@contoso.example";
const OTHER_TENANTS = ["admin@fabrikam.example", "admin@initech.example", "admin@bluewave.example"];

const standard = (name: string) => ({ name, description: "Head office", location: PARIS, type: "standard" });

async function sitePath(organization: string) {
  return `/config/organization/${await organizationId(organization)}/site`;
}

describe("POST /config/organization/{organizationId}/site", () => {
  it("creates a standard site and records the event", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const response = await call("POST", await sitePath("Contoso"), { cookie, body: { ...standard("  Paris HQ "), description: " 400 seats " } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      organizationId: await organizationId("Contoso"),
      name: "Paris HQ",
      description: "400 seats",
      location: PARIS,
      type: "standard",
      active: true,
      awsConfigSet: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [event] = await eventsOf(response.body.id);
    expect(event).toMatchObject({
      organizationId: await organizationId("Contoso"),
      type: "site.created",
      entityType: "site",
      source: CONTOSO_ADMIN,
      before: null,
      after: response.body,
    });
    expect((await call("GET", `/config/site/${response.body.id}`, { cookie })).body).toEqual(response.body);
  });

  it("defaults the description to empty", async () => {
    const site = await createSite("Contoso", { name: "No description", location: PARIS, type: "standard" });
    expect(site.description).toBe("");
  });

  it.each([
    ["aws", { awsAccountId: "123456789012", region: "eu-central-1" }],
    ["aws-direct-connect", { awsAccountId: "210987654321", region: "us-east-1" }],
    ["azure", { azureSubscriptionId: "5f1c2a7e-8c3b-4d2e-9a61-0b7d4e3f2c10", region: "westeurope" }],
    ["gcp", { gcpProjectId: "contoso-prod-381204", region: "us-central1" }],
    ["oracle", { oracleCompartmentId: "ocid1.compartment.oc1..aaaaaaaacontoso", region: "us-ashburn-1" }],
  ])("creates a %s site with its account and region", async (type, cloud) => {
    const site = await createSite("Contoso", { name: `Cloud ${type}`, location: FRANKFURT, type, ...cloud });
    expect(site).toMatchObject({ type, ...cloud, location: FRANKFURT, awsConfigSet: false });
    const db = await getDb();
    const [row] = await db.select().from(sites).where(eq(sites.id, site.id));
    expect(row).toMatchObject({ cloudAccountId: Object.values(cloud)[0], cloudRegion: cloud.region });
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["no name", { location: PARIS, type: "standard" }, "name", "Name is required"],
    ["an empty name", { name: "  ", location: PARIS, type: "standard" }, "name", "Name is required"],
    ["a one-letter name", { name: "A", location: PARIS, type: "standard" }, "name", "Name must be at least 2 characters"],
    ["no location", { name: "Site", type: "standard" }, "location", "Location is required and must be selected from the dropdown"],
    ["a location without address", { name: "Site", location: { ...PARIS, address: " " }, type: "standard" }, "location.address", "Location is required and must be selected from the dropdown"],
    ["a location without latitude", { name: "Site", location: { address: "Paris", longitude: 2 }, type: "standard" }, "location.latitude", "Location is required and must be selected from the dropdown"],
    ["a typed location", { name: "Site", location: "Paris", type: "standard" }, "location", "Location is required and must be selected from the dropdown"],
    ["no type", { name: "Site", location: PARIS }, "type", "Type must be one of standard, aws, azure, gcp, oracle or aws-direct-connect"],
    ["an unknown type", { name: "Site", location: PARIS, type: "mars" }, "type", "Type must be one of standard, aws, azure, gcp, oracle or aws-direct-connect"],
    ["aws without account", { name: "Site", location: PARIS, type: "aws", region: "us-east-1" }, "awsAccountId", "AWS account ID is required"],
    ["aws-direct-connect without account", { name: "Site", location: PARIS, type: "aws-direct-connect", region: "us-east-1" }, "awsAccountId", "AWS account ID is required"],
    ["azure without subscription", { name: "Site", location: PARIS, type: "azure", region: "eastus" }, "azureSubscriptionId", "Azure subscription ID is required"],
    ["gcp without project", { name: "Site", location: PARIS, type: "gcp", region: "us-central1" }, "gcpProjectId", "GCP project ID is required"],
    ["oracle without compartment", { name: "Site", location: PARIS, type: "oracle", region: "us-ashburn-1" }, "oracleCompartmentId", "Oracle compartment ID is required"],
    ["aws without region", { name: "Site", location: PARIS, type: "aws", awsAccountId: "123456789012" }, "region", "Region is required"],
    ["azure with an empty region", { name: "Site", location: PARIS, type: "azure", azureSubscriptionId: "5f1c2a7e-8c3b-4d2e-9a61-0b7d4e3f2c10", region: " " }, "region", "Region is required"],
    ["aws in an Azure region", { name: "Site", location: PARIS, type: "aws", awsAccountId: "123456789012", region: "westeurope" }, "region", "Region must be one of the AWS regions"],
    ["gcp in an AWS region", { name: "Site", location: PARIS, type: "gcp", gcpProjectId: "contoso-prod-1", region: "us-east-1" }, "region", "Region must be one of the GCP regions"],
    ["a short AWS account", { name: "Site", location: PARIS, type: "aws", awsAccountId: "12345", region: "us-east-1" }, "awsAccountId", "AWS account ID must be 12 digits"],
    ["a non-GUID subscription", { name: "Site", location: PARIS, type: "azure", azureSubscriptionId: "sub-1", region: "eastus" }, "azureSubscriptionId", "Azure subscription ID must be a GUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)"],
    ["an uppercase GCP project", { name: "Site", location: PARIS, type: "gcp", gcpProjectId: "Contoso-Prod", region: "us-central1" }, "gcpProjectId", "GCP project ID must be 6 to 30 lowercase letters, digits or hyphens, starting with a letter"],
    ["a non-OCID compartment", { name: "Site", location: PARIS, type: "oracle", oracleCompartmentId: "compartment-1", region: "us-ashburn-1" }, "oracleCompartmentId", "Oracle compartment ID must be an OCID (ocid1.compartment.oc1..…)"],
    ["an account on a standard site", { ...standard("Site"), awsAccountId: "123456789012" }, "", "Unknown field: awsAccountId"],
    ["another provider's account", { name: "Site", location: PARIS, type: "azure", awsAccountId: "123456789012", region: "eastus" }, "azureSubscriptionId", "Azure subscription ID is required"],
  ];

  it.each(cases)("refuses %s", async (_label, body, path, message) => {
    const before = (await (await getDb()).select().from(sites)).length;
    const response = await call("POST", await sitePath("Contoso"), { cookie: await signIn(CONTOSO_ADMIN), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0]).toEqual({ path, message });
    expect((await (await getDb()).select().from(sites)).length).toBe(before);
  });

  it.each([
    [{ name: "Site", location: PARIS, type: "azure", region: "eastus" }, "L’ID d’abonnement Azure est obligatoire"],
    [{ name: "Site", type: "standard" }, "L’emplacement est obligatoire et doit être sélectionné dans la liste déroulante"],
    [{ name: "Site", location: PARIS, type: "aws", awsAccountId: "123456789012" }, "La région est obligatoire"],
  ])("answers in French: %j", async (body, message) => {
    const response = await call("POST", await sitePath("Contoso"), { cookie: await signIn(CONTOSO_ADMIN), body, language: "fr-FR,fr;q=0.9" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("lets the customer's MSP and the operator create sites in the customer", async () => {
    for (const email of ["configure@northwind.example", "admin@northwind.example", "admin@maia.example"]) {
      const site = await createSite("Contoso", standard(`By ${email}`), email);
      expect(site.organizationId).toBe(await organizationId("Contoso"));
      const [event] = await eventsOf(site.id);
      expect(event.source).toBe(email);
    }
  });

  it("answers 404 for an organization the caller cannot see", async () => {
    for (const [email, target] of [
      ["admin@bluewave.example", "Contoso"],
      ["admin@fabrikam.example", "Contoso"],
      ["admin@initech.example", "Contoso"],
      ["admin@northwind.example", "Initech"],
      ["admin@contoso.example", "Northwind Networks"],
    ]) {
      const response = await call("POST", await sitePath(target), { cookie: await signIn(email), body: standard("Sneaky") });
      expect(response.status, `${email} → ${target}`).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
    expect(await (await getDb()).select().from(sites).where(eq(sites.name, "Sneaky"))).toEqual([]);
  });

  it("refuses a site in an organization that is not a customer", async () => {
    const own = await call("POST", await sitePath("Northwind Networks"), { cookie: await signIn("admin@northwind.example"), body: standard("MSP site") });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe("Sites belong to customer organizations; Northwind Networks is not a customer.");
    const operator = await call("POST", await sitePath("Maia"), { cookie: await signIn("admin@maia.example"), body: standard("Maia site"), language: "fr" });
    expect(operator.status).toBe(400);
    expect(operator.body.error).toBe("Les sites appartiennent aux organisations clientes ; Maia n’est pas un client.");
  });

  it("refuses read-only users with 403", async () => {
    for (const email of ["readonly@contoso.example", "readonly@northwind.example", "readonly@maia.example"]) {
      const response = await call("POST", await sitePath("Contoso"), { cookie: await signIn(email), body: standard("Read only") });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe("You do not have permission to do this.");
    }
  });

  it("needs a session", async () => {
    expect((await call("POST", await sitePath("Contoso"), { body: standard("Anonymous") })).status).toBe(401);
  });
});

describe("GET /config/organization/{organizationId}/site", () => {
  it("lists the organization's sites for the customer, its MSP and the operator, and for no one else", async () => {
    const site = await createSite("Contoso", standard("Listed in Contoso"));
    const url = `${await sitePath("Contoso")}?search=Listed%20in%20Contoso`;
    for (const email of ["readonly@contoso.example", "readonly@northwind.example", "readonly@maia.example"]) {
      const response = await call("GET", url, { cookie: await signIn(email) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ items: [{ ...site, connectors: { count: 0, kinds: [] } }], nextCursor: null });
    }
    for (const email of OTHER_TENANTS) {
      expect((await call("GET", url, { cookie: await signIn(email) })).status).toBe(404);
    }
    // And never in another tenant's own list.
    for (const [email, organization] of [
      ["admin@fabrikam.example", "Fabrikam"],
      ["admin@initech.example", "Initech"],
    ]) {
      const response = await call("GET", `${await sitePath(organization)}?limit=500`, { cookie: await signIn(email) });
      expect(response.status).toBe(200);
      expect(response.body.items.map((item: { id: string }) => item.id)).not.toContain(site.id);
    }
  });

  it("counts each listed site's connectors by kind, in the list's one answer", async () => {
    const busy = await createSite("Contoso", standard("Summary busy"));
    const idle = await createSite("Contoso", standard("Summary idle"));
    await createConnector(busy.id, { kind: "internet", name: "Internet", description: "", bandwidth: 1_000 });
    await createConnector(busy.id, { kind: "external", name: "Hosted", bandwidth: 1_000 });
    await createConnector(busy.id, { kind: "internet", name: "Second internet", description: "", bandwidth: 1_000 });
    const response = await call("GET", `${await sitePath("Contoso")}?search=Summary`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(response.status).toBe(200);
    const summary = Object.fromEntries(response.body.items.map((item: { id: string; connectors: unknown }) => [item.id, item.connectors]));
    // Kinds in the console's order (physical, ipsec, external, virtual, internet), each once.
    expect(summary).toEqual({ [busy.id]: { count: 3, kinds: ["external", "internet"] }, [idle.id]: { count: 0, kinds: [] } });
  });

  it("filters by name, case-insensitively and literally, and by type", async () => {
    await createSite("Fabrikam", standard("Lab 100% Lyon"), "admin@fabrikam.example");
    await createSite("Fabrikam", standard("lab_1 Lille"), "admin@fabrikam.example");
    await createSite("Fabrikam", { name: "LAB AWS", location: PARIS, type: "aws", awsAccountId: "123456789012", region: "eu-west-3" }, "admin@fabrikam.example");
    const cookie = await signIn("admin@fabrikam.example");
    const names = async (query: string) =>
      (await call("GET", `${await sitePath("Fabrikam")}?${query}`, { cookie })).body.items.map((item: { name: string }) => item.name);
    expect((await names("search=lab")).sort()).toEqual(["LAB AWS", "Lab 100% Lyon", "lab_1 Lille"]);
    expect(await names("search=100%25")).toEqual(["Lab 100% Lyon"]);
    expect(await names("search=b_1")).toEqual(["lab_1 Lille"]);
    expect(await names("search=lab&type=aws")).toEqual(["LAB AWS"]);
    expect((await call("GET", `${await sitePath("Fabrikam")}?type=mars`, { cookie })).status).toBe(400);
  });

  it("pages through 120 sites by name without gaps or repeats", async () => {
    const db = await getDb();
    const initech = await organizationId("Initech");
    // Inserted directly: this test is about reading pages (creation is covered above).
    await db.insert(sites).values(
      Array.from({ length: 120 }, (_, index) => ({
        organizationId: initech,
        name: `Branch ${String(119 - index).padStart(3, "0")}`,
        locationAddress: PARIS.address,
        latitude: PARIS.latitude,
        longitude: PARIS.longitude,
      })),
    );
    // Two sites with one name: the id breaks the tie.
    await createSite("Initech", standard("Branch 050"), "admin@initech.example");
    const cookie = await signIn("admin@initech.example");
    const seen: string[] = [];
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `search=branch&limit=50${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await call("GET", `${await sitePath("Initech")}?${query}`, { cookie });
      expect(response.status).toBe(200);
      seen.push(...response.body.items.map((item: { id: string }) => item.id));
      names.push(...response.body.items.map((item: { name: string }) => item.name));
      cursor = response.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.length).toBe(121);
    expect(new Set(seen).size).toBe(121);
    expect(names).toEqual([...names].sort());
    expect(names.slice(0, 2)).toEqual(["Branch 000", "Branch 001"]);
    expect(names.filter((name) => name === "Branch 050").length).toBe(2);
  });

  it("refuses a bad limit and starts over on a foreign cursor", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    expect((await call("GET", `${await sitePath("Contoso")}?limit=0`, { cookie })).status).toBe(400);
    expect((await call("GET", `${await sitePath("Contoso")}?limit=501`, { cookie })).status).toBe(400);
    const response = await call("GET", `${await sitePath("Contoso")}?limit=1&cursor=not-ours`, { cookie });
    expect(response.status).toBe(200);
    expect(response.body.items.length).toBe(1);
  });
});

describe("GET, PATCH and DELETE /config/site/{siteId} across tenants", () => {
  it("hides Contoso's site from Fabrikam, Initech and Bluewave (404, unchanged)", async () => {
    const site = await createSite("Contoso", standard("Hidden from others"));
    for (const email of OTHER_TENANTS) {
      const cookie = await signIn(email);
      for (const [method, body] of [
        ["GET", undefined],
        ["PATCH", { name: "Taken over" }],
        ["DELETE", undefined],
      ] as const) {
        const response = await call(method, `/config/site/${site.id}`, { cookie, body });
        expect(response.status, `${email} ${method}`).toBe(404);
        expect(response.body.error).toBe("Not found");
        expect(JSON.stringify(response.body)).not.toContain("Hidden from others");
      }
      const upload = await call("POST", `/config/site/${site.id}/aws-config`, { cookie, body: { fileName: "a.txt", content: "x" } });
      expect(upload.status).toBe(404);
    }
    const response = await call("GET", `/config/site/${site.id}`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(response.body).toEqual(site);
    expect((await eventsOf(site.id)).map((event) => event.type)).toEqual(["site.created"]);
  });

  it("answers 404 for a site that does not exist", async () => {
    const cookie = await signIn("admin@maia.example");
    expect((await call("GET", "/config/site/00000000-0000-0000-0000-000000000000", { cookie })).status).toBe(404);
    expect((await call("PATCH", "/config/site/nope", { cookie, body: { name: "Nope" } })).status).toBe(404);
  });
});

describe("PATCH /config/site/{siteId}", () => {
  it("updates fields and records before and after", async () => {
    const site = await createSite("Contoso", standard("Before rename"));
    const response = await call("PATCH", `/config/site/${site.id}`, {
      cookie: await signIn(CONTOSO_ADMIN),
      body: { name: "After rename", location: FRANKFURT, active: false },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...site, name: "After rename", location: FRANKFURT, active: false, updatedAt: expect.any(String) });
    expect(response.body.description).toBe("Head office");
    const [, event] = await eventsOf(site.id);
    expect(event).toMatchObject({ type: "site.updated", before: site, after: response.body });
  });

  it("keeps the description when it is not sent, and takes an empty one", async () => {
    const site = await createSite("Contoso", standard("Description kept"));
    const cookie = await signIn(CONTOSO_ADMIN);
    expect((await call("PATCH", `/config/site/${site.id}`, { cookie, body: { name: "Description kept 2" } })).body.description).toBe("Head office");
    expect((await call("PATCH", `/config/site/${site.id}`, { cookie, body: { description: "" } })).body.description).toBe("");
  });

  it("records nothing when nothing changes", async () => {
    const site = await createSite("Contoso", standard("Unchanged"));
    const response = await call("PATCH", `/config/site/${site.id}`, { cookie: await signIn(CONTOSO_ADMIN), body: { name: "Unchanged" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(site);
    expect((await call("PATCH", `/config/site/${site.id}`, { cookie: await signIn(CONTOSO_ADMIN), body: {} })).body).toEqual(site);
    expect((await eventsOf(site.id)).length).toBe(1);
  });

  it("asks for the account and region of a new type, and drops the old provider's", async () => {
    const site = await createSite("Contoso", standard("Moving to the cloud"));
    const cookie = await signIn(CONTOSO_ADMIN);
    const missing = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { type: "aws" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("AWS account ID is required");
    expect(missing.body.issues.map((issue: { message: string }) => issue.message)).toEqual(["AWS account ID is required", "Region is required"]);
    const aws = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { type: "aws", awsAccountId: "123456789012", region: "eu-west-1" } });
    expect(aws.status).toBe(200);
    expect(aws.body).toMatchObject({ type: "aws", awsAccountId: "123456789012", region: "eu-west-1" });
    // Within AWS the account and region stay.
    const dx = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { type: "aws-direct-connect" } });
    expect(dx.body).toMatchObject({ type: "aws-direct-connect", awsAccountId: "123456789012", region: "eu-west-1" });
    const azure = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { type: "azure" } });
    expect(azure.body.error).toBe("Azure subscription ID is required");
    const wrongField = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { azureSubscriptionId: "5f1c2a7e-8c3b-4d2e-9a61-0b7d4e3f2c10" } });
    expect(wrongField.body.error).toBe("Unknown field: azureSubscriptionId");
    const region = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { region: "eastus" } });
    expect(region.body.error).toBe("Region must be one of the AWS regions");
    const back = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { type: "standard" } });
    expect(back.status).toBe(200);
    expect(back.body).not.toHaveProperty("awsAccountId");
    const [row] = await (await getDb()).select().from(sites).where(eq(sites.id, site.id));
    expect(row).toMatchObject({ type: "standard", cloudAccountId: null, cloudRegion: null });
  });

  it.each([
    [{ name: "A" }, "Name must be at least 2 characters"],
    [{ name: null }, "Name is required"],
    [{ location: { address: "Nowhere" } }, "Location is required and must be selected from the dropdown"],
    [{ active: "yes" }, "Active must be true or false"],
    [{ type: "mars" }, "Type must be one of standard, aws, azure, gcp, oracle or aws-direct-connect"],
    [{ organizationId: "elsewhere" }, "Unknown field: organizationId"],
  ])("refuses %j", async (body, message) => {
    const site = await createSite("Contoso", standard("Patch validation"));
    const response = await call("PATCH", `/config/site/${site.id}`, { cookie: await signIn(CONTOSO_ADMIN), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    await call("DELETE", `/config/site/${site.id}`, { cookie: await signIn(CONTOSO_ADMIN) });
  });

  it("lets the MSP and the operator update, and refuses read-only users", async () => {
    const site = await createSite("Contoso", standard("Shared care"));
    for (const email of ["configure@northwind.example", "admin@maia.example"]) {
      const response = await call("PATCH", `/config/site/${site.id}`, { cookie: await signIn(email), body: { description: `Touched by ${email}` } });
      expect(response.status).toBe(200);
    }
    for (const email of ["readonly@contoso.example", "readonly@northwind.example", "readonly@maia.example"]) {
      const response = await call("PATCH", `/config/site/${site.id}`, { cookie: await signIn(email), body: { name: "Read only" } });
      expect(response.status).toBe(403);
    }
  });
});

describe("DELETE /config/site/{siteId}", () => {
  it("is for the customer only: the MSP and the operator get a clear 403", async () => {
    const site = await createSite("Contoso", standard("Customer keeps"), "admin@northwind.example");
    for (const email of ["admin@northwind.example", "configure@northwind.example", "admin@maia.example"]) {
      const response = await call("DELETE", `/config/site/${site.id}`, { cookie: await signIn(email) });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe("Only the customer can delete a site. Ask Contoso to delete Customer keeps.");
    }
    const french = await call("DELETE", `/config/site/${site.id}`, { cookie: await signIn("admin@northwind.example"), language: "fr" });
    expect(french.body.error).toBe("Seul le client peut supprimer un site. Demandez à Contoso de supprimer Customer keeps.");
    const readOnly = await call("DELETE", `/config/site/${site.id}`, { cookie: await signIn("readonly@contoso.example") });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error).toBe("You do not have permission to do this.");
    expect((await call("GET", `/config/site/${site.id}`, { cookie: await signIn(CONTOSO_ADMIN) })).status).toBe(200);
  });

  it("deletes the site with its connectors and paths, recording each", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const doomed = await createSite("Contoso", standard("Doomed"));
    const survivor = await createSite("Contoso", standard("Survivor"));
    const doomedDia = await createConnector(doomed.id, { kind: "internet", name: "Doomed DIA", bandwidth: 500 });
    const doomedVirtual = await createConnector(doomed.id, { kind: "virtual", name: "Doomed virtual", bandwidth: 500 });
    const survivorDia = await createConnector(survivor.id, { kind: "internet", name: "Survivor DIA", bandwidth: 500 });
    const path = await insertPath("Contoso", { siteId: doomed.id, id: doomedDia.id }, { siteId: survivor.id, id: survivorDia.id }, 100);

    const response = await call("DELETE", `/config/site/${doomed.id}`, { cookie });
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await call("GET", `/config/site/${doomed.id}`, { cookie })).status).toBe(404);
    expect((await call("GET", `/config/connector/${doomedDia.id}`, { cookie })).status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(connectors).where(inArray(connectors.id, [doomedDia.id, doomedVirtual.id]))).toEqual([]);
    expect(await db.select().from(paths).where(eq(paths.id, path.id))).toEqual([]);
    expect((await call("GET", `/config/connector/${survivorDia.id}`, { cookie })).status).toBe(200);

    const [siteEvent] = (await eventsOf(doomed.id)).filter((event) => event.type === "site.deleted");
    expect(siteEvent).toMatchObject({ entityType: "site", before: doomed, after: null, source: CONTOSO_ADMIN });
    for (const connector of [doomedDia, doomedVirtual]) {
      const deleted = (await eventsOf(connector.id)).find((event) => event.type === "connector.deleted");
      expect(deleted?.before).toEqual(connector);
    }
    const [pathEvent] = await eventsOf(path.id);
    expect(pathEvent).toMatchObject({ type: "path.deleted", entityType: "path", before: { id: path.id, bandwidth: 100 } });
    // One request, one transaction: every event carries its request id.
    const requestIds = new Set([siteEvent.requestId, pathEvent.requestId]);
    expect(requestIds.size).toBe(1);
  });
});

describe("POST /config/site/{siteId}/aws-config", () => {
  const ERROR = "Error reading config from file, please upload a different file and try again.";
  const CONFIG = "! Amazon Web Services\r\n! Virtual Private Cloud\r\ninterface GigabitEthernet0/1\r\n\tip address 169.254.10.2 255.255.255.252\r\n neighbor 169.254.10.1 password s3cret-bgp-key\n";

  async function awsSite(name: string, type = "aws") {
    return createSite("Contoso", { name, location: FRANKFURT, type, awsAccountId: "123456789012", region: "eu-central-1" });
  }

  it("stores the file encrypted and answers awsConfigSet, never the content", async () => {
    for (const type of ["aws", "aws-direct-connect"]) {
      const site = await awsSite(`AWS config ${type}`, type);
      const response = await call("POST", `/config/site/${site.id}/aws-config`, {
        cookie: await signIn(CONTOSO_ADMIN),
        body: { fileName: "vpn-config.TXT", content: CONFIG },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: site.id, awsConfigSet: true });
      expect(JSON.stringify(response.body)).not.toContain("s3cret-bgp-key");
      const [row] = await (await getDb()).select().from(sites).where(eq(sites.id, site.id));
      expect(row.awsConfig).toEqual(expect.any(String));
      expect(row.awsConfig).not.toContain("s3cret");
      const got = await call("GET", `/config/site/${site.id}`, { cookie: await signIn(CONTOSO_ADMIN) });
      expect(got.body.awsConfigSet).toBe(true);
      const [, event] = await eventsOf(site.id);
      expect(event).toMatchObject({ type: "site.updated", before: { awsConfigSet: false }, after: { awsConfigSet: true } });
      expect(JSON.stringify(event)).not.toContain("s3cret");
    }
  });

  it("accepts a file of exactly 64 KiB", async () => {
    const site = await awsSite("AWS config 64K");
    const content = `${"a".repeat(65_535)}\n`;
    const response = await call("POST", `/config/site/${site.id}/aws-config`, { cookie: await signIn(CONTOSO_ADMIN), body: { fileName: "big.txt", content } });
    expect(response.status).toBe(200);
  });

  const bad: [string, unknown][] = [
    ["a PDF", { fileName: "config.pdf", content: CONFIG }],
    ["no extension", { fileName: "config", content: CONFIG }],
    ["a hidden extension", { fileName: "config.txt.exe", content: CONFIG }],
    ["a bare extension", { fileName: ".txt", content: CONFIG }],
    ["a folder in the name", { fileName: "../etc/config.txt", content: CONFIG }],
    ["a NUL byte", { fileName: "config.txt", content: "abc\u0000def" }],
    ["a bell character", { fileName: "config.txt", content: "abc\u0007def" }],
    ["a C1 control", { fileName: "config.txt", content: "abc\u0085def" }],
    ["a lone surrogate", { fileName: "config.txt", content: "abc\ud800def" }],
    ["an empty file", { fileName: "config.txt", content: "" }],
    ["more than 64 KiB", { fileName: "config.txt", content: "a".repeat(65_537) }],
    ["64 KiB of characters over 64 KiB of UTF-8", { fileName: "config.txt", content: "é".repeat(40_000) }],
    ["no content", { fileName: "config.txt" }],
    ["no file name", { content: CONFIG }],
    ["a numeric content", { fileName: "config.txt", content: 42 }],
    ["an extra field", { fileName: "config.txt", content: CONFIG, extra: true }],
    ["an array", [CONFIG]],
  ];

  it.each(bad)("refuses %s with the SPEC message", async (_label, body) => {
    const site = await awsSite(`Bad upload ${_label}`);
    const response = await call("POST", `/config/site/${site.id}/aws-config`, { cookie: await signIn(CONTOSO_ADMIN), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(ERROR);
    const [row] = await (await getDb()).select().from(sites).where(eq(sites.id, site.id));
    expect(row.awsConfig).toBeNull();
  });

  it("refuses a site that is not an AWS site, in French too", async () => {
    for (const body of [standard("Not AWS"), { name: "Azure site", location: PARIS, type: "azure", azureSubscriptionId: "5f1c2a7e-8c3b-4d2e-9a61-0b7d4e3f2c10", region: "eastus" }]) {
      const site = await createSite("Contoso", body);
      const response = await call("POST", `/config/site/${site.id}/aws-config`, { cookie: await signIn(CONTOSO_ADMIN), body: { fileName: "config.txt", content: CONFIG } });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(ERROR);
    }
    const site = await createSite("Contoso", standard("Not AWS either"));
    const french = await call("POST", `/config/site/${site.id}/aws-config`, {
      cookie: await signIn(CONTOSO_ADMIN),
      body: { fileName: "config.txt", content: CONFIG },
      language: "fr",
    });
    expect(french.body.error).toBe("Erreur de lecture de la configuration du fichier, veuillez téléverser un autre fichier et réessayer.");
  });

  it("keeps the usual answer for a bad site id", async () => {
    const response = await call("POST", `/config/site/${"x".repeat(65)}/aws-config`, { cookie: await signIn(CONTOSO_ADMIN), body: { fileName: "config.txt", content: CONFIG } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("siteId is not valid");
  });

  it("drops the file when the site leaves AWS", async () => {
    const site = await awsSite("Leaving AWS");
    const cookie = await signIn(CONTOSO_ADMIN);
    await call("POST", `/config/site/${site.id}/aws-config`, { cookie, body: { fileName: "config.txt", content: CONFIG } });
    const response = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { type: "standard" } });
    expect(response.body.awsConfigSet).toBe(false);
  });

  it("refuses read-only users and lets the MSP upload", async () => {
    const site = await awsSite("Upload permissions");
    const readOnly = await call("POST", `/config/site/${site.id}/aws-config`, { cookie: await signIn("readonly@contoso.example"), body: { fileName: "config.txt", content: CONFIG } });
    expect(readOnly.status).toBe(403);
    const msp = await call("POST", `/config/site/${site.id}/aws-config`, { cookie: await signIn("configure@northwind.example"), body: { fileName: "config.txt", content: CONFIG } });
    expect(msp.status).toBe(200);
  });
});

describe("events of sites", () => {
  it("are visible only in the site's organization", async () => {
    const site = await createSite("Contoso", standard("Event owner"));
    const db = await getDb();
    const rows = await db.select().from(events).where(eq(events.entityId, site.id));
    expect(rows.map((row) => row.organizationId)).toEqual([await organizationId("Contoso")]);
  });
});
