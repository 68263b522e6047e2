import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_TYPES_COMMAND, API_TYPES_FILE, apiTypesSource } from "@/scripts/generate-api-types";

/** The first line where two texts part, with both versions of it. */
function firstDifference(committed: string, generated: string): string {
  const left = committed.split("\n");
  const right = generated.split("\n");
  const line = left.findIndex((text, index) => text !== right[index]);
  const at = line === -1 ? left.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(left[at] ?? "(end of file)")}, the routes now ${JSON.stringify(right[at] ?? "(end of file)")}`;
}

describe("the API's generated types", () => {
  it("are those of the OpenAPI document the routes declare now", { timeout: 60_000 }, async () => {
    const generated = await apiTypesSource();
    const committed = readFileSync(API_TYPES_FILE, "utf8");
    const file = path.relative(process.cwd(), API_TYPES_FILE);
    if (committed !== generated) {
      expect.fail(`${file} is stale: run \`${API_TYPES_COMMAND}\` and commit it (${firstDifference(committed, generated)})`);
    }
    expect(generated).toContain('"/api/v1/config/site/{siteId}"');
  });
});
