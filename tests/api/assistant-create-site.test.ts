import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approvalFor } from "@/server/assistant/actions";
import { toolEnvironment } from "@/server/assistant/tools/shared";
import type { ServiceContext } from "@/server/core/service-context";
import { resolveSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { events, sites } from "@/server/db/schema";
import { streamParts } from "./assistant-helpers";
import { call, organizationId, signIn } from "./helpers";

// The assistant's "create a site" action (issue 16, scope 5) on the demo network: the dry run asks for what is
// missing, validates with the site schema and the service's rules in the user's language, reaches only the caller's
// organizations, and creates nothing; after approval the site is created through the service as the user, with its
// event and a link to its page. A rejected preview changes nothing; a read-only user gets no preview.
process.env.TEST_SEED_NETWORK = "1";
delete process.env.ASSISTANT_BASE_URL;

const CONTOSO_ADMIN = "admin@contoso.example";
const CONTOSO_READONLY = "readonly@contoso.example";
const NORTHWIND_ADMIN = "admin@northwind.example";

const org: Record<string, string> = {};
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

async function contextFor(email: string): Promise<ServiceContext> {
  const cookie = await signIn(email);
  const db = await getDb();
  const principal = await resolveSession(db, decodeURIComponent(cookie.split("=")[1]));
  if (!principal) throw new Error(`no session for ${email}`);
  return { db, principal, requestId: randomUUID() };
}

async function approval(email: string, organization: string, input: Record<string, unknown>, locale: "en" | "fr" = "en") {
  const environment = toolEnvironment({ context: await contextFor(email), organizationId: org[organization], locale });
  return approvalFor(environment, "createSite", input);
}

const sitesNamed = async (name: string) => (await getDb()).select().from(sites).where(eq(sites.name, name));

const answerText = (parts: Record<string, unknown>[]) =>
  parts
    .filter((part) => part.type === "text-delta")
    .map((part) => part.delta)
    .join("");

async function say(cookie: string, chatId: string, text: string) {
  const answer = await call("POST", `/chat/${chatId}/message`, { cookie, body: { message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] } } });
  expect(answer.status).toBe(200);
  return streamParts(answer.body);
}

async function chatAs(email: string, organization: string) {
  const cookie = await signIn(email);
  const chat = await call("POST", "/chat", { cookie, body: { organizationId: org[organization] } });
  return { cookie, chatId: chat.body.id as string };
}

beforeAll(async () => {
  for (const name of ["Contoso", "Fabrikam", "Northwind Networks"]) org[name] = await organizationId(name);
});

