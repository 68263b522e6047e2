import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { validTimeZone } from "@/lib/lifecycle/zoned-time";
import { readIntent } from "@/server/assistant/intent";
import { formatTime, formatWhen } from "@/server/assistant/format";
import { summarizeToolResult } from "@/server/assistant/summaries";
import { timeInstant, timeRange } from "@/server/assistant/understanding/time";

// The user's time zone (issue 40, scope 5): calendar days and wall-clock times are the zone's, across the changes of
// the clocks, and the times the assistant writes name the zone.

const PARIS = "Europe/Paris";
const LA = "America/Los_Angeles";
// Thursday 26 November 2026, 15:00 UTC: 16:00 in Paris, 07:00 in Los Angeles.
const NOW = Date.parse("2026-11-26T15:00:00Z");
// 02:00 UTC: already Thursday 03:00 in Paris, still Wednesday 18:00 in Los Angeles.
const EARLY = Date.parse("2026-11-26T02:00:00Z");

const range = (text: string, zone: string, now = NOW) => {
  const found = timeRange(text, now, zone);
  return found && { from: found.from, to: found.to, hours: found.hours };
};
const instant = (text: string, zone: string, locale: "en" | "fr" = "en", now = NOW) => timeInstant(text, locale, now, zone)?.toISOString();

describe("calendar days in the user's zone", () => {
  it.each([
    ["what happened yesterday?", PARIS, NOW, "2026-11-24T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    ["qu'est-ce qui a changé hier ?", PARIS, NOW, "2026-11-24T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    ["what happened yesterday?", LA, NOW, "2026-11-25T08:00:00.000Z", "2026-11-26T08:00:00.000Z"],
    ["qu'est-ce qui a changé hier ?", LA, NOW, "2026-11-25T08:00:00.000Z", "2026-11-26T08:00:00.000Z"],
    // Where the zone's date is not UTC's: Wednesday evening in Los Angeles, so yesterday is Tuesday there.
    ["what happened yesterday?", LA, EARLY, "2026-11-24T08:00:00.000Z", "2026-11-25T08:00:00.000Z"],
    ["hier", PARIS, EARLY, "2026-11-24T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
  ])("%s in %s (now %i) → from %s to %s", (text, zone, now, from, to) => {
    expect(range(text, zone, now)).toEqual({ from, to, hours: 24 });
  });

  it.each([
    ["what changed since Monday?", PARIS, "2026-11-22T23:00:00.000Z"],
    ["qu'est-ce qui a changé depuis lundi ?", PARIS, "2026-11-22T23:00:00.000Z"],
    ["what changed since Monday?", LA, "2026-11-23T08:00:00.000Z"],
    ["qu'est-ce qui a changé depuis lundi ?", LA, "2026-11-23T08:00:00.000Z"],
    ["alarms today", PARIS, "2026-11-25T23:00:00.000Z"],
    ["alarmes aujourd'hui", LA, "2026-11-26T08:00:00.000Z"],
  ])("%s in %s starts at %s, up to now", (text, zone, from) => {
    expect(range(text, zone)).toMatchObject({ from, to: new Date(NOW).toISOString() });
  });

  it("keeps spans back from now whatever the zone", () => {
    expect(range("latency over the last 3 hours", LA)).toEqual({ from: "2026-11-26T12:00:00.000Z", to: "2026-11-26T15:00:00.000Z", hours: 3 });
  });

  it("gives the day the clocks change its 25 or 23 hours", () => {
    // Paris leaves summer time on Sunday 25 October 2026 and enters it on Sunday 29 March.
    expect(range("yesterday", PARIS, Date.parse("2026-10-26T12:00:00Z"))).toEqual({ from: "2026-10-24T22:00:00.000Z", to: "2026-10-25T23:00:00.000Z", hours: 25 });
    expect(range("hier", PARIS, Date.parse("2026-03-30T12:00:00Z"))).toEqual({ from: "2026-03-28T23:00:00.000Z", to: "2026-03-29T22:00:00.000Z", hours: 23 });
    // Los Angeles leaves summer time on Sunday 1 November: Saturday's midnight is still 07:00 UTC.
    expect(range("since saturday", LA, Date.parse("2026-11-02T20:00:00Z"))).toMatchObject({ from: "2026-10-31T07:00:00.000Z" });
  });
});

describe("wall-clock times in the user's zone", () => {
  it.each([
    ["tomorrow at 3am", "en", PARIS, NOW, "2026-11-27T02:00:00.000Z"],
    ["demain à 3 h", "fr", PARIS, NOW, "2026-11-27T02:00:00.000Z"],
    ["tomorrow at 3am", "en", LA, NOW, "2026-11-27T11:00:00.000Z"],
    ["demain à 3 h du matin", "fr", LA, NOW, "2026-11-27T11:00:00.000Z"],
    ["on Sunday at 03:30", "en", PARIS, NOW, "2026-11-29T02:30:00.000Z"],
    ["dimanche à 3 h 30", "fr", LA, NOW, "2026-11-29T11:30:00.000Z"],
    // Tonight's 02:00 is the coming night's: in Paris at 03:00 it is the next one, in Los Angeles at 18:00 this one.
    ["tonight at 02:00", "en", PARIS, EARLY, "2026-11-27T01:00:00.000Z"],
    ["ce soir à 2 h", "fr", LA, EARLY, "2026-11-26T10:00:00.000Z"],
    // A time that names its zone keeps it.
    ["tomorrow at 3pm UTC", "en", PARIS, NOW, "2026-11-27T15:00:00.000Z"],
  ])("%s (%s) in %s (now %i) → %s", (text, locale, zone, now, expected) => {
    expect(instant(text, zone, locale as "en" | "fr", now)).toBe(expected);
  });

  it("reads the wall time with the offset of the day it falls on, not today's", () => {
    // Saturday 24 October 2026 in Paris is summer time (+2); Sunday 03:00 is winter time (+1) again.
    expect(instant("tomorrow at 3am", PARIS, "en", Date.parse("2026-10-24T12:00:00Z"))).toBe("2026-10-25T02:00:00.000Z");
    // Sunday 1 November 2026 in Los Angeles: 03:00 is after the 02:00 change back to -8.
    expect(instant("tomorrow at 3am", LA, "en", Date.parse("2026-10-31T20:00:00Z"))).toBe("2026-11-01T11:00:00.000Z");
    // Sunday 29 March 2026 in Paris: 03:30 is summer time already.
    expect(instant("dimanche à 3 h 30", PARIS, "fr", Date.parse("2026-03-27T12:00:00Z"))).toBe("2026-03-29T01:30:00.000Z");
  });

  it("reads 'tomorrow at 3am' next to a node name ending in 01 as 03:00 in the zone", () => {
    const at = (text: string, locale: "en" | "fr", timeZone?: string) => {
      const intent = readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale, now: NOW, timeZone });
      return intent.kind === "tool" ? intent.input : null;
    };
    expect(at("reboot nw-edge-sea-01 tomorrow at 3am", "en", LA)).toEqual({ device: "nw-edge-sea-01", operation: "reboot", at: "2026-11-27T11:00:00.000Z" });
    expect(at("redémarre nw-edge-sea-01 demain à 3h", "fr", PARIS)).toEqual({ device: "nw-edge-sea-01", operation: "reboot", at: "2026-11-27T02:00:00.000Z" });
    // Without a zone, UTC, as before.
    expect(at("reboot nw-edge-sea-01 tomorrow at 3am", "en")).toMatchObject({ at: "2026-11-27T03:00:00.000Z" });
  });

  it("reads calendar days of a question in the zone it is given", () => {
    const intent = readIntent("average latency on paris to frankfurt yesterday", {}, ASSISTANT_TOOL_NAMES, { now: NOW, timeZone: PARIS });
    expect(intent.kind === "tool" && intent.input).toMatchObject({ from: "2026-11-24T23:00:00.000Z", to: "2026-11-25T23:00:00.000Z" });
  });
});

