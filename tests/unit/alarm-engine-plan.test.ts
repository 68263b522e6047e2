import { describe, expect, it } from "vitest";
import type { AlarmCondition } from "@/server/alarms/engine";
import { alarmKey, decideAlarmAction, latestConditions, type OpenAlarm } from "@/server/alarms/plan";

// The alarm engine's decisions: what one condition does to the open alarm of its subject and type.

const condition = (values: Partial<AlarmCondition> = {}): AlarmCondition => ({
  organizationId: "org-a",
  type: "sla-bad",
  subject: "path:1",
  active: true,
  severity: "major",
  message: "SLA is bad",
  source: "telemetry",
  ...values,
});

const open: OpenAlarm = { organizationId: "org-a", subject: "path:1", type: "sla-bad", severity: "major", message: "SLA is bad" };

describe("decideAlarmAction", () => {
  it.each<[string, Partial<AlarmCondition>, OpenAlarm | undefined, ReturnType<typeof decideAlarmAction>]>([
    ["active, no alarm", {}, undefined, "raise"],
    ["inactive, no alarm", { active: false }, undefined, "none"],
    ["active, same alarm", {}, open, "none"],
    ["active, new severity", { severity: "critical" }, open, "update"],
    ["active, new message", { message: "SLA is bad: loss 7 %" }, open, "update"],
    ["inactive, open alarm", { active: false }, open, "clear"],
    ["inactive, open alarm of another organization", { active: false, organizationId: "org-b" }, open, "clear"],
    ["active, open alarm of another organization", { organizationId: "org-b" }, open, "move"],
    ["source differs only", { source: "simulator" }, open, "none"],
  ])("%s → %s", (_name, values, alarm, expected) => {
    expect(decideAlarmAction(condition(values), alarm)).toBe(expected);
  });
});

describe("latestConditions", () => {
  it("keeps the last condition of each subject and type, in key order", () => {
    const result = latestConditions([
      condition({ subject: "path:2", severity: "minor" }),
      condition({ subject: "path:1", type: "sla-bad" }),
      condition({ subject: "device:9", type: "device-unreachable" }),
      condition({ subject: "path:2", severity: "critical" }),
      condition({ subject: "path:1", type: "link-down" }),
    ]);
    expect(result.map(alarmKey)).toEqual(["device-unreachable device:9", "link-down path:1", "sla-bad path:1", "sla-bad path:2"]);
    expect(result.find((item) => item.subject === "path:2")?.severity).toBe("critical");
    expect(latestConditions([])).toEqual([]);
  });
});
