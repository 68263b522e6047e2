import type { Page } from "@playwright/test";
import type { Event } from "@/lib/events/schema";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { englishDateTimeText } from "./steps";

// The events page (SPEC §2, §5): startTime/endTime/nodeId in the URL, prefetched by the server, before/after diffs.

const DAY = 24 * 3600_000;

async function listEvents(page: Page, query: string, limit = 500): Promise<Event[]> {
  const response = await page.request.get(`/api/v1/event?${query}${query ? "&" : ""}limit=${limit}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Event[] }).items;
}

/** The shell's live indicator renders in the browser only: once it shows, the page is hydrated and interactive. */
const hydrated = (page: Page) => page.getByTestId("realtime-status").waitFor();

const rowIds = (page: Page) => page.getByTestId("event-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-event-id")));

/** A past window of the seeded month of history, whole UTC days (written as a date and as an ISO time). */
function pastWindow() {
  const start = new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10);
  const end = new Date(Date.now() - 8 * DAY);
  end.setUTCHours(0, 0, 0, 0);
  return { start, end: end.toISOString() };
}

test.describe("customer admin", () => {
  as("admin@contoso.example");

  test("a deep link with startTime and endTime renders exactly those events on first load", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    const { start, end } = pastWindow();
    const range = `startTime=${start}&endTime=${encodeURIComponent(end)}`;
    // The page's first page of events (50) is what the API answers for the same search.
    const before = await listEvents(page, range, 50);
    expect(before.length).toBeGreaterThan(1);
    // The browser may not ask the API for events: what shows on first load came with the HTML.
    const browserCalls: string[] = [];
    await page.route("**/api/v1/event**", (route) => {
      browserCalls.push(route.request().url());
      return route.abort();
    });
    const response = await page.goto(`/organization/${organizationId}/events?${range}&nodeId=`);
    const html = (await response?.text()) ?? "";
    const after = await listEvents(page, range, 50);
    const shown = await rowIds(page);
    // (Compared with the API's answer just before and just after, should something write history meanwhile.)
    const expected = [before, after].find((list) => list.length === shown.length && list.every((event, index) => event.id === shown[index]));
    expect(expected, "the rows are the API's events for this range, in its order").toBeDefined();
    for (const event of expected!) expect(html).toContain(`data-event-id="${event.id}"`);
    const times = await page.getByTestId("event-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-timestamp") ?? ""));
    expect(times).toEqual([...times].sort().reverse());
    for (const time of times) {
      expect(Date.parse(time)).toBeGreaterThanOrEqual(Date.parse(start));
      expect(Date.parse(time)).toBeLessThanOrEqual(Date.parse(end));
    }
    // The form shows the range it was opened with (UTC, to the minute), as English writes dates.
    await expect(page.getByTestId("event-start")).toHaveValue(englishDateTimeText(`${start}T00:00`));
    await expect(page.getByTestId("event-end")).toHaveValue(englishDateTimeText(end.slice(0, 16)));
    await expect(page.getByTestId("events-range")).toContainText("Events from");
    expect(browserCalls).toEqual([]);
  });

  test("a configuration change opens to its before/after diff", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    const { start, end } = pastWindow();
    const change = (await listEvents(page, `startTime=${start}&endTime=${encodeURIComponent(end)}`)).find(
      (event) => event.type === "path.updated" && event.before && event.after,
    );
    expect(change, "a seeded path change").toBeDefined();
    await page.goto(`/organization/${organizationId}/events?startTime=${start}&endTime=${encodeURIComponent(end)}`);
    await hydrated(page);
    const row = page.locator(`[data-testid=event-row][data-event-id="${change!.id}"]`);
    await expect(row).toContainText("path.updated");
    await expect(row).toContainText("Carla Diaz");
    await row.getByTestId("event-expand").click();
    await expect(row.getByTestId("event-expand")).toHaveAttribute("aria-expanded", "true");
    const diff = page.getByTestId("event-diff");
    await expect(diff).toBeVisible();
    const field = diff.locator('[data-testid=diff-row][data-path="bandwidthMbps"]');
    await expect(field).toHaveAttribute("data-change", "changed");
    const { bandwidthMbps: before } = change!.before as { bandwidthMbps: number };
    const { bandwidthMbps: after } = change!.after as { bandwidthMbps: number };
    await expect(field.getByTestId("diff-before")).toHaveText(String(before));
    await expect(field.getByTestId("diff-after")).toHaveText(String(after));
    await row.getByTestId("event-expand").click();
    await expect(diff).toHaveCount(0);
  });

  test("the form writes the range to the URL and the list follows it", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    await page.goto(`/organization/${organizationId}/events`);
    await hydrated(page);
    await expect(page.getByTestId("event-row").first()).toBeVisible();
    const { start, end } = pastWindow();
    await page.getByTestId("event-start").fill(`${start}T00:00`);
    await page.getByTestId("event-end").fill(end.slice(0, 16));
    await page.getByTestId("event-search-apply").click();
    await expect(page).toHaveURL(/startTime=.*endTime=/);
    const url = new URL(page.url());
    expect(url.searchParams.get("startTime")).toBe(`${start}T00:00:00.000Z`);
    expect(url.searchParams.get("endTime")).toBe(end);
    const expected = await listEvents(page, url.searchParams.toString(), 50);
    await expect(page.getByTestId("event-row")).toHaveCount(expected.length);
    expect(await rowIds(page)).toEqual(expected.map((event) => event.id));
    // A reversed range is refused in place.
    await page.getByTestId("event-start").fill(end.slice(0, 16));
    await page.getByTestId("event-end").fill(`${start}T00:00`);
    await page.getByTestId("event-search-apply").click();
    await expect(page.getByRole("alert").filter({ hasText: "The end of the range must be after its start." })).toBeVisible();
    await page.getByTestId("event-search-clear").click();
    await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/events$`));
  });
});

