import { describe, expect, it } from "vitest";
import { PATH_SEARCH_MAX } from "@/lib/constants";
import { pathKeys } from "@/lib/paths/queries";
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
