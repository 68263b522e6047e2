import { describe, expect, it } from "vitest";
import { alarmKeys, DEFAULT_ALARM_FILTER } from "@/lib/alarms/queries";
import { eventKeys, eventMatchesSearch, eventSearchToParams, parseEventSearch, toEventQuery } from "@/lib/events/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";

// The events page reads its search the same way on the server (page searchParams) and in the browser (URL), so the
// query the server prefetched is the one the page asks for.

describe("parseEventSearch", () => {
  const cases: [string, Record<string, string | string[] | undefined>][] = [
    ["startTime=2026-03-01T10%3A00%3A00Z&endTime=2026-03-02", { startTime: "2026-03-01T10:00:00Z", endTime: "2026-03-02" }],
    ["startTime=&endTime=garbage&nodeId=42", { startTime: "", endTime: "garbage", nodeId: "42" }],
    ["nodeId=a&nodeId=b&type=path.updated", { nodeId: ["a", "b"], type: "path.updated" }],
    ["", {}],
  ];

  it.each(cases)("reads %j identically from the URL and from page searchParams", (query, record) => {
    const fromUrl = parseEventSearch(new URLSearchParams(query));
    const fromPage = parseEventSearch(record);
    expect(fromUrl).toEqual(fromPage);
    expect(eventKeys.list(fromUrl)).toEqual(eventKeys.list(fromPage));
  });

  it("parses dates and drops empty or unparsable values (SPEC §5)", () => {
    expect(toEventQuery(parseEventSearch({ startTime: "2026-03-01T10:00:00Z", endTime: "2026-03-02" }))).toEqual({
      startTime: "2026-03-01T10:00:00.000Z",
      endTime: "2026-03-02T00:00:00.000Z",
    });
    expect(toEventQuery(parseEventSearch({ startTime: "", endTime: "garbage", nodeId: "42" }))).toEqual({ nodeId: "42" });
    expect(parseEventSearch({ nodeId: ["a", "b"] }).nodeId).toBe("a");
  });

  it("writes a search back as ISO times that read back to the same search", () => {
    const search = parseEventSearch({ startTime: "2026-03-01T12:00:00+02:00", type: "alarm.acknowledged" });
    const params = eventSearchToParams(search);
    expect(params.toString()).toBe("startTime=2026-03-01T10%3A00%3A00.000Z&type=alarm.acknowledged");
    expect(parseEventSearch(params)).toEqual(search);
  });
});

describe("eventMatchesSearch (which live messages refresh the list)", () => {
  const now = Date.parse("2026-03-10T00:00:00Z");
  const message = { type: "path.updated", entityType: "path", entityId: "p1", nodeId: "n1" };

  it("refreshes an open-ended view, and one whose end is still ahead", () => {
    expect(eventMatchesSearch({}, message, now)).toBe(true);
    expect(eventMatchesSearch({ startTime: new Date("2026-03-01") }, message, now)).toBe(true);
    expect(eventMatchesSearch({ endTime: new Date("2026-03-11") }, message, now)).toBe(true);
  });

  it("leaves a range that ended in the past alone", () => {
    expect(eventMatchesSearch({ endTime: new Date("2026-03-09") }, message, now)).toBe(false);
  });

  it("ignores events of another type or node", () => {
    expect(eventMatchesSearch({ type: "path.updated" }, message, now)).toBe(true);
    expect(eventMatchesSearch({ type: "site.created" }, message, now)).toBe(false);
    expect(eventMatchesSearch({ nodeId: "n1" }, message, now)).toBe(true);
    expect(eventMatchesSearch({ nodeId: "0d6c3a4e-5b7f-4a1c-9e2d-3f4a5b6c7d8e" }, message, now)).toBe(false);
    expect(eventMatchesSearch({ nodeId: "n1" }, { type: "site.created" }, now)).toBe(false);
  });

  it("lets the server decide for a node's name or a partial type, which may be this event's", () => {
    expect(eventMatchesSearch({ nodeId: "nw-edge-par-01" }, message, now)).toBe(true);
    expect(eventMatchesSearch({ nodeId: "nw-edge-par-01" }, { type: "site.created" }, now)).toBe(false);
    expect(eventMatchesSearch({ type: "path" }, message, now)).toBe(true);
    expect(eventMatchesSearch({ siteId: "Paris HQ", pathId: "Lyon ⇄ Paris" }, message, now)).toBe(true);
  });

  it("reads and writes the site and path filters like the node's", () => {
    const search = parseEventSearch(new URLSearchParams("siteId=Paris%20HQ&pathId=Lyon%20%E2%87%84%20Paris&nodeId=nw-edge-par-01"));
    expect(search).toMatchObject({ siteId: "Paris HQ", pathId: "Lyon ⇄ Paris", nodeId: "nw-edge-par-01" });
    expect(parseEventSearch(eventSearchToParams(search))).toEqual(search);
  });
});

describe("the console's organization (alarms and events pages)", () => {
  it("filters only inside another organization's console", () => {
    expect(consoleOrganizationFilter("org-home", "org-home")).toBeUndefined();
    expect(consoleOrganizationFilter("org-customer", "org-home")).toBe("org-customer");
  });

  it("is part of the query key, not of the page's URL search", () => {
    const search = parseEventSearch({ type: "path.updated" });
    expect(eventKeys.list(search, undefined)).toEqual(eventKeys.list(search));
    expect(eventKeys.list(search, "org-customer")).toEqual(["events", "list", { type: "path.updated", organizationId: "org-customer" }]);
    expect(eventKeys.list(search, "org-customer")).not.toEqual(eventKeys.list(search, "org-other"));
    // Live invalidation of the open view reaches it under the shared prefix.
    expect(eventKeys.list(search, "org-customer").slice(0, 2)).toEqual([...eventKeys.lists()]);
    expect(eventSearchToParams(search).toString()).toBe("type=path.updated");
    expect(alarmKeys.list(DEFAULT_ALARM_FILTER, "org-customer")).toEqual(["alarms", "list", { acknowledged: "false", state: "all", organizationId: "org-customer" }]);
    expect(alarmKeys.list(DEFAULT_ALARM_FILTER)).toEqual(["alarms", "list", { acknowledged: "false", state: "all" }]);
  });
});
