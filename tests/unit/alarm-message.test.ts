import { describe, expect, it } from "vitest";
import {
  alarmMessageKey,
  deviceBackMessage,
  deviceSilentMessage,
  deviceUnassignedMessage,
  linkDownMessage,
  localizedAlarm,
  portDownMessage,
  slaBadMessage,
  slaClearedMessage,
  translateAlarmMessage,
  type AlarmMessageKind,
} from "@/lib/alarms/message";
import { translatorFor } from "@/lib/i18n/messages";
import { storedMessage, translateStoredMessage } from "@/lib/i18n/stored-message";
import { slaAlarmMessage } from "@/server/telemetry/sla";

// Alarm messages are stored as catalogue messages with their figures and read in the reader's language; the alarm
// engine compares them as text, so the same condition must encode to the same string.

const en = translatorFor("en");
const fr = translatorFor("fr");

describe("SLA alarm messages", () => {
  it("name each metric above its bad threshold, with figures rounded as an operator reads them", () => {
    const message = slaAlarmMessage("Lyon ⇄ Paris", { latencyMs: 132.46, jitterMs: 12, lossPercent: 6.24, samples: 5 });
    expect(message).toBe('alarms.message.slaBad::{"path":"Lyon ⇄ Paris","latency":132,"latencyLimit":100,"loss":6.2,"lossLimit":5}');
    expect(translateAlarmMessage(en, message)).toBe("Path Lyon ⇄ Paris: latency 132 ms above 100 ms, loss 6.2 % above 5 %");
    expect(translateAlarmMessage(fr, message)).toBe("Chemin Lyon ⇄ Paris : latence de 132 ms au-dessus de 100 ms, perte de 6,2 % au-dessus de 5 %");
    expect(translateAlarmMessage(fr, slaAlarmMessage("A", { latencyMs: 50, jitterMs: 31.5, lossPercent: 0, samples: 5 }))).toBe(
      "Chemin A : gigue de 32 ms au-dessus de 30 ms",
    );
    // Under 10 ms a tenth still matters.
    expect(slaBadMessage("B", [{ metric: "jitterMs", value: 9.96, limit: 5 }])).toContain('"jitter":10');
    expect(slaBadMessage("B", [{ metric: "jitterMs", value: 9.44, limit: 5 }])).toContain('"jitter":9.4');
  });

  it("encode the same condition to the same text whatever the order the breaches come in", () => {
    const latency = { metric: "latencyMs" as const, value: 120, limit: 100 };
    const loss = { metric: "lossPercent" as const, value: 7, limit: 5 };
    expect(slaBadMessage("P", [loss, latency])).toBe(slaBadMessage("P", [latency, loss]));
    expect(slaBadMessage("P", [latency])).not.toBe(slaBadMessage("P", [latency, loss]));
  });

  it("say how the SLA ended", () => {
    expect(translateAlarmMessage(en, slaClearedMessage("P", "healthy"))).toBe("Path P: SLA healthy");
    expect(translateAlarmMessage(fr, slaClearedMessage("P", "warning"))).toBe("Chemin P : SLA en avertissement");
  });
});

describe("port, link and device messages", () => {
  it.each([
    [portDownMessage("xe-0/0/0", "par-edge-1"), "Port xe-0/0/0 on par-edge-1 is down", "Port xe-0/0/0 de par-edge-1 hors service"],
    [linkDownMessage("a ⇄ b"), "Link a ⇄ b is down", "Lien a ⇄ b hors service"],
    [deviceSilentMessage("MX-1", "par-edge-1", 2), "Device MX-1 on par-edge-1 has not reported for 2 minutes", "L’équipement MX-1 sur par-edge-1 n’a rien envoyé depuis 2 minutes"],
    [deviceSilentMessage("MX-1", null, 1), "Device MX-1 has not reported for 1 minute", "L’équipement MX-1 n’a rien envoyé depuis 1 minute"],
    [deviceBackMessage("MX-1"), "Device MX-1 is reporting again", "L’équipement MX-1 remonte de nouveau ses mesures"],
    [deviceUnassignedMessage("MX-1"), "Device MX-1 is no longer assigned to a node", "L’équipement MX-1 n’est plus affecté à un nœud"],
  ])("%s reads in English and French", (message, english, french) => {
    expect(translateAlarmMessage(en, message)).toBe(english);
    expect(translateAlarmMessage(fr, message)).toBe(french);
  });

  it.each<AlarmMessageKind>(["slaBad", "slaCleared", "portDown", "linkDown", "deviceSilent", "deviceSilentOnNode", "deviceBack", "deviceUnassigned"])(
    "%s is in both catalogues",
    (kind) => {
      expect(en.has(alarmMessageKey(kind) as never)).toBe(true);
      expect(fr.has(alarmMessageKey(kind) as never)).toBe(true);
    },
  );
});

describe("text that is not an alarm message", () => {
  it.each([
    "Path Lyon ⇄ Paris SLA is bad",
    "Tie 3",
    // Other catalogue keys, the namespace, the parts of a message and unknown kinds are shown as stored.
    "lifecycle.result.rebooted",
    "alarms.title",
    "alarms.message",
    "alarms.message.slaMetric.loss",
    'alarms.message.noSuchKind::{"a":1}',
    "Note :: see ticket",
    "",
  ])("%j passes through unchanged", (text) => {
    expect(translateAlarmMessage(fr, text)).toBe(text);
  });

  it("translates an alarm's message and keeps the rest", () => {
    const alarm = { id: "a1", message: linkDownMessage("x"), severity: "critical" };
    expect(localizedAlarm(fr, alarm)).toEqual({ id: "a1", message: "Lien x hors service", severity: "critical" });
  });
});

describe("stored messages in general", () => {
  it("are recognised under their prefix only", () => {
    expect(storedMessage('lifecycle.result.installed::{"version":"1"}', "lifecycle.result.")).toEqual({ key: "lifecycle.result.installed", values: { version: "1" } });
    expect(storedMessage("lifecycle.result.installed", "alarms.message.")).toBeNull();
    expect(translateStoredMessage(en, "lifecycle.result.rebooted", "lifecycle.result.")).toBe("Rebooted");
    expect(translateStoredMessage(en, "lifecycle.result.rebooted", "alarms.message.")).toBe("lifecycle.result.rebooted");
  });
});
