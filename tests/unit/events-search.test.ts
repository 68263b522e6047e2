import { describe, expect, it } from "vitest";
import { configurationSearchSchema, eventSearchSchema } from "@/lib/events/schema";

// SPEC §5: "times accepted as date or non-empty string parsed to a date, else undefined; nodeId converted to string;
// properties flag coerced to boolean" — one schema for the events page's URL and for GET /api/v1/event.

describe("eventSearchSchema — startTime and endTime", () => {
  it("keeps a Date", () => {
    const date = new Date("2026-03-01T12:00:00Z");
    expect(eventSearchSchema.parse({ startTime: date }).startTime).toEqual(date);
  });

  it.each([
    ["2026-03-01T12:00:00Z", "2026-03-01T12:00:00.000Z"],
    ["2026-03-01T12:00:00.250+02:00", "2026-03-01T10:00:00.250Z"],
    ["2026-03-01", "2026-03-01T00:00:00.000Z"],
    ["  2026-03-01T12:00:00Z  ", "2026-03-01T12:00:00.000Z"],
  ])("parses the string %j", (text, iso) => {
    const parsed = eventSearchSchema.parse({ startTime: text, endTime: text });
    expect(parsed.startTime?.toISOString()).toBe(iso);
    expect(parsed.endTime?.toISOString()).toBe(iso);
  });

  it.each([[""], ["   "], ["yesterday-ish"], ["2026-13-45"], [null], [42], [true], [{}], [["2026-03-01"]], [new Date("garbage")]])(
    "turns %j into undefined, not an error",
    (value) => {
      const result = eventSearchSchema.safeParse({ startTime: value, endTime: value });
      expect(result.success).toBe(true);
      expect(result.data?.startTime).toBeUndefined();
      expect(result.data?.endTime).toBeUndefined();
    },
  );

  // Issue 13 finding 6: years JavaScript reads but PostgreSQL cannot store are a validation error, not a database error.
  it.each([["-000001-01-01T00:00:00Z"], ["0000-01-01T00:00:00Z"], ["+275760-09-13T00:00:00Z"], ["+010000-01-01T00:00:00Z"], [new Date(Date.UTC(-5, 0, 1))]])(
    "refuses the year of %j with the range message",
    (value) => {
      const result = eventSearchSchema.safeParse({ startTime: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["startTime"], message: "validation.dateOutOfRange" });
      expect(eventSearchSchema.safeParse({ endTime: value }).success).toBe(false);
    },
  );

  it.each([["0001-01-01T00:00:00Z"], ["9999-12-31T23:59:59.999Z"]])("keeps the edge of the range %j", (value) => {
    expect(eventSearchSchema.parse({ startTime: value, endTime: value }).startTime?.toISOString()).toBe(new Date(value).toISOString());
  });

  it("leaves missing times undefined", () => {
    expect(eventSearchSchema.parse({})).toEqual({ startTime: undefined, endTime: undefined, nodeId: undefined, type: undefined });
  });
});

describe("eventSearchSchema — nodeId", () => {
  it.each([
    ["node-7", "node-7"],
    [42, "42"],
    [0, "0"],
    [4.5, "4.5"],
    [" abc ", "abc"],
    [["first", "second"], "first"],
  ])("converts %j to the string %j", (value, expected) => {
    expect(eventSearchSchema.parse({ nodeId: value }).nodeId).toBe(expected);
  });

  it.each([[""], ["  "], [undefined], [null], [{ id: 1 }]])("ignores %j", (value) => {
    expect(eventSearchSchema.parse({ nodeId: value }).nodeId).toBeUndefined();
  });
});

describe("configurationSearchSchema — properties", () => {
  it.each([
    ["true", true],
    ["TRUE", true],
    ["1", true],
    ["yes", true],
    [true, true],
    [1, true],
    ["false", false],
    ["0", false],
    ["", false],
    ["garbage", false],
    [false, false],
    [0, false],
    [null, false],
  ])("coerces %j to %j", (value, expected) => {
    expect(configurationSearchSchema.parse({ properties: value }).properties).toBe(expected);
  });

  it("is false when missing", () => {
    expect(configurationSearchSchema.parse({})).toEqual({ properties: false });
  });
});