describe("the dry run of createSite", () => {
  it("refuses a read-only user before anything else", async () => {
    expect(await approval(CONTOSO_READONLY, "Contoso", { name: "Lyon DC", location: "Lyon" })).toMatchObject({ type: "denied", reason: expect.stringContaining("You do not have permission") });
  });

  it("asks for the missing fields: name and place of a standard site, provider, account and region of a cloud one", async () => {
    const standard = await approval(CONTOSO_ADMIN, "Contoso", {});
    expect(standard).toMatchObject({ type: "denied", reason: expect.stringContaining("the site’s name (at least 2 characters), where it is") });
    const cloud = await approval(CONTOSO_ADMIN, "Contoso", { name: "Cloud One", type: "cloud" });
    expect(cloud.reason).toContain("the cloud provider");
    const aws = await approval(CONTOSO_ADMIN, "Contoso", { name: "AWS Paris", type: "aws" }, "fr");
    expect(aws).toMatchObject({ type: "denied", reason: expect.stringContaining("identifiant de compte AWS (12 chiffres)") });
    expect(aws.reason).toContain("la région");
    // From an MSP's own console, which customer: those it sees are offered, nobody else's.
    const msp = await approval(NORTHWIND_ADMIN, "Northwind Networks", { name: "Lyon DC", location: "Lyon" });
    expect(msp.reason).toContain("the customer it is for (Contoso, Fabrikam)");
    expect(msp.reason).not.toContain("Initech");
  });

  it("says what is wrong with the site schema's own messages, in the user's language", async () => {
    expect(await approval(CONTOSO_ADMIN, "Contoso", { name: "L", location: "Lyon" })).toMatchObject({ type: "denied", reason: expect.stringContaining("Name must be at least 2 characters") });
    expect(await approval(CONTOSO_ADMIN, "Contoso", { name: "L", location: "Lyon" }, "fr")).toMatchObject({ type: "denied", reason: expect.stringContaining("au moins 2 caractères") });
    expect(await approval(CONTOSO_ADMIN, "Contoso", { name: "AWS Paris", type: "aws", account: "1234", region: "eu-west-3" })).toMatchObject({ type: "denied", reason: expect.stringContaining("AWS account ID must be 12 digits") });
    expect(await approval(CONTOSO_ADMIN, "Contoso", { name: "AWS Paris", type: "aws", account: "123456789012", region: "westeurope" })).toMatchObject({ type: "denied", reason: expect.stringContaining("Region must be one of the AWS regions") });
    expect(await approval(CONTOSO_ADMIN, "Contoso", { name: "Nowhere", location: "Qqxzwv" })).toMatchObject({ type: "denied", reason: expect.stringContaining("finds nothing for “Qqxzwv”") });
    // The service's rule: sites belong to customers, not to the MSP itself.
    expect(await approval(NORTHWIND_ADMIN, "Northwind Networks", { name: "Lyon DC", location: "Lyon", organization: "Northwind" })).toMatchObject({ type: "denied", reason: expect.stringContaining("is not a customer") });
  });

  it("reaches only the caller's organizations: another tenant's answers like a missing one", async () => {
    const other = await approval(CONTOSO_ADMIN, "Contoso", { name: "Lyon DC", location: "Lyon", organization: "Fabrikam" });
    expect(other).toMatchObject({ type: "denied", reason: expect.stringContaining("cannot see “Fabrikam”") });
    const missing = await approval(CONTOSO_ADMIN, "Contoso", { name: "Lyon DC", location: "Lyon", organization: "Nonexistent Corp" });
    expect(missing.reason?.replace("Nonexistent Corp", "Fabrikam")).toBe(other.reason);
    expect(await approval(NORTHWIND_ADMIN, "Northwind Networks", { name: "Lyon DC", location: "Lyon", organization: "Initech" })).toMatchObject({ type: "denied", reason: expect.stringContaining("cannot see") });
  });

  it("previews everything it will create, and creates nothing", async () => {
    const name = unique("Lyon DC");
    const preview = await approval(CONTOSO_ADMIN, "Contoso", { name, location: "Lyon" }, "fr");
    expect(preview.type).toBe("user-approval");
    expect(preview.reason).toContain(`Je vais créer le site **${name}** dans Contoso :`);
    expect(preview.reason).toContain("- type : Standard");
    expect(preview.reason).toContain("- emplacement : Lyon, France");
    // An MSP names its customer; a cloud site takes its region's metro and shows its account.
    const cloud = await approval(NORTHWIND_ADMIN, "Northwind Networks", { name: "AWS Paris", type: "aws", account: "123456789012", region: "eu-west-3", organization: "contoso" });
    expect(cloud.type).toBe("user-approval");
    expect(cloud.reason).toContain("in Contoso:");
    expect(cloud.reason).toContain("- AWS account ID: 123456789012");
    expect(cloud.reason).toContain("- region: eu-west-3 — Europe (Paris)");
    expect(cloud.reason).toContain("- location: Paris (PA), France");
    // A namesake is told, not refused (names need not be unique).
    const namesake = await approval(CONTOSO_ADMIN, "Contoso", { name: "Paris HQ", location: "Paris" });
    expect(namesake).toMatchObject({ type: "user-approval", reason: expect.stringContaining("Contoso already has a site named Paris HQ: this adds another one.") });
    expect(await sitesNamed(name)).toHaveLength(0);
    expect(await sitesNamed("AWS Paris")).toHaveLength(0);
  });
});

