import { describe, expect, it } from "vitest";
import type { ExplainPathSlaOutput } from "@/lib/assistant/tools";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { MIN_SLA_SAMPLES } from "@/lib/health";
import type { EntityChange } from "@/server/assistant/queries";
import { summarizeToolResult } from "@/server/assistant/summaries";
import { breachOnset, judgeChanges, SUSPECT_WINDOW_MS, type SlaWindow } from "@/server/assistant/tools/root-cause-rules";

// Issue 40, scope 7: a change is blamed for a path's breach only if it touched an object the path crosses, before the
// breach began (and not long before), changed more than words, and was not undone since; the breach's onset is read
// from the path's samples; the answer names the onset, each metric over its threshold and an inactive end.

const MINUTE = 60_000;
const WINDOW = 5 * MINUTE;
const ONSET = Date.parse("2026-11-20T14:20:00Z");
const ROUTE = new Set(["path-1", "site-lyon", "site-paris", "conn-lyon", "conn-paris", "node-1", "link-1"]);

let nextId = 1;
function change(entityId: string, minutesFromOnset: number, before: Record<string, unknown>, after: Record<string, unknown>): EntityChange {
  return {
    id: String(nextId++),
    timestamp: new Date(ONSET + minutesFromOnset * MINUTE).toISOString(),
    type: "updated",
    entityType: "connector",
    entityId,
    actor: "Alice Admin",
    source: "user",
    before,
    after,
  };
}

const verdicts = (changes: EntityChange[]) => judgeChanges(changes, ROUTE, ONSET).map((entry) => entry.verdict);

describe("which changes may explain a breach", () => {
  it("suspects a change of an object on the route made shortly before the onset", () => {
    expect(verdicts([change("conn-lyon", -10, { mtu: 1500 }, { mtu: 1400 })])).toEqual(["suspect"]);
    expect(verdicts([change("node-1", -23 * 60, { bandwidthMbps: 1000 }, { bandwidthMbps: 100 })])).toEqual(["suspect"]);
    expect(verdicts([change("link-1", 0, { cost: 10 }, { cost: 50 })])).toEqual(["suspect"]);
  });

  it("does not suspect a change made after the onset, or long before it", () => {
    expect(verdicts([change("conn-lyon", 5, { mtu: 1500 }, { mtu: 1400 })])).toEqual(["after"]);
    expect(verdicts([change("conn-lyon", -SUSPECT_WINDOW_MS / MINUTE - 1, { mtu: 1500 }, { mtu: 1400 })])).toEqual(["earlier"]);
  });

  it("does not suspect a change of an object the path does not cross", () => {
    expect(verdicts([change("site-madrid", -10, { active: true }, { active: false })])).toEqual(["outside"]);
  });

  it("does not suspect a name or description edit", () => {
    expect(verdicts([change("site-lyon", -10, { description: "Lyon office" }, { description: "Lyon branch office" })])).toEqual(["cosmetic"]);
    expect(verdicts([change("conn-lyon", -10, { name: "Lyon IPsec", description: "" }, { name: "Lyon IPsec 1", description: "main" })])).toEqual(["cosmetic"]);
    // A change of a name and of something that carries traffic still is a suspect.
    expect(verdicts([change("conn-lyon", -10, { name: "Lyon IPsec", mtu: 1500 }, { name: "Lyon IPsec 1", mtu: 1400 })])).toEqual(["suspect"]);
  });

  it("does not suspect a change undone since, before or after the onset, and does when only part of it was undone", () => {
    const made = change("conn-lyon", -30, { mtu: 1500 }, { mtu: 1400 });
    // The undoing itself explains nothing either: the pair leaves the connector as it was.
    expect(verdicts([made, change("conn-lyon", -20, { mtu: 1400 }, { mtu: 1500 })])).toEqual(["reverted", "reverted"]);
    expect(verdicts([made, change("conn-lyon", 60, { mtu: 1400 }, { mtu: 1500 })])).toEqual(["reverted", "after"]);
    // Set to a third value, not back: not undone.
    expect(verdicts([made, change("conn-lyon", -20, { mtu: 1400 }, { mtu: 1450 })])).toEqual(["suspect", "suspect"]);
    // The same value restored on another object is no undoing of this one.
    expect(verdicts([made, change("conn-paris", -20, { mtu: 1400 }, { mtu: 1500 })])[0]).toBe("suspect");
    // Two fields changed, one restored: the other may still explain it.
    const both = change("conn-lyon", -30, { mtu: 1500, bandwidthMbps: 100 }, { mtu: 1400, bandwidthMbps: 50 });
    expect(verdicts([both, change("conn-lyon", -20, { mtu: 1400 }, { mtu: 1500 })])[0]).toBe("suspect");
  });
});