describe("the user's zone as the browser gives it", () => {
  it.each([
    ["Europe/Paris", "Europe/Paris"],
    ["UTC", "UTC"],
    // As the browser names it, not as Intl links it ("America/Buenos_Aires").
    ["America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["Asia/Kolkata", "Asia/Kolkata"],
  ])("knows %s", (zone, named) => {
    expect(validTimeZone(zone)).toBe(named);
  });

  it.each(["Mars/Olympus_Mons", "", "+01:00", "Europe/Paris; DROP TABLE", "x".repeat(200), 42, null, undefined])("ignores %j", (zone) => {
    expect(validTimeZone(zone)).toBeNull();
  });
});

describe("times written in the user's zone", () => {
  const at = "2025-12-08T02:00:00.000Z";

  it("names the zone and the weekday in a proposal, in English and French", () => {
    expect(formatWhen("en", at, PARIS)).toBe("Mon, 8 Dec 2025, 03:00 (Europe/Paris)");
    expect(formatWhen("fr", at, PARIS)).toBe("lun. 8 déc. 2025, 03:00 (Europe/Paris)");
    expect(formatWhen("en", at, LA)).toBe("Sun, 7 Dec 2025, 18:00 (America/Los_Angeles)");
    expect(formatWhen("en", at)).toBe("Mon, 8 Dec 2025, 02:00 (UTC)");
  });

  it("writes an answer's times in the zone", () => {
    expect(formatTime("en", at, LA)).toBe("7 Dec 2025, 18:00 America/Los_Angeles");
    expect(formatTime("fr", at)).toBe("8 déc. 2025, 02:00 UTC");
    const output = {
      type: "json" as const,
      value: {
        about: null,
        aboutNotVisible: false,
        events: [{ id: "1", organizationId: "c", timestamp: at, type: "path.updated", entityType: "path", entityId: "p", entityName: null, source: "carla@contoso.example", actor: "Carla Diaz", changes: [] }],
        links: [],
      },
    };
    expect(summarizeToolResult("recentEvents", output, "fr", PARIS)).toContain("8 déc. 2025, 03:00 Europe/Paris");
    expect(summarizeToolResult("recentEvents", output, "en")).toContain("8 Dec 2025, 02:00 UTC");
  });
});
