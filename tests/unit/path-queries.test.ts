import { describe, expect, it, vi } from "vitest";
import { PATH_SEARCH_MAX } from "@/lib/constants";
import { pathKeys, pathListFilter, pathListNarrowing, pathsQueryOptions } from "@/lib/paths/queries";
import { pathListQuerySchema } from "@/lib/paths/schema";

describe("the paths list's search", () => {
  it("is cut to what the API accepts, under the same key for the page's ?search= and the box", () => {
    const long = `  ${"Paris ".repeat(30)}`;
    const [, , filter] = pathKeys.list({ organizationId: "org", search: long });
    const search = (filter as { search: string }).search;
    expect(search).toHaveLength(PATH_SEARCH_MAX);
    expect(pathListQuerySchema.safeParse({ search }).success).toBe(true);
    expect(pathKeys.list({ search: long.trim().slice(0, PATH_SEARCH_MAX) })).toEqual(pathKeys.list({ search: long }));
  });
});

describe("the paths list's SLA state and layer filters", () => {
  it("take from the page's URL only the states and layers the API knows", () => {
    expect(pathListNarrowing({ sla: "bad", layer: "layer3" })).toEqual({ slaHealth: "bad", layer: "layer3" });
    expect(pathListNarrowing({ sla: "worse", layer: ["layer2"] })).toEqual({});
    expect(pathListNarrowing({})).toEqual({});
    for (const sla of ["healthy", "warning", "bad", "unknown"]) {
      expect(pathListQuerySchema.safeParse(pathListNarrowing({ sla })).success).toBe(true);
    }
  });

  it("ask the API for them, each filter under a key of its own", async () => {
    const filter = pathListFilter("org", "org", undefined, { slaHealth: "warning", layer: "layer2" });
    expect(pathKeys.list(filter)).not.toEqual(pathKeys.list(pathListFilter("org", "org")));
    expect(pathKeys.list(filter)).not.toEqual(pathKeys.list({ ...filter, layer: "layer3" }));
    const fetch = vi.fn(async () => Response.json({ items: [], nextCursor: null }));
    vi.stubGlobal("fetch", fetch);
    try {
      const options = pathsQueryOptions(filter);
      await (options.queryFn as (context: { pageParam: string; signal: AbortSignal }) => Promise<unknown>)({ pageParam: "", signal: new AbortController().signal });
    } finally {
      vi.unstubAllGlobals();
    }
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), "http://console");
    expect(url.searchParams.get("slaHealth")).toBe("warning");
    expect(url.searchParams.get("layer")).toBe("layer2");
  });
});