describe("createSite through the chat", () => {
  it("asks for the name, reads the answer with the request, then creates the site on approval, as the user, with its event and link", async () => {
    const db = await getDb();
    const name = unique("Lyon DC");
    const { cookie, chatId } = await chatAs(CONTOSO_ADMIN, "Contoso");
    const asked = await say(cookie, chatId, "create a site in Lyon");
    expect(asked.some((part) => part.type === "tool-approval-request" && part.isAutomatic !== true)).toBe(false);
    expect(answerText(asked)).toContain("the site’s name");

    const parts = await say(cookie, chatId, name);
    const request = parts.find((part) => part.type === "tool-approval-request" && part.isAutomatic !== true);
    expect(request).toMatchObject({ reason: expect.stringContaining(name) });
    expect(await sitesNamed(name)).toHaveLength(0);

    const approved = await call("POST", `/chat/${chatId}/message`, { cookie, body: { approval: { id: request!.approvalId, approved: true } } });
    expect(approved.status).toBe(200);
    const output = streamParts(approved.body).find((part) => part.type === "tool-output-available") as { output: { done: string; links: { path: string }[] } };
    expect(output.output.done).toContain(name);
    const [created] = await sitesNamed(name);
    expect(created).toMatchObject({ organizationId: org.Contoso, type: "standard" });
    expect(created.locationAddress).toMatch(/^Lyon/);
    expect(output.output.links[0].path).toBe(`customer/site/${created.id}`);
    const [event] = await db.select().from(events).where(eq(events.entityId, created.id));
    expect(event).toMatchObject({ entityType: "site", type: "site.created", actorUserId: (await contextFor(CONTOSO_ADMIN)).principal.userId });
    // The site is the API's like any other.
    expect((await call("GET", `/config/site/${created.id}`, { cookie })).status).toBe(200);
  });

  it("an MSP creates it in the customer it names, linked from its dashboard", async () => {
    const name = unique("Nantes Office");
    const { cookie, chatId } = await chatAs(NORTHWIND_ADMIN, "Northwind Networks");
    const parts = await say(cookie, chatId, `create a site called ${name} in Nantes for Fabrikam`);
    const request = parts.find((part) => part.type === "tool-approval-request" && part.isAutomatic !== true);
    expect(request).toMatchObject({ reason: expect.stringContaining(" in Fabrikam:") });
    const approved = await call("POST", `/chat/${chatId}/message`, { cookie, body: { approval: { id: request!.approvalId, approved: true } } });
    const output = streamParts(approved.body).find((part) => part.type === "tool-output-available") as { output: { links: { path: string }[] } };
    const [created] = await sitesNamed(name);
    expect(created.organizationId).toBe(org.Fabrikam);
    expect(output.output.links[0].path).toBe(`msp/dashboard/${org.Fabrikam}/${created.id}`);
  });

  it("creates nothing when the user rejects the preview", async () => {
    const name = unique("Bordeaux");
    const { cookie, chatId } = await chatAs(CONTOSO_ADMIN, "Contoso");
    const parts = await say(cookie, chatId, `crée un site ${name} à Bordeaux`);
    const request = parts.find((part) => part.type === "tool-approval-request" && part.isAutomatic !== true);
    expect(request).toMatchObject({ reason: expect.stringContaining(name) });
    const rejected = await call("POST", `/chat/${chatId}/message`, { cookie, body: { approval: { id: request!.approvalId, approved: false } } });
    expect(rejected.status).toBe(200);
    expect(streamParts(rejected.body).some((part) => part.type === "tool-output-denied")).toBe(true);
    expect(await sitesNamed(name)).toHaveLength(0);
  });

  it("refuses a read-only user without a preview", async () => {
    const { cookie, chatId } = await chatAs(CONTOSO_READONLY, "Contoso");
    const parts = await say(cookie, chatId, "create a site called Lyon DC in Lyon");
    expect(parts.some((part) => part.type === "tool-approval-request" && part.isAutomatic !== true)).toBe(false);
    expect(answerText(parts)).toContain("You do not have permission");
    expect(await sitesNamed("Lyon DC")).toHaveLength(0);
  });
});