describe("when a breach began", () => {
  const from = ONSET - 2 * 3600_000;
  const windows = (latencies: number[], start = from): SlaWindow[] =>
    latencies.map((latencyMs, index) => ({ start: start + index * WINDOW, samples: 5, latencyMs, jitterMs: 2, lossPercent: 0 }));
  const over = SLA_THRESHOLDS.latencyMs.warning + 8;
  const within = SLA_THRESHOLDS.latencyMs.warning - 20;

  it("is the start of the run of windows over a threshold that reaches the latest", () => {
    const history = windows([within, over, within, within, over, over, over]);
    expect(breachOnset(history, from, WINDOW)).toEqual({ at: history[4].start, atLeast: false });
  });

  it("skips windows with too few samples to judge, and says when the breach is older than the history read", () => {
    const history = windows([within, over, over, over]);
    history[2] = { ...history[2], samples: MIN_SLA_SAMPLES - 1, latencyMs: within };
    expect(breachOnset(history, from, WINDOW)).toEqual({ at: history[1].start, atLeast: false });
    expect(breachOnset(windows([over, over]), from, WINDOW)).toEqual({ at: from, atLeast: true });
  });

  it("counts any metric over its threshold, and is unknown when the latest window is within them", () => {
    const lossy = windows([within, within]).map((window, index) => (index === 1 ? { ...window, lossPercent: SLA_THRESHOLDS.lossPercent.bad + 1 } : window));
    expect(breachOnset(lossy, from, WINDOW)?.at).toBe(lossy[1].start);
    expect(breachOnset(windows([over, within]), from, WINDOW)).toBeNull();
    expect(breachOnset([], from, WINDOW)).toBeNull();
  });
});

