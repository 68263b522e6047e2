import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { nodes } from "@/server/db/schema";
import { summarizeToolResult } from "@/server/assistant/summaries";
import { AssistantToolError } from "@/server/assistant/scope";
import { runAssistantTool } from "./assistant-helpers";
import { call, organizationId, signIn } from "./helpers";
import { createSite, PARIS } from "./site-fixtures";

// "Where do I start?" (issue 40, scope 6): the steps from an empty organization to a watched network, each checked
// against what the organization has now, through the caller's tenancy — a new customer with nothing, then a site
// without a connector; the seeded customer with everything; a read-only user; a new MSP; the operator.
process.env.TEST_SEED_NETWORK = "1";
delete process.env.ASSISTANT_BASE_URL;

const NORTHWIND_ADMIN = "admin@northwind.example";
const OPERATOR = "admin@maia.example";

const started = async (email: string, organization: string, locale: "en" | "fr" = "en") => runAssistantTool(email, await organizationId(organization), "gettingStarted", {}, locale);
const written = (output: unknown, locale: "en" | "fr" = "en") => summarizeToolResult("gettingStarted", { type: "json", value: output as never }, locale);
const stepOf = (output: { steps: { step: string }[] }, name: string) => output.steps.find((step) => step.step === name);

describe("getting started", () => {
  it("walks a new customer from no site to a site without a connector, naming it", async () => {
    const created = await call("POST", `/config/msp/${await organizationId("Northwind Networks")}/organization`, {
      cookie: await signIn(NORTHWIND_ADMIN),
      body: { name: "Tailspin Toys", userEmail: "it@tailspin.example" },
    });
    expect(created.status).toBe(201);
    const empty = await started(NORTHWIND_ADMIN, "Tailspin Toys");
    expect(empty).toMatchObject({ organizationType: "customer", next: "sites" });
    expect(empty.steps.map((step: { step: string }) => step.step)).toEqual(["sites", "connectors", "paths", "monitor"]);
    expect(stepOf(empty, "sites")).toMatchObject({ done: false, count: 0 });
    expect(await written(empty)).toContain("Sites: none yet");

    await createSite("Tailspin Toys", { name: "Tailspin HQ", description: "", location: PARIS, type: "standard" }, NORTHWIND_ADMIN);
    const oneSite = await started(NORTHWIND_ADMIN, "Tailspin Toys");
    expect(oneSite.next).toBe("connectors");
    expect(stepOf(oneSite, "connectors")).toMatchObject({ done: false, pending: ["Tailspin HQ"], pendingTotal: 1 });
    const text = await written(oneSite);
    expect(text).toContain("✓ Sites: you have 1 site");
    expect(text).toContain("Tailspin HQ has no connector yet");
    expect(text).toContain("Next: give each site a connector");
  });

  it("counts the seeded customer's own objects only, as the lists do, and ticks what is done", async () => {
    const cookie = await signIn("admin@contoso.example");
    const contoso = await organizationId("Contoso");
    const [sitesList, pathsList] = await Promise.all([
      call("GET", `/config/organization/${contoso}/site?limit=100`, { cookie }),
      call("GET", `/config/organization/${contoso}/path?limit=100`, { cookie }),
    ]);
    const output = await started("admin@contoso.example", "Contoso");
    expect(stepOf(output, "sites")).toMatchObject({ done: true, count: sitesList.body.items.length });
    expect(stepOf(output, "paths")).toMatchObject({ done: true, count: pathsList.body.items.length });
    expect(output.links.map((link: { path: string }) => link.path)).toContain("customer/site");
    expect(await written(output, "fr")).toContain("Premiers pas dans Contoso");
  });

  it("tells a read-only user that they look and others change", async () => {
    const output = await started("readonly@contoso.example", "Contoso");
    expect(output.role).toBe("read-only");
    expect(output.steps.filter((step: { step: string; allowed: boolean }) => step.step !== "monitor").every((step: { allowed: boolean }) => !step.allowed)).toBe(true);
    expect(await written(output)).toContain("Your role (Read Only) lets you see everything here but cannot change anything");
  });

  it("starts a new MSP with claiming its devices, and the operator with its MSPs", async () => {
    const msp = await call("POST", "/core/msp", { cookie: await signIn(OPERATOR), body: { name: "Zephyr Transit", userEmail: "ops@zephyr.example" } });
    expect(msp.status).toBe(201);
    const fresh = await started(OPERATOR, "Zephyr Transit");
    expect(fresh).toMatchObject({ organizationType: "msp", next: "claim" });
    expect(stepOf(fresh, "claim")).toMatchObject({ done: false, count: 0 });
    expect(stepOf(fresh, "customers")).toMatchObject({ done: false, count: 0 });
    // Northwind's own inventory, whoever asks: the operator sees every device, but Northwind's are counted.
    const northwind = await started(OPERATOR, "Northwind Networks");
    const inventory = await call("GET", "/inventory/device?limit=100", { cookie: await signIn(NORTHWIND_ADMIN) });
    expect(inventory.status).toBe(200);
    expect(stepOf(northwind, "claim")).toMatchObject({ done: true, count: inventory.body.items.length });
    const operator = await started(OPERATOR, "Maia");
    expect(operator.steps.map((step: { step: string }) => step.step)).toEqual(["msps", "coreInventory", "colleagues", "monitor"]);
    expect(stepOf(operator, "msps")).toMatchObject({ done: true });
  });

  it("answers another tenant's organization as one out of sight", async () => {
    await expect(started("admin@fabrikam.example", "Contoso")).rejects.toBeInstanceOf(AssistantToolError);
  });
});

