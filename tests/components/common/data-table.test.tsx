import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DataHeads, DataRow, useUrlSort, type DataColumn } from "@/components/common/data-table";
import { Table, TableBody, TableHeader, TableRow } from "@/components/ui/table";
import { renderWithProviders } from "../providers";

// Issue 42 scope 6: the list pages' one table. Its heads sort the list on the server through the URL (aria-sort, an
// arrow, the other way on a second click, the column's own first order), and the columns a narrow card cannot hold
// move into the row's details, opened by a disclosure button with an accessible name.

const url = vi.hoisted(() => ({ search: new URLSearchParams(), replace: vi.fn<(href: string, options?: { scroll?: boolean }) => void>() }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: url.replace, refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/msp/topology",
  useSearchParams: () => url.search,
}));

interface Link {
  id: string;
  name: string;
  bandwidth: number;
  latency: string;
  ends: string;
}

const LINK: Link = { id: "l1", name: "par-fra", bandwidth: 10_000, latency: "4.2 ms", ends: "Paris → Frankfurt" };

const COLUMNS: DataColumn<Link>[] = [
  { id: "name", label: "Name", sort: "name", cell: (link) => link.name },
  { id: "bandwidth", label: "Bandwidth", sort: "bandwidth", priority: 2, headClassName: "text-right", cell: (link) => `${link.bandwidth} Mbps` },
  { id: "latency", label: "Latency", priority: 2, cell: (link) => link.latency },
  { id: "ends", label: "Endpoints", priority: 3, cell: (link) => link.ends },
];

function LinksTable({ columns = COLUMNS }: { columns?: DataColumn<Link>[] }) {
  const { sorting } = useUrlSort("topologyLinks", { sort: "name", order: "asc" });
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <DataHeads columns={columns} sorting={sorting} />
        </TableRow>
      </TableHeader>
      <TableBody>
        <DataRow row={LINK} columns={columns} name={LINK.name} rowProps={{ "data-testid": "link-row" }} />
      </TableBody>
    </Table>
  );
}

const head = (name: string) => screen.getByRole("columnheader", { name: new RegExp(`^${name}`) });

beforeEach(() => {
  url.search = new URLSearchParams();
  url.replace.mockClear();
});

describe("sortable heads", () => {
  it("say the list's default sort, and sort the other way on a second click", () => {
    renderWithProviders(<LinksTable />);
    expect(head("Name").getAttribute("aria-sort")).toBe("ascending");
    expect(head("Bandwidth").hasAttribute("aria-sort")).toBe(false);
    expect(head("Latency").hasAttribute("aria-sort")).toBe(false);
    expect(within(head("Latency")).queryByRole("button")).toBeNull();

    fireEvent.click(within(head("Name")).getByRole("button", { name: "Name" }));
    expect(url.replace).toHaveBeenLastCalledWith("/msp/topology?sort=name&order=desc", { scroll: false });
  });

  it("sort a column first in its own order (the largest bandwidth first), keeping the rest of the URL", () => {
    url.search = new URLSearchParams("search=par&node=n1");
    renderWithProviders(<LinksTable />);
    fireEvent.click(within(head("Bandwidth")).getByRole("button", { name: "Bandwidth" }));
    expect(url.replace).toHaveBeenLastCalledWith("/msp/topology?search=par&node=n1&sort=bandwidth&order=desc", { scroll: false });
  });

  it("read the sort from the URL, and leave the URL clean when back to the default", () => {
    url.search = new URLSearchParams("sort=bandwidth&order=asc&type=fiber");
    renderWithProviders(<LinksTable />);
    expect(head("Bandwidth").getAttribute("aria-sort")).toBe("ascending");
    expect(head("Name").hasAttribute("aria-sort")).toBe(false);
    fireEvent.click(within(head("Name")).getByRole("button", { name: "Name" }));
    expect(url.replace).toHaveBeenLastCalledWith("/msp/topology?type=fiber", { scroll: false });
  });

  it("ignore a column the list cannot sort by", () => {
    url.search = new URLSearchParams("sort=password&order=desc");
    renderWithProviders(<LinksTable />);
    expect(head("Name").getAttribute("aria-sort")).toBe("ascending");
  });
});

describe("column priorities", () => {
  it("fold the less important columns below their width, into the row's details", () => {
    renderWithProviders(<LinksTable />);
    const row = screen.getByTestId("link-row");
    const cells = within(row).getAllByRole("cell");
    // Name always; bandwidth and latency from a 672 px card; the ends from 896 px; the disclosure until then.
    expect(cells[0].className).not.toMatch(/hidden/);
    expect(cells[1].className).toMatch(/\bhidden\b.*@2xl:table-cell/);
    expect(cells[3].className).toMatch(/\bhidden\b.*@4xl:table-cell/);
    expect(cells[4].className).toMatch(/@4xl:hidden/);
    expect(head("Details").className).toMatch(/@4xl:hidden/);

    const toggle = within(row).getByRole("button", { name: "Show the other columns of par-fra" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByTestId("row-details")).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Hide the other columns of par-fra");
    const details = screen.getByTestId("row-details");
    expect(toggle.getAttribute("aria-controls")).toBe(details.id);
    const terms = within(details).getAllByRole("term").map((term) => term.textContent);
    expect(terms).toEqual(["Bandwidth", "Latency", "Endpoints"]);
    expect(within(details).getByText("10000 Mbps").closest("div")!.className).toMatch(/@2xl:hidden/);
    expect(within(details).getByText("Paris → Frankfurt").closest("div")!.className).toMatch(/@4xl:hidden/);

    fireEvent.click(toggle);
    expect(screen.queryByTestId("row-details")).toBeNull();
  });

  it("give a table whose columns all matter no disclosure", () => {
    renderWithProviders(<LinksTable columns={COLUMNS.filter((column) => !column.priority)} />);
    expect(within(screen.getByTestId("link-row")).queryByRole("button")).toBeNull();
    expect(screen.getAllByRole("columnheader")).toHaveLength(1);
  });

  it("name the disclosure in French", () => {
    renderWithProviders(<LinksTable />, { locale: "fr" });
    expect(screen.getByRole("button", { name: "Afficher les autres colonnes de par-fra" }).getAttribute("aria-expanded")).toBe("false");
  });
});
