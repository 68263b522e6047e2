import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// Issue 42: a list's search and sort live in its URL. Typing in a list's filter box puts ?search= in the address once
// typing pauses; the link opens the list filtered, and its page's server renders the filtered, sorted rows itself —
// checked on the HTML the server sends, before any script runs.

interface ListCase {
  who: Parameters<typeof as>[0];
  list: string;
  path: (organizationId: string) => string;
  filter: string;
  table: string;
  row: string;
  /** A search, a row it keeps, and a row it leaves out. */
  search: string;
  kept: string;
  left: string;
  /** A sort of the list the server renders too (an empty string when the list has none). */
  sort: string;
  /** The list's API, with a query (search, sort) appended. */
  api: (organizationId: string, query: string) => string;
  /** The name a row of the API's answer shows. */
  name: (item: Record<string, unknown>) => string;
}

const CASES: ListCase[] = [
  {
    who: "admin@contoso.example",
    list: "sites",
    path: (id) => `/organization/${id}/customer/site`,
    filter: "sites-filter",
    table: "sites-table",
    row: "site-row",
    search: "Lyon",
    kept: "Lyon Branch",
    left: "Frankfurt DC",
    sort: "sort=name&order=desc",
    api: (id, query) => `/api/v1/config/organization/${id}/site?${query}`,
    name: (item) => String(item.name),
  },
  {
    who: "admin@northwind.example",
    list: "edge nodes",
    path: (id) => `/organization/${id}/msp/edgeNode`,
    filter: "nodes-filter",
    table: "nodes-table",
    row: "node-row",
    search: "sea",
    kept: "nw-edge-sea-01",
    left: "nw-edge-fra-01",
    sort: "sort=name&order=desc",
    api: (id, query) => `/api/v1/config/msp/${id}/node?kind=edge&${query}`,
    name: (item) => String(item.name),
  },
  {
    who: "admin@maia.example",
    list: "MSPs",
    path: (id) => `/organization/${id}/core/msp`,
    filter: "msps-filter",
    table: "msps-table",
    row: "msp-row",
    search: "Blue",
    kept: "Bluewave Telecom",
    left: "Northwind Networks",
    sort: "",
    api: (_id, query) => `/api/v1/core/msp?${query}`,
    name: (item) => String(item.name),
  },
];

async function organizationOf(page: Page) {
  await page.goto("/");
  return currentOrganizationId(page);
}

/** The rows of a list in the HTML the server sent: each row's markup, in order. */
const rowsIn = (html: string, row: string) =>
  html
    .split(`data-testid="${row}"`)
    .slice(1)
    .map((rest) => rest.slice(0, rest.indexOf("</tr>")));

async function apiNames(page: Page, url: string, listCase: ListCase) {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: Record<string, unknown>[] }).items.map(listCase.name);
}

for (const listCase of CASES) {
  test.describe(`${listCase.who}'s ${listCase.list}`, () => {
    as(listCase.who);

    test(`keeps the ${listCase.list}' search in the URL, and a link opens the list filtered`, async ({ page }) => {
      await page.goto(listCase.path(await organizationOf(page)));
      const rows = page.getByTestId(listCase.table).getByTestId(listCase.row);
      await expect(rows.filter({ hasText: listCase.left }).first()).toBeVisible();
      await page.getByTestId(listCase.filter).fill(listCase.search);
      await expect(page).toHaveURL(new RegExp(`[?&]search=${listCase.search}(&|$)`));
      await expect(rows.filter({ hasText: listCase.left })).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId(listCase.filter)).toHaveValue(listCase.search);
      await expect(rows.filter({ hasText: listCase.kept }).first()).toBeVisible();
      await expect(rows.filter({ hasText: listCase.left })).toHaveCount(0);
      // Clearing the box takes the search out of the URL.
      await page.getByTestId(listCase.filter).fill("");
      await expect(page).not.toHaveURL(/[?&]search=/);
      await expect(rows.filter({ hasText: listCase.left }).first()).toBeVisible();
    });

    test(`renders the searched ${listCase.sort ? "or sorted " : ""}${listCase.list} on the server`, async ({ page }) => {
      const organizationId = await organizationOf(page);
      const path = listCase.path(organizationId);
      const searched = `search=${encodeURIComponent(listCase.search)}`;
      const html = await (await page.request.get(`${path}?${searched}`)).text();
      const expected = await apiNames(page, listCase.api(organizationId, searched), listCase);
      expect(expected).toContain(listCase.kept);
      const rows = rowsIn(html, listCase.row);
      expect(rows).toHaveLength(expected.length);
      expect(rows.some((row) => row.includes(listCase.kept))).toBe(true);
      expect(rows.some((row) => row.includes(listCase.left))).toBe(false);
      if (!listCase.sort) return;
      // Sorted: the server's first row is the API's first item for that sort.
      const sortedHtml = await (await page.request.get(`${path}?${listCase.sort}`)).text();
      const [first] = await apiNames(page, listCase.api(organizationId, listCase.sort), listCase);
      expect(rowsIn(sortedHtml, listCase.row)[0]).toContain(first);
    });
  });
}
