import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { decide } from "@/server/assistant/decide";
import { formatNumber } from "@/server/assistant/format";
import { readIntent } from "@/server/assistant/intent";
import { NameIndex } from "@/server/assistant/names/name-index";
import { summarizeToolResult } from "@/server/assistant/summaries";
import { timeRange } from "@/server/assistant/understanding/time";

// Time made general (issue 40, scope 5): the calendar's weeks, weekends, parts of a day and wall-clock windows read in
// the user's zone, each turned into the from/to of the tool that answers (events, alarms, path statistics, traffic),
// and answers that say the range and how many events it holds.

const PARIS = "Europe/Paris";
// Thursday 26 November 2026, 15:00 UTC: 16:00 in Paris.
const NOW = Date.parse("2026-11-26T15:00:00Z");
const NOW_ISO = new Date(NOW).toISOString();

const range = (text: string, zone = PARIS, now = NOW) => {
  const found = timeRange(text, now, zone);
  return found && { from: found.from, to: found.to };
};

describe("ranges of the calendar in the user's zone", () => {
  it.each([
    // Since the last Monday's midnight in Paris (23:00 UTC the day before).
    ["what changed since monday?", "2026-11-22T23:00:00.000Z", NOW_ISO],
    ["depuis lundi", "2026-11-22T23:00:00.000Z", NOW_ISO],
    ["over the last 3 hours", "2026-11-26T12:00:00.000Z", NOW_ISO],
    ["ces 3 dernières heures", "2026-11-26T12:00:00.000Z", NOW_ISO],
    // This morning: from midnight to noon, here.
    ["anything this morning?", "2026-11-25T23:00:00.000Z", "2026-11-26T11:00:00.000Z"],
    ["ce matin", "2026-11-25T23:00:00.000Z", "2026-11-26T11:00:00.000Z"],
    ["hier matin", "2026-11-24T23:00:00.000Z", "2026-11-25T11:00:00.000Z"],
    // The afternoon so far.
    ["cet après-midi", "2026-11-26T11:00:00.000Z", NOW_ISO],
    // The last weekend: Saturday's midnight to Monday's.
    ["what happened over the weekend?", "2026-11-20T23:00:00.000Z", "2026-11-22T23:00:00.000Z"],
    ["le week-end dernier", "2026-11-20T23:00:00.000Z", "2026-11-22T23:00:00.000Z"],
    // A window of the wall clock, today's when it has begun.
    ["between 2 and 4 am", "2026-11-26T01:00:00.000Z", "2026-11-26T03:00:00.000Z"],
    ["entre 2 h et 4 h", "2026-11-26T01:00:00.000Z", "2026-11-26T03:00:00.000Z"],
    ["from 14:00 to 15:30", "2026-11-26T13:00:00.000Z", "2026-11-26T14:30:00.000Z"],
    ["yesterday between 2 and 4 pm", "2026-11-25T13:00:00.000Z", "2026-11-25T15:00:00.000Z"],
    // Across midnight.
    ["from 10pm to 2am", "2026-11-25T21:00:00.000Z", "2026-11-26T01:00:00.000Z"],
    // Not begun yet today (20:00 in Paris is after 16:00): yesterday's.
    ["between 8pm and 9pm", "2026-11-25T19:00:00.000Z", "2026-11-25T20:00:00.000Z"],
    ["since 8am", "2026-11-26T07:00:00.000Z", NOW_ISO],
    ["depuis 8h", "2026-11-26T07:00:00.000Z", NOW_ISO],
    ["since yesterday", "2026-11-24T23:00:00.000Z", NOW_ISO],
    // The calendar week before this one, Monday to Monday.
    ["what changed last week?", "2026-11-15T23:00:00.000Z", "2026-11-22T23:00:00.000Z"],
    ["la semaine dernière", "2026-11-15T23:00:00.000Z", "2026-11-22T23:00:00.000Z"],
    ["last month", "2026-09-30T22:00:00.000Z", "2026-10-31T23:00:00.000Z"],
    ["on tuesday", "2026-11-23T23:00:00.000Z", "2026-11-24T23:00:00.000Z"],
    ["lundi dernier", "2026-11-22T23:00:00.000Z", "2026-11-23T23:00:00.000Z"],
    ["last night", "2026-11-25T17:00:00.000Z", "2026-11-26T05:00:00.000Z"],
  ])("%s → %s to %s", (text, from, to) => {
    expect(range(text)).toEqual({ from, to });
  });

  it("keeps spans back from now where a span is said, and the comparisons' spans", () => {
    // "2 heures" is a span, not the clock's 02:00.
    expect(range("depuis 2 heures")).toEqual({ from: "2026-11-26T13:00:00.000Z", to: NOW_ISO });
    expect(range("over the last week")).toEqual({ from: "2026-11-19T15:00:00.000Z", to: NOW_ISO });
    expect(timeRange("this week against last week", NOW, PARIS)?.compare).not.toBeNull();
  });

  it("reads no range from an instant to act at, nor from a part of today still to come", () => {
    expect(range("reboot it on Sunday at 03:30")).toBeNull();
    expect(range("this afternoon", PARIS, Date.parse("2026-11-26T08:00:00Z"))).toBeNull();
  });

  it("takes the weekend that began, or the one before when 'last' is said on a weekend", () => {
    // Sunday 29 November 2026, 10:00 UTC.
    const sunday = Date.parse("2026-11-29T10:00:00Z");
    expect(range("this weekend", "UTC", sunday)).toEqual({ from: "2026-11-28T00:00:00.000Z", to: "2026-11-29T10:00:00.000Z" });
    expect(range("last weekend", "UTC", sunday)).toEqual({ from: "2026-11-21T00:00:00.000Z", to: "2026-11-23T00:00:00.000Z" });
  });
});

