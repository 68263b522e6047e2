import { describe, expect, it } from "vitest";
import { alarmTypeWord, localizedAlarm, slaBadMessage, slaFigure, slaUnmeasuredMessage, translateAlarmMessage } from "@/lib/alarms/message";
import { translatorFor } from "@/lib/i18n/messages";
import { slaAlarmMessage } from "@/server/telemetry/sla";
import { unmeasuredReason } from "@/server/telemetry/sla-alarms";

// Issue 42: an alarm's figures never contradict its comparison, its type word follows its severity, and an SLA alarm
// whose path can no longer be measured clears saying why.

const en = translatorFor("en");
const fr = translatorFor("fr");

describe("SLA figures", () => {
  it("keep a tenth (or more) when rounding would make a breach read as equal to its limit", () => {
    expect(slaFigure("latencyMs", 100.4, 100)).toBe(100.4);
    expect(slaFigure("latencyMs", 100.04, 100)).toBe(100.04);
    expect(slaFigure("latencyMs", 80.2, 80)).toBe(80.2);
    expect(slaFigure("jitterMs", 30.3, 30)).toBe(30.3);
    expect(slaFigure("lossPercent", 5.04, 5)).toBe(5.04);
    // Well above the limit, the usual precision: whole milliseconds, a tenth of a percent.
    expect(slaFigure("latencyMs", 132.46, 100)).toBe(132);
    expect(slaFigure("latencyMs", 100.6, 100)).toBe(101);
    expect(slaFigure("lossPercent", 6.24, 5)).toBe(6.2);
  });

  it("read true in both languages", () => {
    const message = slaBadMessage("P", [{ metric: "latencyMs", value: 100.4, limit: 100 }]);
    expect(translateAlarmMessage(en, message)).toBe("Path P: latency 100.4 ms above 100 ms");
    expect(translateAlarmMessage(fr, message)).toBe("Chemin P : latence de 100,4 ms au-dessus de 100 ms");
    expect(translateAlarmMessage(en, slaAlarmMessage("P", { latencyMs: 100.3, jitterMs: 30.02, lossPercent: 5.01, samples: 5 }))).toBe(
      "Path P: latency 100.3 ms above 100 ms, jitter 30.02 ms above 30 ms, loss 5.01 % above 5 %",
    );
  });

  it("never write a breach as equal to its limit, whatever the value", () => {
    for (let value = 100.001; value < 101.5; value += 0.013) {
      const shown = translateAlarmMessage(en, slaBadMessage("P", [{ metric: "latencyMs", value, limit: 100 }]));
      expect(shown).not.toContain("latency 100 ms above");
    }
  });
});

describe("the type word of an alarm", () => {
  it("follows an SLA alarm's severity: warning or bad, as SPEC §4 names path SLA states", () => {
    expect(alarmTypeWord({ type: "sla-bad", severity: "warning" })).toBe("sla-warning");
    expect(alarmTypeWord({ type: "sla-bad", severity: "major" })).toBe("sla-bad");
    expect(alarmTypeWord({ type: "port-down", severity: "warning" })).toBe("port-down");
    expect(en(`alarms.types.${alarmTypeWord({ type: "sla-bad", severity: "warning" })}` as never)).toBe("SLA warning");
    expect(en(`alarms.types.${alarmTypeWord({ type: "sla-bad", severity: "major" })}` as never)).toBe("SLA bad");
    expect(fr(`alarms.types.${alarmTypeWord({ type: "sla-bad", severity: "warning" })}` as never)).toBe("SLA en avertissement");
  });
});

describe("an SLA alarm whose path can no longer be measured", () => {
  const measurable = { path_name: "Lyon ⇄ Paris", sla_health: "bad", inactive_site: null };

  it("stays open while its path is measured", () => {
    expect(unmeasuredReason(measurable)).toBeNull();
    expect(unmeasuredReason({ ...measurable, sla_health: "warning" })).toBeNull();
  });

  it("clears when an end's site is inactive, when no figures back its SLA, or when the path is gone", () => {
    expect(unmeasuredReason({ ...measurable, inactive_site: "Lyon Branch", sla_health: "unknown" })).toEqual({ reason: "siteInactive", site: "Lyon Branch" });
    expect(unmeasuredReason({ ...measurable, sla_health: "unknown" })).toEqual({ reason: "noFigures" });
    expect(unmeasuredReason({ path_name: null, sla_health: null, inactive_site: null })).toEqual({ reason: "pathGone" });
  });

  it("says why, in the reader's language", () => {
    const why = slaUnmeasuredMessage("Lyon ⇄ Paris", { reason: "siteInactive", site: "Lyon Branch" });
    expect(translateAlarmMessage(en, why)).toBe("Path Lyon ⇄ Paris no longer measured: site Lyon Branch is inactive");
    expect(translateAlarmMessage(fr, why)).toBe("Chemin Lyon ⇄ Paris plus mesuré : le site Lyon Branch est inactif");
    expect(translateAlarmMessage(en, slaUnmeasuredMessage("P", { reason: "noFigures" }))).toBe("Path P no longer measured: no recent figures back its SLA");
    const alarm = { message: slaBadMessage("P", [{ metric: "lossPercent", value: 6.2, limit: 5 }]), clearedReason: why };
    expect(localizedAlarm(en, alarm).clearedReason).toBe("Path Lyon ⇄ Paris no longer measured: site Lyon Branch is inactive");
    expect(localizedAlarm(en, { ...alarm, clearedReason: null }).clearedReason).toBeNull();
  });
});