describe("the root cause in the answer", () => {
  const found = (rootCause: NonNullable<Extract<ExplainPathSlaOutput, { status: "found" }>["rootCause"]>): ExplainPathSlaOutput => ({
    status: "found",
    query: "Lyon ⇄ Paris",
    path: {
      id: "path-1",
      name: "Lyon ⇄ Paris",
      sourceSiteName: "Lyon Branch",
      destinationSiteName: "Paris HQ",
      sla: "warning",
      organizationId: "c",
      layer: "layer3",
      sourceSiteId: "site-lyon",
      destinationSiteId: "site-paris",
      bandwidthMbps: 200,
    },
    measurement: { latencyMs: 88, jitterMs: 2, lossPercent: 0, samples: 5, lastSampleAt: "2026-11-20T15:00:00Z", evaluatedAt: "2026-11-20T15:00:00Z" },
    thresholds: SLA_THRESHOLDS,
    minSamples: MIN_SLA_SAMPLES,
    windowMinutes: 5,
    breaches: [{ metric: "latencyMs", value: 88, level: "warning", threshold: 80 }],
    unknownReason: null,
    rootCause,
    links: [],
  });
  const base = {
    route: [],
    alarms: [],
    alarmsTotal: 0,
    echoes: [],
    onset: { at: new Date(ONSET).toISOString(), atLeast: false },
    inactiveEnds: [],
    changes: [],
    ruledOut: { after: 0, cosmetic: 0, reverted: 0 },
    ruledOutChanges: [],
  };
  const summary = (output: ExplainPathSlaOutput, locale: "en" | "fr" = "en") => summarizeToolResult("explainPathSla", { type: "json", value: output }, locale);

  it("says since when and which metric is over which threshold, and that no change explains it, with what was ruled out", () => {
    const output = found({ ...base, ruledOut: { after: 1, cosmetic: 1, reverted: 2 }, likely: "path" });
    const en = summary(output);
    expect(en).toContain("Breaching since 20 Nov 2026, 14:20 UTC: latency 88 ms over its 80 ms threshold.");
    expect(en).toContain("No recent change on its ends or route explains it.");
    expect(en).toContain("Ruled out: 1 change made after the breach began, 2 changes that cancel out (made, then undone), and 1 edit of a name or description only.");
    expect(en).not.toContain("Likely cause: the recent change");
    const fr = summary(output, "fr");
    expect(fr).toContain("En dépassement depuis 20 nov. 2026, 14:20 UTC : latence 88 ms au-dessus de son seuil de 80 ms.");
    expect(fr).toContain("Aucune modification récente sur ses extrémités ou sa route ne l’explique.");
    expect(summary(found({ ...base, onset: { ...base.onset, atLeast: true }, likely: "path" }))).toContain("Breaching since at least 20 Nov 2026, 14:20 UTC");
  });

  it("lists each change it ruled out, with why", () => {
    const later = { timestamp: new Date(ONSET + 10 * MINUTE).toISOString(), entityType: "path", entityName: "Paris ⇄ Frankfurt", actor: "Carla Admin", fields: ["Bandwidth: 5000 → 100"] };
    const output = found({ ...base, ruledOut: { after: 1, cosmetic: 0, reverted: 0 }, ruledOutChanges: [{ ...later, verdict: "after" }], likely: "path" });
    expect(summary(output)).toContain(
      "Ruled out: 1 change made after the breach began.\n- 20 Nov 2026, 14:30 UTC: Paris ⇄ Frankfurt, Carla Admin — Bandwidth: 5000 → 100 (made after the breach began)",
    );
    expect(summary(output, "fr")).toContain("Paris ⇄ Frankfurt, Carla Admin — Bandwidth: 5000 → 100 (faite après le début du dépassement)");
  });

  it("names a suspect change as the likely cause", () => {
    const suspect = { timestamp: new Date(ONSET - 10 * MINUTE).toISOString(), entityType: "connector", entityName: "Lyon IPsec", actor: "Alice Admin", fields: ["MTU: 1500 → 1400"] };
    const en = summary(found({ ...base, changes: [suspect], likely: "change" }));
    expect(en).toContain("Configuration changes on its ends or route in the 24 hours before the breach began:\n- 20 Nov 2026, 14:10 UTC: Lyon IPsec, Alice Admin — MTU: 1500 → 1400");
    expect(en).toContain("Likely cause: the recent change on Lyon IPsec, made before the breach began.");
  });

  it("names an inactive end as the likely cause, and says so of a path that is not judged too", () => {
    const ends = [{ name: "Lyon Branch", type: "site" as const, state: "inactive" }];
    const en = summary(found({ ...base, inactiveEnds: ends, likely: "end" }));
    expect(en).toContain("Lyon Branch is inactive: it carries no traffic.");
    expect(en).toContain("Likely cause: Lyon Branch at one end of the path.");
    expect(summary(found({ ...base, inactiveEnds: ends, likely: "end" }), "fr")).toContain("Lyon Branch est inactif : il ne transporte aucun trafic.");
    expect(summary(found({ ...base, onset: null, inactiveEnds: ends, likely: "none" }))).toContain("Lyon Branch is inactive");
    expect(summary(found({ ...base, inactiveEnds: [{ name: "Lyon IPsec", type: "connector", state: "down" }], likely: "end" }))).toContain("The last mile of Lyon IPsec is down.");
  });
});