test.describe("operator", () => {
  as("admin@maia.example");

  test("load more continues where the first page ended, newest first, without repeating an event", async ({ page }) => {
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/events?endTime=${encodeURIComponent(new Date().toISOString())}`);
    await hydrated(page);
    await expect(page.getByTestId("event-row")).toHaveCount(50);
    await page.getByTestId("events-load-more").click();
    await expect.poll(async () => (await rowIds(page)).length).toBeGreaterThan(50);
    const ids = await rowIds(page);
    expect(new Set(ids).size).toBe(ids.length);
    const times = await page.getByTestId("event-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-timestamp") ?? ""));
    expect(times).toEqual([...times].sort().reverse());
    const url = new URL(page.url());
    const expected = await listEvents(page, url.searchParams.toString(), ids.length);
    expect(ids).toEqual(expected.map((event) => event.id));
  });
});

test.describe("live", () => {
  as("admin@fabrikam.example");

  /** A support ticket, which records an event on the server: its id. */
  async function openSupportTicket(page: Page, organizationId: string, message: string) {
    const ticket = await page.request.post("/api/v1/support/ticket", {
      data: { organizationId, message },
      headers: { origin: new URL(page.url()).origin, "content-type": "application/json" },
    });
    expect(ticket.status()).toBeLessThan(300);
    return ((await ticket.json()) as { id: string }).id;
  }

  test("a new event appears on an open-ended view without a reload", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    await page.goto(`/organization/${organizationId}/events`);
    await expect(page.getByTestId("realtime-status")).toHaveAttribute("data-state", "open");
    await expect(page.getByTestId("event-row").first()).toBeVisible();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const id = await openSupportTicket(page, organizationId, "Live events check from the end-to-end tests");
    const row = page.getByTestId("event-row").filter({ hasText: id });
    await expect(row).toBeVisible({ timeout: 5_000 });
    await expect(row).toContainText("supportTicket.created");
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test("an event raised after the server rendered the page, before it listened, appears once it is live", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    // The page hydrates once its language's catalogue has run: holding it back holds the page in its server HTML,
    // rendered and not yet listening on /ws.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/catalogue/**", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/organization/${organizationId}/events`, { waitUntil: "domcontentloaded" });
    await expect(page.getByTestId("event-row").first()).toBeVisible();
    const id = await openSupportTicket(page, organizationId, "Events between the render and the subscription");
    const row = page.getByTestId("event-row").filter({ hasText: id });
    expect(await row.count()).toBe(0);
    release();
    await expect(page.getByTestId("realtime-status")).toHaveAttribute("data-state", "open");
    // The page's data is fresh for 30 s: only the server's catch-up can bring the event this soon.
    await expect(row).toBeVisible({ timeout: 5_000 });
  });
});

test.describe("in French", () => {
  as("admin@bluewave.example");

  test("labels and the diff come from the French catalogue", async ({ page }) => {
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/events`);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Événements" })).toBeVisible();
    for (const heading of ["Date", "Type", "Objet", "Auteur"]) {
      await expect(page.getByTestId("events-table").getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText("Du (UTC)")).toBeVisible();
    await expect(page.getByTestId("event-search-apply")).toHaveText("Appliquer");
    const change = page.getByTestId("event-row").filter({ hasText: "path.updated" }).first();
    await change.getByTestId("event-expand").click();
    const diff = page.getByTestId("event-diff");
    await expect(diff.getByRole("columnheader", { name: "Avant" })).toBeVisible();
    await expect(diff.getByRole("columnheader", { name: "Après" })).toBeVisible();
  });

  test("dates are typed and chosen the French way, not the browser's mm/dd/yyyy", async ({ page }) => {
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/events`);
    await hydrated(page);
    const start = page.getByTestId("event-start");
    await expect(start).toHaveAttribute("placeholder", "jj/mm/aaaa hh:mm");
    await start.fill("2/3/2026 8h05");
    await start.blur();
    await expect(start).toHaveValue("02/03/2026 08:05");
    await page.getByTestId("event-start-calendar").click();
    await expect(page.getByTestId("date-time-calendar")).toContainText("mars 2026");
    await page.getByRole("button", { name: "mercredi 4 mars 2026" }).click();
    await expect(start).toHaveValue("04/03/2026 08:05");
    await page.getByTestId("event-search-apply").click();
    await expect(page).toHaveURL(/startTime=/);
    expect(new URL(page.url()).searchParams.get("startTime")).toBe("2026-03-04T08:05:00.000Z");
  });
});
