import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PagedTable, usePagedList } from "@/components/common/paged-list";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { ListTooLongError, pagedQueryOptions } from "@/lib/api/paging";
import type { Page } from "@/lib/pagination";
import { makeQueryClient } from "@/lib/query-client";
import { renderWithProviders } from "../providers";

// The paged list every list screen is built on, through its table: the search asks the server once typing pauses,
// placeholder rows while the first page loads, the empty line, the failure and its retry, and "load more" appending
// the next page while busy in between.

interface Thing {
  id: string;
  name: string;
}

/** One call the list made: its search and cursor, answered (or failed) when the test says. */
interface Call {
  search: string;
  cursor: string;
  answer: (page: Page<Thing>) => Promise<void>;
  fail: (message: string) => Promise<void>;
}

/** A server whose every answer the test gives by hand, so it can look at the list while a call is pending. */
function manualServer() {
  const calls: Call[] = [];
  const fetchPage = vi.fn(
    (search: string, cursor: string) =>
      new Promise<Page<Thing>>((resolve, reject) => {
        const settle = (action: () => void) => act(async () => action());
        calls.push({ search, cursor, answer: (page) => settle(() => resolve(page)), fail: (message) => settle(() => reject(new Error(message))) });
      }),
  );
  return { calls, fetchPage, last: () => calls[calls.length - 1] };
}

const things = (...names: string[]): Thing[] => names.map((name) => ({ id: name, name }));

function ThingsTable({ fetchPage, exportCsv }: { fetchPage: (search: string, cursor: string) => Promise<Page<Thing>>; exportCsv?: (search: string) => string }) {
  const list = usePagedList(
    (search) => pagedQueryOptions({ queryKey: ["things", search] as const, queryFn: ({ pageParam }) => fetchPage(search, pageParam) }),
    { keepPrevious: true },
  );
  return (
    <PagedTable
      list={list}
      search={{ label: "Filter things...", testId: "things-filter" }}
      exportCsv={exportCsv?.(list.searched)}
      testId="things-table"
      columns={1}
      header={<TableHead>Name</TableHead>}
      empty={list.searched ? `No thing matches “${list.searched}”.` : "No things yet."}
      emptyTestId="things-empty"
      loadMore={{ label: "Load more", testId: "things-more" }}
    >
      {(rows) =>
        rows.map((thing) => (
          <TableRow key={thing.id} data-testid="thing-row">
            <TableCell>{thing.name}</TableCell>
          </TableRow>
        ))
      }
    </PagedTable>
  );
}

const shownRows = () => screen.queryAllByTestId("thing-row").map((row) => row.textContent);
const table = () => screen.getByTestId("things-table");
const more = () => screen.queryByTestId("things-more") as HTMLButtonElement | null;

afterEach(() => {
  vi.useRealTimers();
});