describe("whether a role may do a task (issue 40, scope 6)", () => {
  const guide = async (email: string, organization: string, input: Record<string, unknown>, locale: "en" | "fr" = "en") => {
    const output = await runAssistantTool(email, await organizationId(organization), "guideTask", input, locale);
    return { output, text: await summarizeToolResult("guideTask", { type: "json", value: output as never }, locale) };
  };

  it("answers for the role named, from the role → scopes table of the chat's organization type", async () => {
    const readOnly = await guide("admin@contoso.example", "Contoso", { task: "acknowledge", role: "read-only", may: true });
    expect(readOnly.output).toMatchObject({ allowed: false, role: "read-only", allowedRoles: ["admin", "configure"] });
    expect(readOnly.text.split("\n")[0]).toBe("**No: a Read Only user cannot acknowledge alarms; it takes Admin or Configure Only.**");
    expect(readOnly.text).not.toContain("Your role allows you");
    const configure = await guide("admin@contoso.example", "Contoso", { task: "invite", role: "configure", may: true }, "fr");
    expect(configure.text).toContain("Non : un utilisateur Configuration uniquement ne peut pas inviter des utilisateurs ; il faut Administrateur.");
  });

  it("answers for the asker's own role when none is named", async () => {
    const own = await guide("readonly@northwind.example", "Northwind Networks", { task: "schedule", may: true }, "fr");
    expect(own.output).toMatchObject({ allowed: false, role: null, askerRole: "read-only" });
    expect(own.text).toContain("Non : votre rôle (Lecture seule) ne permet pas de planifier des mises à jour et des redémarrages");
    expect(own.text).not.toContain("vous permet");
    const admin = await guide(NORTHWIND_ADMIN, "Northwind Networks", { task: "customer", may: true });
    expect(admin.text).toContain("Yes: your role (Admin) allows you to add customer organizations.");
  });
});

describe("how devices come to be claimed (issue 40, scope 6)", () => {
  const guide = async (email: string, organization: string, locale: "en" | "fr" = "en") => {
    const output = await runAssistantTool(email, await organizationId(organization), "guideTask", { task: "claim" }, locale);
    return { output, text: await summarizeToolResult("guideTask", { type: "json", value: output as never }, locale) };
  };

  it("tells the operator how devices go into stock, and an MSP how it claims one", async () => {
    const operator = await guide(OPERATOR, "Maia");
    expect(operator.output).toMatchObject({ variant: "stock", allowed: true });
    expect(operator.text).toContain("To put devices in stock for the MSPs:");
    expect(operator.text).toContain("Add device");
    expect(operator.text).toContain("8-character claim code");
    const operatorFr = await guide(OPERATOR, "Maia", "fr");
    expect(operatorFr.text).toContain("Pour mettre des équipements en stock pour les MSP");
    const msp = await guide(NORTHWIND_ADMIN, "Northwind Networks");
    expect(msp.output).toMatchObject({ variant: null, allowed: true });
    expect(msp.text).toContain("To claim a device:");
  });
});

describe("who has access (issue 40, scope 6)", () => {
  it("lists the chat organization's users with their roles as the Users tab does, and only its own", async () => {
    const contoso = await organizationId("Contoso");
    const tab = await call("GET", `/organization/${contoso}/user?limit=100`, { cookie: await signIn("admin@contoso.example") });
    expect(tab.status).toBe(200);
    const output = await runAssistantTool("admin@contoso.example", contoso, "listUsers", {});
    expect(output.total).toBe(tab.body.items.length);
    expect(output.users.map((user: { email: string }) => user.email).sort()).toEqual(tab.body.items.map((user: { email: string }) => user.email).sort());
    expect(output.users.every((user: { email: string }) => user.email.endsWith("@contoso.example"))).toBe(true);
    const admins = await runAssistantTool("admin@contoso.example", contoso, "listUsers", { role: "admin" });
    expect(admins.users.every((user: { role: string }) => user.role === "admin")).toBe(true);
    expect(admins.total).toBe(output.byRole.admin);
    const text = await summarizeToolResult("listUsers", { type: "json", value: output as never }, "en");
    expect(text).toContain("admin@contoso.example");
    expect(text).toMatch(/have access to “?Contoso/);
    // Another tenant's organization answers as out of sight.
    await expect(runAssistantTool("admin@fabrikam.example", contoso, "listUsers", {})).rejects.toBeInstanceOf(AssistantToolError);
  });
});

describe("who a node's failure hits (issue 40, scope 6)", () => {
  it("answers the topology's blast radius for the MSP, and the node is out of a customer's sight", async () => {
    const cookie = await signIn(NORTHWIND_ADMIN);
    const db = await getDb();
    const [node] = await db.select({ id: nodes.id }).from(nodes).where(eq(nodes.name, "nw-edge-par-01"));
    const radius = await call("GET", `/config/node/${node.id}/blast-radius`, { cookie });
    expect(radius.status).toBe(200);
    const output = await runAssistantTool(NORTHWIND_ADMIN, await organizationId("Northwind Networks"), "blastRadius", { node: "nw-edge-par-01" });
    expect(output).toMatchObject({ status: "found", pathCount: radius.body.pathCount });
    expect(output.customers.map((customer: { name: string }) => customer.name)).toEqual(radius.body.customers.map((customer: { name: string }) => customer.name));
    expect(radius.body.pathCount).toBeGreaterThan(0);
    const text = await summarizeToolResult("blastRadius", { type: "json", value: output as never }, "en");
    expect(text).toContain(`If nw-edge-par-01 fails, it hits ${radius.body.pathCount} path`);
    const customer = await runAssistantTool("admin@contoso.example", await organizationId("Contoso"), "blastRadius", { node: "nw-edge-par-01" });
    expect(customer.status).toBe("not-visible");
  });
});
