import { describe, expect, it } from "vitest";
import { fromZonedInput, toZonedInput } from "@/lib/lifecycle/zoned-time";

// The schedule dialog's Later: a date and time in the user's zone, stored in UTC — around the clock changes too.

describe("fromZonedInput", () => {
  it.each([
    ["2026-12-01T03:00", "Europe/Paris", "2026-12-01T02:00:00.000Z"],
    ["2026-07-01T03:00", "Europe/Paris", "2026-07-01T01:00:00.000Z"],
    ["2026-12-01T02:00", "UTC", "2026-12-01T02:00:00.000Z"],
    ["2026-11-30T21:00", "America/New_York", "2026-12-01T02:00:00.000Z"],
    ["2026-12-01T07:30", "Asia/Kolkata", "2026-12-01T02:00:00.000Z"],
    // Around the changes in Paris (29 March and 25 October 2026, at 01:00 UTC).
    ["2026-03-29T01:30", "Europe/Paris", "2026-03-29T00:30:00.000Z"],
    ["2026-03-29T03:30", "Europe/Paris", "2026-03-29T01:30:00.000Z"],
    ["2026-10-25T03:30", "Europe/Paris", "2026-10-25T02:30:00.000Z"],
  ])("reads %s in %s as %s", (value, zone, iso) => {
    expect(fromZonedInput(value, zone)).toBe(iso);
  });

  it("reads a time the clocks skip with the offset after the change", () => {
    expect(fromZonedInput("2026-03-29T02:30", "Europe/Paris")).toBe("2026-03-29T00:30:00.000Z");
  });

  it.each(["", "2026-12-01", "2026-12-01T", "2026-02-30T10:00", "2026-12-01T24:00", "not a date"])("has no instant for %j", (value) => {
    expect(fromZonedInput(value, "Europe/Paris")).toBeNull();
  });
});

describe("toZonedInput", () => {
  it.each([
    ["2026-12-01T02:00:00.000Z", "Europe/Paris", "2026-12-01T03:00"],
    ["2026-07-01T01:00:00Z", "Europe/Paris", "2026-07-01T03:00"],
    ["2026-12-01T02:00:00Z", "America/New_York", "2026-11-30T21:00"],
    ["2026-12-01T00:00:00Z", "UTC", "2026-12-01T00:00"],
  ])("shows %s in %s as %s", (iso, zone, value) => {
    expect(toZonedInput(iso, zone)).toBe(value);
  });

  it("is empty for what is not a date", () => {
    expect(toZonedInput("soon", "UTC")).toBe("");
  });

  it("goes back to the same instant from any zone", () => {
    for (const zone of ["Europe/Paris", "America/Los_Angeles", "Australia/Sydney", "Asia/Kathmandu"]) {
      const iso = "2027-01-15T13:45:00.000Z";
      expect(fromZonedInput(toZonedInput(iso, zone), zone)).toBe(iso);
    }
  });
});
