import { describe, expect, it } from "vitest";
import type { RealtimeMessage } from "@/server/realtime/bus";
import { RecentMessages } from "@/server/realtime/recent";

// What /ws keeps of what it delivered, for a page subscribing after its server render (server/realtime/hub.ts).

const message = (entityId: string): RealtimeMessage => ({
  service: "alarms",
  action: "raised",
  data: { entityType: "alarm", entityId },
  organization: { id: "org-1", parentId: null },
});
const ids = (messages: RealtimeMessage[] | null) => messages?.map((m) => (m.data as { entityId: string }).entityId) ?? null;

function setup(keepMs = 60_000, maxMessages = 100) {
  const clock = { now: 1_000 };
  return { clock, recent: new RecentMessages(keepMs, maxMessages, () => clock.now) };
}

describe("recent realtime messages", () => {
  it("answers what was delivered at a time or later, oldest first", () => {
    const { clock, recent } = setup();
    for (const id of ["a", "b", "c"]) {
      clock.now += 10;
      recent.add(message(id));
    }
    expect(ids(recent.since(1_020))).toEqual(["b", "c"]);
    expect(ids(recent.since(1_031))).toEqual([]);
    expect(ids(recent.since(1_001))).toEqual(["a", "b", "c"]);
  });

  it("cannot tell what came before it started: null, so the page refetches", () => {
    const { recent } = setup();
    expect(recent.since(999)).toBeNull();
    expect(recent.since(1_000)).toBeNull();
    expect(recent.since(1_001)).toEqual([]);
  });

  it("forgets past its age and its count, and says null for a time whose messages it no longer holds all of", () => {
    const { clock, recent } = setup(1_000, 3);
    for (const id of ["a", "b", "c", "d"]) {
      clock.now += 10;
      recent.add(message(id));
    }
    // "a" (at 1,010) went for the count: from 1,010 on, something is missing; after it, nothing is.
    expect(recent.since(1_010)).toBeNull();
    expect(ids(recent.since(1_011))).toEqual(["b", "c", "d"]);
    clock.now += 1_001;
    // Past their age, all went: nothing after the last one is missing (nothing was published).
    expect(recent.since(1_040)).toBeNull();
    expect(ids(recent.since(1_041))).toEqual([]);
  });
});
