import { readFile, mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import Papa from "papaparse";
import { WEBHOOK_VERIFY_SNIPPET } from "@/lib/webhooks/constants";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { chooseInSelect, openUserMenu, unique } from "./steps";

// Issue 43's journey, as an MSP and its customer run their automation: the customer imports five paths from a CSV
// file after a dry run that found one mistake (and removes them again, so the other specs see the demo network as
// it was); the MSP's admin makes a read-only API token and uses it from a script, subscribes a receiver of its own to
// alarms, brings a link down to raise one, sees the signed delivery in the endpoint's log and redelivers it, and
// exports the audit log of one of the customer's imported paths.

test.describe.configure({ mode: "serial" });

const run = unique();
const pathNames = [1, 2, 3, 4, 5].map((n) => `Imported ${run} ${n}`);

/** A call to the API as the page's user, sent as JSON from the console's origin as the browser's calls are. */
async function api(request: APIRequestContext, method: "GET" | "POST" | "DELETE", url: string, data?: unknown, headers: Record<string, string> = {}) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await request.fetch(`/api/v1${url}`, { method, data, headers: { origin, "content-type": "application/json", ...headers } });
  return { status: response.status(), body: response.status() === 204 ? null : await response.json().catch(() => null) };
}

async function openConsole(page: Page, route: string) {
  await page.goto("/");
  const organizationId = currentOrganizationId(page);
  await page.goto(`/organization/${organizationId}/${route}`);
  await page.getByTestId("realtime-status").waitFor();
  return organizationId;
}

test.describe("a customer's admin", () => {
  as("admin@contoso.example");

  test("imports five paths from a CSV file after a dry run that found one mistake", async ({ page }) => {
    const organizationId = await openConsole(page, "paths");
    // Two ends of one of Contoso's own paths, by the names people read in the file.
    const { body: list } = await api(page.request, "GET", "/config/path?layer=layer2&limit=1");
    const model = list.items[0];
    const header = ["name", "layer", "sourceSiteName", "sourceConnectorName", "destinationSiteName", "destinationConnectorName", "bandwidth", "vlanType", "vlanId", "prefix"];
    const vlanBase = 3000 + Math.floor(Math.random() * 900);
    const row = (name: string, vlanId: number) => [name, "layer2", model.sourceSiteName, model.sourceConnectorName, model.destinationSiteName, model.destinationConnectorName, "1", "specific", String(vlanId), ""];
    const rows = pathNames.map((name, index) => row(name, vlanBase + index));
    const file = (lines: string[][]) => ({ name: "paths.csv", mimeType: "text/csv", buffer: Buffer.from(Papa.unparse([header, ...lines], { newline: "\r\n" })) });

    await page.getByTestId("import-paths").click();
    // The third row's VLAN is out of range: the dry run names its line and column, and writes nothing.
    await page.getByTestId("import-csv-file").setInputFiles(file(rows.map((line, index) => (index === 2 ? [...line.slice(0, 8), "5000", ""] : line))));
    await page.getByTestId("import-csv-check").click();
    const error = page.getByTestId("import-csv-error");
    await expect(error).toHaveCount(1);
    await expect(error).toHaveAttribute("data-line", "4");
    await expect(error).toContainText("vlanId");
    expect((await api(page.request, "GET", `/config/organization/${organizationId}/path?search=${encodeURIComponent(`Imported ${run}`)}`)).body.items).toHaveLength(0);

    // The file put right: checked again, then imported.
    await page.getByTestId("import-csv-file").setInputFiles(file(rows));
    await page.getByTestId("import-csv-check").click();
    await expect(page.getByTestId("import-csv-error")).toHaveCount(0);
    await page.getByTestId("import-csv-submit").click();
    await expect(page.getByTestId("import-csv-summary")).toContainText("5 created");
    await page.keyboard.press("Escape");
    await expect(page.getByText(pathNames[4], { exact: true })).toBeVisible();
    const imported = (await api(page.request, "GET", `/config/organization/${organizationId}/path?search=${encodeURIComponent(`Imported ${run}`)}`)).body.items;
    expect(imported.map((item: { name: string }) => item.name).sort()).toEqual(pathNames);

    // Removed again: their audit records stay (the MSP reads them next).
    for (const item of imported) expect((await api(page.request, "DELETE", `/config/path/${item.id}`)).status).toBeLessThan(300);
  });
});