const names = new NameIndex([
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
]);
const asked = (text: string, locale: "en" | "fr" = "en") => {
  const intent = readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale, now: NOW, names, timeZone: PARIS });
  return intent.kind === "tool" ? { tool: intent.toolName, input: intent.input, also: intent.also } : { kind: intent.kind };
};
const YESTERDAY = { from: "2026-11-24T23:00:00.000Z", to: "2026-11-25T23:00:00.000Z" };
const SINCE_MONDAY = { from: "2026-11-22T23:00:00.000Z", to: NOW_ISO };

describe("ranges read into the tools' inputs", () => {
  it.each([
    ["what happened yesterday?", "en"],
    ["qu'est-ce qui a changé hier ?", "fr"],
    ["any changes made yesterday", "en"],
    ["les modifications d'hier", "fr"],
  ] as const)("%s → the events of the calendar day", (text, locale) => {
    expect(asked(text, locale)).toMatchObject({ tool: "recentEvents", input: YESTERDAY });
  });

  it("reads a range's digits as the range, not as how many events", () => {
    expect(asked("what changed in the last 3 hours?")).toEqual({ tool: "recentEvents", input: { from: "2026-11-26T12:00:00.000Z", to: NOW_ISO }, also: undefined });
    expect(asked("events between 2 and 4 am")).toMatchObject({ tool: "recentEvents", input: { from: "2026-11-26T01:00:00.000Z", to: "2026-11-26T03:00:00.000Z" } });
    expect(asked("show the last 5 events")).toMatchObject({ tool: "recentEvents", input: { limit: 5 } });
    expect(asked("show the last 5 events").input).not.toHaveProperty("from");
  });

  it("narrows the changes of one object to the range", () => {
    expect(asked("what changed on Paris HQ since monday?")).toMatchObject({ tool: "recentEvents", input: { about: "Paris HQ", ...SINCE_MONDAY } });
  });

  it("narrows alarms to those raised in the range", () => {
    expect(asked("alarms raised since monday")).toMatchObject({ tool: "listOpenAlarms", input: SINCE_MONDAY });
    expect(asked("alarmes critiques depuis lundi", "fr")).toMatchObject({ tool: "listOpenAlarms", input: { severity: "critical", ...SINCE_MONDAY } });
    expect(asked("any alarms?").input).toEqual({});
  });

  it("gives both reads of an alarms-and-events plan the range", () => {
    const plan = asked("alarms and events of Paris HQ over the weekend");
    const weekend = { from: "2026-11-20T23:00:00.000Z", to: "2026-11-22T23:00:00.000Z" };
    expect(plan).toMatchObject({ tool: "listOpenAlarms", input: { about: "Paris HQ", ...weekend } });
    expect(plan.also).toEqual([{ toolName: "recentEvents", input: { about: "Paris HQ", ...weekend } }]);
  });

  it("gives path statistics and site traffic the range", () => {
    expect(asked("average loss on paris ⇄ frankfurt yesterday")).toMatchObject({ tool: "pathStatistics", input: { path: "Paris ⇄ Frankfurt", metric: "lossPercent", ...YESTERDAY } });
    expect(asked("latence moyenne de Paris ⇄ Frankfurt ce matin", "fr")).toMatchObject({
      tool: "pathStatistics",
      input: { metric: "latencyMs", from: "2026-11-25T23:00:00.000Z", to: "2026-11-26T11:00:00.000Z" },
    });
    expect(asked("traffic at Paris HQ last week")).toMatchObject({ tool: "siteTraffic", input: { site: "Paris HQ", from: "2026-11-15T23:00:00.000Z", to: "2026-11-22T23:00:00.000Z" } });
  });
});

