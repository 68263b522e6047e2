import type { Locator, Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// Issue 42 scope 6: every list page's table sorts by a column from its head (sorted by the server, kept in the URL,
// aria-sort on the head), and at 1024 px the columns that matter stay in view — the others fold into each row's
// details, which a disclosure button opens.

interface SortCase {
  page: string;
  /** Where the list is, from the signed-in user's organization. */
  path: (organizationId: string) => string;
  table: string;
  row: string;
  /** The head's text, the API column, the order the click asks. */
  head: string | RegExp;
  sort: string;
  order: "asc" | "desc";
  /** The list's API call with that sort, and what its first item makes the first row show. */
  api: (organizationId: string) => string;
  first: (row: Locator, item: Record<string, unknown>) => Promise<void>;
}

async function organizationOf(page: Page) {
  await page.goto("/");
  return currentOrganizationId(page);
}

/** The first item of the API's own answer to the sort (the signed-in session's cookies go with the request). */
async function firstItem(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { items: Record<string, unknown>[] };
  expect(body.items.length).toBeGreaterThan(0);
  return body.items[0];
}

async function sortBy(page: Page, table: Locator, head: string | RegExp) {
  const header = table.getByRole("columnheader", { name: head });
  await header.getByRole("button").click();
  return header;
}

function sortsTheList(who: Parameters<typeof as>[0], cases: SortCase[]) {
  test.describe(`${who}'s lists`, () => {
    as(who);
    for (const sortCase of cases) {
      test(`sorts the ${sortCase.page} by ${sortCase.sort} (${sortCase.order}) from the column head`, async ({ page }) => {
        const organizationId = await organizationOf(page);
        await page.goto(sortCase.path(organizationId));
        const table = page.getByTestId(sortCase.table);
        await expect(table.getByTestId(sortCase.row).first()).toBeVisible();
        const header = await sortBy(page, table, sortCase.head);
        await expect(page).toHaveURL(new RegExp(`[?&]sort=${sortCase.sort}&order=${sortCase.order}`));
        await expect(header).toHaveAttribute("aria-sort", sortCase.order === "asc" ? "ascending" : "descending");
        const first = await firstItem(page, sortCase.api(organizationId));
        await sortCase.first(table.getByTestId(sortCase.row).first(), first);
        // A link to the sorted list opens sorted.
        await page.reload();
        await expect(table.getByRole("columnheader", { name: sortCase.head })).toHaveAttribute("aria-sort", sortCase.order === "asc" ? "ascending" : "descending");
        await sortCase.first(table.getByTestId(sortCase.row).first(), first);
      });
    }
  });
}

const shows = (field: string) => (row: Locator, item: Record<string, unknown>) => expect(row).toContainText(String(item[field]));
const name = shows("name");
const isItem = (attribute: string) => (row: Locator, item: Record<string, unknown>) => expect(row).toHaveAttribute(attribute, String(item.id));

sortsTheList("admin@contoso.example", [
  {
    page: "sites",
    path: (org) => `/organization/${org}/customer/site`,
    table: "sites-table",
    row: "site-row",
    head: /^Name/,
    sort: "name",
    order: "desc",
    api: (org) => `/api/v1/config/organization/${org}/site?sort=name&order=desc&limit=1`,
    first: name,
  },
  {
    page: "paths",
    path: (org) => `/organization/${org}/paths`,
    table: "paths-table",
    row: "path-row",
    head: /^Bandwidth/,
    sort: "bandwidth",
    order: "desc",
    api: (org) => `/api/v1/config/organization/${org}/path?sort=bandwidth&order=desc&limit=1`,
    first: name,
  },
  {
    page: "alarms",
    path: (org) => `/organization/${org}/alarms`,
    table: "alarms-table",
    row: "alarm-row",
    head: /^Severity/,
    sort: "severity",
    // Critical first is the column's own order: a first click asks for it.
    order: "desc",
    api: () => `/api/v1/alarm?sort=severity&order=desc&limit=1`,
    first: isItem("data-alarm-id"),
  },
  {
    page: "events",
    path: (org) => `/organization/${org}/events`,
    table: "events-table",
    row: "event-row",
    head: /^Time/,
    sort: "time",
    // The latest first is the default: a first click asks for the oldest first.
    order: "asc",
    api: () => `/api/v1/event?sort=time&order=asc&limit=1`,
    first: isItem("data-event-id"),
  },
]);

sortsTheList("admin@northwind.example", [
  {
    page: "edge nodes",
    path: (org) => `/organization/${org}/msp/edgeNode`,
    table: "nodes-table",
    row: "node-row",
    head: /^Name/,
    sort: "name",
    order: "desc",
    api: (org) => `/api/v1/config/msp/${org}/node?kind=edge&sort=name&order=desc&limit=1`,
    first: name,
  },
  {
    page: "inventory",
    path: (org) => `/organization/${org}/msp/inventory`,
    table: "devices-table",
    row: "device-row",
    head: /^Model/,
    sort: "model",
    order: "asc",
    api: () => `/api/v1/inventory/device?sort=model&order=asc&limit=1`,
    first: (row, item) => expect(row).toHaveAttribute("data-serial", String(item.serialNumber)),
  },
  {
    page: "topology links",
    path: (org) => `/organization/${org}/msp/topology`,
    table: "topology-links",
    row: "topology-link-row",
    head: /^Bandwidth/,
    sort: "bandwidth",
    order: "desc",
    api: (org) => `/api/v1/config/msp/${org}/topology/link?sort=bandwidth&order=desc&limit=1`,
    first: name,
  },
  {
    page: "finished lifecycle operations",
    path: (org) => `/organization/${org}/msp/lifecycle/finished`,
    table: "lifecycle-table",
    row: "lifecycle-row",
    head: /^Status/,
    sort: "state",
    order: "asc",
    api: () => `/api/v1/lifecycle/operation?tab=finished&sort=state&order=asc&limit=1`,
    first: (row, item) => expect(row).toHaveAttribute("data-serial", String(item.serialNumber)),
  },
]);

test.describe("at 1024 px", () => {
  as("admin@northwind.example");
  test.use({ viewport: { width: 1024, height: 768 } });

  test("the topology links keep bandwidth, status, latency and loss in view; the ends fold into the row's details", async ({ page }) => {
    const organizationId = await organizationOf(page);
    await page.goto(`/organization/${organizationId}/msp/topology`);
    const table = page.getByTestId("topology-links");
    const row = table.getByTestId("topology-link-row").first();
    await expect(row).toBeVisible();
    for (const head of ["Link", "Bandwidth", "Status", "Latency", "Loss"]) await expect(table.getByRole("columnheader", { name: new RegExp(`^${head}`) })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Endpoints" })).toBeHidden();
    // No column is cut off by the card: the table fits its scroller.
    const fits = await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth + 1);
    expect(fits).toBe(true);

    const disclosure = row.getByTestId("row-details-toggle");
    await expect(disclosure).toHaveAccessibleName(/^Show the other columns of /);
    await disclosure.click();
    await expect(disclosure).toHaveAttribute("aria-expanded", "true");
    const details = table.getByTestId("row-details");
    await expect(details.getByText("Endpoints")).toBeVisible();
    await expect(details.getByText("Priority")).toBeVisible();
    await expect(details.getByText("Bandwidth")).toBeHidden();
  });

  test("the finished lifecycle operations keep their status, summary and actions in view", async ({ page }) => {
    const organizationId = await organizationOf(page);
    await page.goto(`/organization/${organizationId}/msp/lifecycle/finished`);
    const table = page.getByTestId("lifecycle-table");
    const row = table.getByTestId("lifecycle-row").first();
    await expect(row).toBeVisible();
    for (const head of ["Device", "Status", "Finished", "Summary"]) await expect(table.getByRole("columnheader", { name: new RegExp(`^${head}`) })).toBeVisible();
    await expect(row.getByTestId("lifecycle-details-open")).toBeVisible();
    await expect(row.getByTestId("lifecycle-summary")).toBeVisible();
    const fits = await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth + 1);
    expect(fits).toBe(true);
    await row.getByTestId("row-details-toggle").click();
    await expect(table.getByTestId("row-details").getByText("Created by")).toBeVisible();
  });
});