describe("PagedTable", () => {
  it("offers the list as CSV with the search it shows, only where the screen gives its export", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const server = manualServer();
    const { unmount } = renderWithProviders(<ThingsTable fetchPage={server.fetchPage} />);
    expect(screen.queryByRole("link", { name: "Export CSV" })).toBeNull();
    unmount();
    renderWithProviders(<ThingsTable fetchPage={server.fetchPage} exportCsv={(search) => `/api/v1/thing.csv${search ? `?search=${search}` : ""}`} />);
    const link = screen.getByRole("link", { name: "Export CSV" });
    expect(link.getAttribute("href")).toBe("/api/v1/thing.csv");
    expect(link.hasAttribute("download")).toBe(true);
    fireEvent.change(screen.getByRole("textbox", { name: "Filter things..." }), { target: { value: "alp" } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/v1/thing.csv?search=alp");
  });

  it("asks the server once typing has paused, with the search trimmed, not once per key", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const server = manualServer();
    renderWithProviders(<ThingsTable fetchPage={server.fetchPage} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls.map((call) => call.search)).toEqual([""]);
    await server.last().answer({ items: things("alpha", "beta"), nextCursor: null });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shownRows()).toEqual(["alpha", "beta"]);

    const box = screen.getByRole("textbox", { name: "Filter things..." });
    for (const typed of ["a", "al", "alp", " alph "]) {
      fireEvent.change(box, { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(200));
    }
    expect(server.calls.map((call) => call.search)).toEqual([""]);
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(server.calls.map((call) => call.search)).toEqual([""]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.calls.map((call) => call.search)).toEqual(["", "alph"]);
    // The previous rows stay while the search loads, then give way to its answer.
    expect(shownRows()).toEqual(["alpha", "beta"]);
    await server.last().answer({ items: things("alpha"), nextCursor: null });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shownRows()).toEqual(["alpha"]);
    expect(box).toHaveProperty("value", " alph ");
  });

  it("shows placeholder rows while the first page loads, then the rows", async () => {
    const server = manualServer();
    renderWithProviders(<ThingsTable fetchPage={server.fetchPage} />);
    expect(table().querySelectorAll("[data-slot=skeleton]")).toHaveLength(3);
    expect(shownRows()).toEqual([]);
    await server.last().answer({ items: things("alpha"), nextCursor: null });
    expect(await screen.findByText("alpha")).toBeTruthy();
    expect(table().querySelectorAll("[data-slot=skeleton]")).toHaveLength(0);
    expect(more()).toBeNull();
  });

  it("says so when there is no row, and when nothing matches the search", async () => {
    const server = manualServer();
    renderWithProviders(<ThingsTable fetchPage={server.fetchPage} />);
    await server.last().answer({ items: [], nextCursor: null });
    expect((await screen.findByTestId("things-empty")).textContent).toBe("No things yet.");
    fireEvent.change(screen.getByTestId("things-filter"), { target: { value: "zeta" } });
    await vi.waitFor(() => expect(server.last().search).toBe("zeta"));
    await server.last().answer({ items: [], nextCursor: null });
    await vi.waitFor(() => expect(screen.getByTestId("things-empty").textContent).toBe("No thing matches “zeta”."));
    expect(within(table()).queryAllByTestId("thing-row")).toHaveLength(0);
  });

  it("shows a first page's failure alone, and its retry asks again and shows the rows", async () => {
    const server = manualServer();
    renderWithProviders(<ThingsTable fetchPage={server.fetchPage} />);
    await server.last().fail("boom");
    expect(await screen.findByText("Error loading content: boom.")).toBeTruthy();
    expect(screen.queryByTestId("things-table")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Click here to try again." }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.last().cursor).toBe("");
    await server.last().answer({ items: things("alpha"), nextCursor: null });
    expect(await screen.findByText("alpha")).toBeTruthy();
    expect(screen.queryByText("Error loading content: boom.")).toBeNull();
  });

  it("appends the next page on load more, busy and disabled until it comes, and gone after the last page", async () => {
    const server = manualServer();
    renderWithProviders(<ThingsTable fetchPage={server.fetchPage} />);
    await server.last().answer({ items: things("alpha", "beta"), nextCursor: "after-beta" });
    await vi.waitFor(() => expect(more()).not.toBeNull());
    fireEvent.click(more()!);
    await vi.waitFor(() => expect(more()!.disabled).toBe(true));
    expect(more()!.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(more()!);
    expect(server.calls.map((call) => call.cursor)).toEqual(["", "after-beta"]);
    // A row the next page repeats (it moved while the pages were read) is shown once.
    await server.last().answer({ items: things("beta", "gamma"), nextCursor: null });
    await vi.waitFor(() => expect(shownRows()).toEqual(["alpha", "beta", "gamma"]));
    expect(more()).toBeNull();
  });

  it("loads more without submitting the form the list sits in (a dialog's picker)", async () => {
    const server = manualServer();
    const submit = vi.fn((event: React.FormEvent) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={submit}>
        <ThingsTable fetchPage={server.fetchPage} />
      </form>,
    );
    await server.last().answer({ items: things("alpha"), nextCursor: "after-alpha" });
    await vi.waitFor(() => expect(more()).not.toBeNull());
    fireEvent.click(more()!);
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(submit).not.toHaveBeenCalled();
  });

  it("keeps the rows when a next page fails, and its retry asks that page again", async () => {
    const server = manualServer();
    renderWithProviders(<ThingsTable fetchPage={server.fetchPage} />);
    await server.last().answer({ items: things("alpha"), nextCursor: "after-alpha" });
    await vi.waitFor(() => expect(more()).not.toBeNull());
    fireEvent.click(more()!);
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    await server.last().fail("offline");
    expect(await screen.findByText("Error loading content: offline.")).toBeTruthy();
    expect(shownRows()).toEqual(["alpha"]);
    expect(more()!.disabled).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Click here to try again." }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(3));
    expect(server.last().cursor).toBe("after-alpha");
    await server.last().answer({ items: things("beta"), nextCursor: null });
    await vi.waitFor(() => expect(shownRows()).toEqual(["alpha", "beta"]));
    expect(screen.queryByText("Error loading content: offline.")).toBeNull();
  });
});

describe("a list too long to load whole", () => {
  it("is not asked again by the console's query client, which retries other failures", () => {
    const retry = makeQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== "function") throw new Error("the query client decides retries with a function");
    expect(retry(0, new ListTooLongError(10_000))).toBe(false);
    expect(retry(0, new Error("The server could not be reached"))).toBe(true);
  });
});
