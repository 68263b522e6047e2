import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api/client";
import { makeQueryClient } from "@/lib/query-client";

// Unit tests run where TanStack's isServer holds (no window), as a server page's prefetch does.
describe("the query client on the server", () => {
  it("asks once when a prefetch fails, so the page renders without waiting on retries", async () => {
    const client = makeQueryClient();
    let calls = 0;
    await client.prefetchQuery({
      queryKey: ["failing"],
      queryFn: () => {
        calls++;
        throw new ApiRequestError("Bad gateway", 502, "r-1");
      },
    });
    expect(calls).toBe(1);
    expect(client.getQueryState(["failing"])?.status).toBe("error");
  });
});
