import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configurePaging, FETCH_ALL_MAX_ITEMS, fetchAllPages, ListTooLongError, pagedQueryOptions } from "@/lib/api/paging";
import { MAX_PAGE_SIZE, type Page } from "@/lib/pagination";

// The browser's paging (lib/api/paging.ts): one set of options for every cursor list, and a bounded read of a whole one.

/** A server holding `total` rows of a list, answering `limit` rows a page after an opaque cursor. */
function stubList(total: number) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
      const params = new URL(url, "http://x").searchParams;
      asked.push(params);
      const from = Number(params.get("cursor") ?? 0);
      const to = Math.min(total, from + Number(params.get("limit")));
      const items = Array.from({ length: to - from }, (_, index) => ({ id: `r${from + index}` }));
      return Response.json({ items, nextCursor: to < total ? String(to) : null });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configurePaging({ listTooLong: (limit) => `The list holds more than ${limit} rows, too many to load at once` });
});

describe("pagedQueryOptions", () => {
  it("asks the first page without a cursor, then each page after the last one's cursor, until a page has none", async () => {
    const cursors: string[] = [];
    const pages: Record<string, { items: string[]; nextCursor: string | null }> = {
      "": { items: ["a", "b"], nextCursor: "c1" },
      c1: { items: ["c"], nextCursor: "c2" },
      c2: { items: ["d"], nextCursor: null },
    };
    const options = pagedQueryOptions({
      queryKey: ["things"] as const,
      queryFn: async ({ pageParam }) => {
        cursors.push(pageParam);
        return pages[pageParam];
      },
    });
    const data = await new QueryClient().fetchInfiniteQuery({ ...options, pages: 10 });
    expect(cursors).toEqual(["", "c1", "c2"]);
    expect(data.pages.flatMap((page) => page.items)).toEqual(["a", "b", "c", "d"]);
    expect(data.pageParams).toEqual(["", "c1", "c2"]);
  });

  it("says there is no next page after one whose cursor is null", () => {
    const options = pagedQueryOptions({ queryKey: ["things"] as const, queryFn: async (): Promise<Page<string>> => ({ items: [], nextCursor: null }) });
    expect(options.initialPageParam).toBe("");
    expect(options.getNextPageParam({ items: ["a"], nextCursor: null }, [], "", [])).toBeUndefined();
    expect(options.getNextPageParam({ items: ["a"], nextCursor: "next" }, [], "", [])).toBe("next");
  });
});

describe("fetchAllPages", () => {
  it("reads every page in order, the largest pages the API gives, with the query", async () => {
    const asked = stubList(1_200);
    const rows = await fetchAllPages("/api/v1/config/path", { query: { siteId: "s1" } });
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 1_200 }, (_, index) => `r${index}`));
    expect(asked.map((params) => [params.get("cursor"), params.get("limit"), params.get("siteId")])).toEqual([
      [null, String(MAX_PAGE_SIZE), "s1"],
      ["500", String(MAX_PAGE_SIZE), "s1"],
      ["1000", String(MAX_PAGE_SIZE), "s1"],
    ]);
  });

  it("stops when the caller's signal aborts (a query cancelled)", async () => {
    const asked = stubList(1_200);
    const controller = new AbortController();
    controller.abort();
    await expect(fetchAllPages("/api/v1/config/path", {}, controller.signal)).rejects.toMatchObject({ name: "AbortError" });
    expect(asked).toHaveLength(0);
  });

  it("answers a list of exactly its bound whole", async () => {
    stubList(30);
    expect(await fetchAllPages("/api/v1/config/path", {}, undefined, { maxItems: 30, pageSize: 10 })).toHaveLength(30);
  });

  it("refuses a list longer than its bound, in the UI's words, after reading no more than the bound", async () => {
    configurePaging({ listTooLong: (limit) => `Plus de ${limit} lignes` });
    const asked = stubList(31);
    const refusal = fetchAllPages("/api/v1/config/path", {}, undefined, { maxItems: 30, pageSize: 10 });
    await expect(refusal).rejects.toBeInstanceOf(ListTooLongError);
    await expect(refusal).rejects.toMatchObject({ message: "Plus de 30 lignes", limit: 30 });
    expect(asked).toHaveLength(3);
  });

  it("stops by default at 10,000 rows in 20 calls", async () => {
    expect(FETCH_ALL_MAX_ITEMS).toBe(10_000);
    const asked = stubList(1_000_000);
    await expect(fetchAllPages("/api/v1/inventory/device", {})).rejects.toMatchObject({ limit: 10_000 });
    expect(asked).toHaveLength(20);
  });

  it("stops a server whose cursors never end, even when its pages are empty", async () => {
    const fetchMock = vi.fn(async () => Response.json({ items: [], nextCursor: "again" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchAllPages("/api/v1/config/path", {}, undefined, { maxItems: 50, pageSize: 10 })).rejects.toBeInstanceOf(ListTooLongError);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});