test.describe("an MSP's admin", () => {
  as("admin@northwind.example");

  test("makes a read-only API token and uses it from a script", async ({ page, playwright }) => {
    await openConsole(page, "user/users");
    await page.getByTestId("people-tab-apiTokens").click();
    await page.getByTestId("api-token-create").click();
    const dialog = page.getByTestId("api-token-dialog");
    await dialog.getByTestId("api-token-name").fill(`script ${run}`);
    await dialog.getByTestId("api-token-create-submit").click();
    const secret = (await page.getByTestId("api-token-secret").inputValue()).trim();
    expect(secret).toMatch(/^mat_/);
    await page.getByTestId("api-token-secret-close").click();
    // The admin's own tokens (the organization's list below names it too).
    const row = page.getByTestId("api-tokens-table").getByTestId("api-token-row").filter({ hasText: `script ${run}` });
    await expect(row.getByTestId("api-token-status")).toContainText("Active");

    // A script with the token alone (no session): it reads, and it may not write.
    const script = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const authorization = { authorization: `Bearer ${secret}` };
    const read = await api(script, "GET", "/alarm?state=all&acknowledged=all&limit=1", undefined, authorization);
    expect(read.status).toBe(200);
    const refused = await api(script, "POST", "/alarm/acknowledge", { alarmIds: [read.body.items[0].id] }, authorization);
    expect(refused.status).toBe(403);
    await script.dispose();
    await page.reload();
    await expect(row.getByTestId("api-token-last-used")).not.toHaveText(/^(—|-|Never|Jamais)?$/);
  });

  test("subscribes a receiver to alarms, raises one, sees the signed delivery and redelivers it", async ({ page }) => {
    // The receiver: answers 200 to everything and keeps what came, verified by the documented snippet.
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const directory = await mkdtemp(path.join(tmpdir(), "maia-e2e-verify-"));
    await writeFile(path.join(directory, "verify.mjs"), WEBHOOK_VERIFY_SNIPPET);
    const { verifyMaiaWebhook } = (await import(pathToFileURL(path.join(directory, "verify.mjs")).href)) as {
      verifyMaiaWebhook: (secret: string, headers: IncomingHttpHeaders, body: string) => boolean;
    };
    try {
      const organizationId = await openConsole(page, "alarms");
      await openUserMenu(page);
      await page.getByTestId("menu-webhooks").click();
      await page.getByTestId("webhook-add").click();
      await page.getByTestId("webhook-url").fill(`http://127.0.0.1:${port}/maia`);
      // Alarm raised is ticked already.
      await expect(page.getByTestId("webhook-event-alarm.raised")).toBeChecked();
      await page.getByTestId("webhook-save").click();
      const secret = (await page.getByTestId("webhook-secret-value").inputValue()).trim();
      await page.getByTestId("webhook-secret-done").click();
      const endpoint = page.getByTestId("webhook-row").filter({ hasText: `127.0.0.1:${port}` });
      await expect(endpoint).toBeVisible();

      // One of Northwind's links goes down for a while: its link-down alarm is raised.
      const { body: links } = await api(page.request, "GET", `/config/msp/${organizationId}/link?limit=100`);
      const link = links.items[links.items.length - 1];
      expect((await api(page.request, "POST", `/simulator/link/${link.id}/down`, { durationSeconds: 30 })).status).toBeLessThan(300);
      await expect.poll(() => received.filter((delivery) => delivery.headers["x-maia-event"] === "alarm.raised").length, { timeout: 60_000 }).toBeGreaterThan(0);
      const first = received.find((delivery) => delivery.headers["x-maia-event"] === "alarm.raised")!;
      expect(verifyMaiaWebhook(secret, first.headers, first.body)).toBe(true);
      expect(verifyMaiaWebhook(secret, first.headers, first.body.replace("alarm", "alarn"))).toBe(false);
      expect(JSON.parse(first.body)).toMatchObject({ type: "alarm.raised" });

      // The endpoint's log shows it delivered; Redeliver sends the same event again, as a new delivery.
      await endpoint.getByTestId("webhook-deliveries-open").click();
      const delivery = page.getByTestId("webhook-delivery-row").first();
      await expect(delivery.getByTestId("webhook-delivery-status")).toContainText("200", { timeout: 30_000 });
      const before = received.length;
      await delivery.getByTestId("webhook-redeliver").click();
      await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(before);
      const again = received.at(-1)!;
      expect(verifyMaiaWebhook(secret, again.headers, again.body)).toBe(true);
      // The same event (its id) as a delivery before it, under a delivery id of its own.
      const earlier = received.slice(0, before).find((item) => JSON.parse(item.body).id === JSON.parse(again.body).id);
      expect(earlier).toBeDefined();
      expect(again.headers["x-maia-delivery"]).not.toBe(earlier!.headers["x-maia-delivery"]);

      // Gone again, so nothing else is sent to a receiver that stops with the test.
      await endpoint.getByTestId("webhook-delete").click();
      await page.getByTestId("webhook-delete-confirm-confirm").click();
      await expect(endpoint).toHaveCount(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test("exports the audit log of one of the customer's paths", async ({ page }) => {
    await openConsole(page, "audit");
    await chooseInSelect(page, "audit-kind", "Path");
    await page.getByTestId("audit-object-filter").fill(pathNames[0]);
    await page.getByTestId("audit-apply").click();
    const rows = page.getByTestId("audit-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first().getByTestId("audit-actor")).toContainText("admin@contoso.example");

    const download = page.waitForEvent("download");
    await page.getByTestId("audit-export-csv").click();
    const file = await (await download).path();
    const text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
    const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
    expect(parsed.data).toHaveLength(2);
    for (const line of parsed.data) expect(Object.values(line).join(" ")).toContain(pathNames[0]);
  });
});
