import { describe, expect, it } from "vitest";
import { configurationSearchSchema, eventSearchSchema } from "@/lib/events/schema";
import { readEventSearch, toSearchFlag } from "@/lib/events/search";

// The browser reads a search with lib/events/search.ts (no zod on a page's first load); the API with the schema.
// Both must read every input the same.
const VALUES: unknown[] = [
  undefined,
  null,
  "",
  "  ",
  "garbage",
  "2026-03-01",
  "2026-03-01T10:00:00Z",
  " 2026-03-01T12:00:00+02:00 ",
  "0000-12-31T23:59:59Z",
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
  "+010000-01-01T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  new Date("2026-01-01T00:00:00Z"),
  new Date("invalid"),
  42,
  0,
  true,
  ["a", "b"],
  ["2026-03-01", "x"],
  "x".repeat(150),
  { nested: 1 },
];

describe("the events search rules", () => {
  it("read every field as the API's schema does", () => {
    for (const startTime of VALUES) {
      for (const other of VALUES) {
        const input = { startTime, endTime: other, nodeId: other, type: other };
        const parsed = eventSearchSchema.safeParse(input);
        const read = readEventSearch(input);
        expect(read === null, JSON.stringify(input)).toBe(!parsed.success);
        if (parsed.success) expect(read, JSON.stringify(input)).toEqual(parsed.data);
      }
    }
  });

  it("read the properties flag as the configuration schema does", () => {
    for (const value of [...VALUES, "true", "TRUE", " yes ", "on", "1", "0", "false", 2, Number.NaN]) {
      expect(toSearchFlag(value), JSON.stringify(value)).toBe(configurationSearchSchema.parse({ properties: value }).properties);
    }
  });
});