describe("a follow-up that changes the range", () => {
  beforeAll(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const after = (question: string, toolName: string, followUp: string, locale: "en" | "fr" = "en") => {
    const prompt: LanguageModelV4Prompt = [
      { role: "system", content: "You are the assistant." },
      { role: "user", content: [{ type: "text", text: question }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "call-0", toolName, input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call-0", toolName, output: { type: "json", value: {} } }] },
      { role: "assistant", content: [{ type: "text", text: "…" }] },
      { role: "user", content: [{ type: "text", text: followUp }] },
    ];
    return decide(prompt, locale, ASSISTANT_TOOL_NAMES, { names, timeZone: PARIS });
  };

  it("asks the events or the alarms again over the new range", () => {
    expect(after("recent events", "recentEvents", "what about yesterday?")).toEqual({ type: "tool-call", toolName: "recentEvents", input: YESTERDAY });
    expect(after("alarmes ouvertes", "listOpenAlarms", "et depuis lundi ?", "fr")).toEqual({ type: "tool-call", toolName: "listOpenAlarms", input: SINCE_MONDAY });
  });
});

describe("answers over a range", () => {
  const events = (value: Record<string, unknown>, locale: "en" | "fr" = "en") =>
    summarizeToolResult("recentEvents", { type: "json", value: { about: null, aboutNotVisible: false, links: [], ...value } }, locale, PARIS);
  const event = { id: "1", organizationId: "c", timestamp: "2026-11-25T09:00:00.000Z", type: "path.updated", entityType: "path", entityId: "p", entityName: "Paris ⇄ Frankfurt", source: "carla@contoso.example", actor: "Carla Diaz", changes: [] };

  it("says there is no event in the range, in the user's zone", () => {
    expect(events({ range: YESTERDAY, total: 0, events: [] })).toBe("No event from 25 Nov 2026, 00:00 Europe/Paris to 26 Nov 2026, 00:00 Europe/Paris.");
    expect(events({ range: YESTERDAY, total: 0, events: [] }, "fr")).toBe("Aucun événement du 25 nov. 2026, 00:00 Europe/Paris au 26 nov. 2026, 00:00 Europe/Paris.");
  });

  it("says how many events the range holds, and how many it does not list", () => {
    const text = events({ range: YESTERDAY, total: 12, events: [event] });
    expect(text).toMatch(/^12 events from 25 Nov 2026, 00:00 Europe\/Paris to 26 Nov 2026, 00:00 Europe\/Paris:/);
    expect(text).toContain("25 Nov 2026, 10:00 Europe/Paris: Path updated on Paris ⇄ Frankfurt");
    expect(text).toContain("…and 11 more.");
    expect(events({ range: YESTERDAY, total: 2000, atLeast: true, events: [event] })).toMatch(/^More than 2000 events/);
  });

  it("still lists the latest events when no range is asked", () => {
    expect(events({ events: [event] })).toMatch(/^The latest event:/);
  });

  it("says the range of the alarms raised in it", () => {
    const alarms = (value: Record<string, unknown>) =>
      summarizeToolResult("listOpenAlarms", { type: "json", value: { filters: { severity: null, type: null, about: null }, bySeverity: {}, aboutNotVisible: false, links: [], ...value } }, "en", PARIS);
    expect(alarms({ total: 0, range: { from: SINCE_MONDAY.from, to: SINCE_MONDAY.to }, alarms: [] })).toBe(
      "No open, unacknowledged alarm was raised from 23 Nov 2026, 00:00 Europe/Paris to 26 Nov 2026, 16:00 Europe/Paris.",
    );
    const one = { id: "a", organizationId: "c", severity: "major", type: "sla-bad", message: "Paris ⇄ Frankfurt is bad", source: "Paris ⇄ Frankfurt", raisedAt: "2026-11-24T08:00:00.000Z" };
    expect(alarms({ total: 1, bySeverity: { major: 1 }, range: SINCE_MONDAY, alarms: [one] })).toMatch(/^1 open alarm raised from 23 Nov 2026, 00:00 Europe\/Paris to 26 Nov 2026, 16:00 Europe\/Paris is not acknowledged yet:/);
  });
});

describe("small figures", () => {
  it("keeps two significant digits under 1, so that a small loss is not written 0", () => {
    expect(formatNumber("en", 0.0257)).toBe("0.026");
    expect(formatNumber("fr", 0.04)).toBe("0,04");
    expect(formatNumber("en", 0.7)).toBe("0.7");
    expect(formatNumber("en", 0)).toBe("0");
    expect(formatNumber("en", 6.24)).toBe("6.2");
    expect(formatNumber("en", 86.4)).toBe("86");
  });
});
