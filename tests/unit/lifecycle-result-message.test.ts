import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/messages";
import { lifecycleResultKey, lifecycleResultMessage, translateLifecycleSummary, type LifecycleResult } from "@/lib/lifecycle/result-message";
import { messageWithValues } from "@/lib/validation/messages";
import { failureSummary, successSummary } from "@/server/lifecycle/results";

// A lifecycle operation's summary is stored as a catalogue message and read in the reader's language; plain text
// (older rows, the hand-written kind) is shown as it is.

const en = translatorFor("en");
const fr = translatorFor("fr");

describe("the summaries the scheduler stores", () => {
  it("are catalogue messages with their values", () => {
    expect(successSummary({ operation: "install-version", version: "25.1.0" })).toBe('lifecycle.result.installed::{"version":"25.1.0"}');
    expect(successSummary({ operation: "reboot", version: null })).toBe("lifecycle.result.rebooted");
    expect(failureSummary("deviceUnreachable", 37.9)).toBe('lifecycle.result.deviceUnreachable::{"progress":37}');
  });

  it("read in English and in French", () => {
    const installed = successSummary({ operation: "install-version", version: "25.1.0" });
    expect(translateLifecycleSummary(en, installed)).toBe("Installed 25.1.0");
    expect(translateLifecycleSummary(fr, installed)).toBe("Version 25.1.0 installée");
    expect(translateLifecycleSummary(fr, successSummary({ operation: "reboot", version: null }))).toBe("Redémarré");
    expect(translateLifecycleSummary(en, failureSummary("deviceWithoutNode", 30))).toBe("Failed at 30%: the device is no longer assigned to a node");
    expect(translateLifecycleSummary(fr, failureSummary("deviceReleased", 30))).toBe("Échec à 30 % : l’équipement a été remis en stock");
    expect(translateLifecycleSummary(fr, messageWithValues(lifecycleResultKey("rebootTimeout"), { progress: 40, minutes: 8 }))).toBe(
      "Échec à 40 % : l’équipement n’est pas revenu en ligne dans les 8 minutes",
    );
    expect(translateLifecycleSummary(en, lifecycleResultKey("cancelledBeforeStart"))).toBe("Cancelled before start");
  });

  it.each<LifecycleResult>(["installed", "rebooted", "deviceUnreachable", "deviceWithoutNode", "deviceReleased", "rebootTimeout", "cancelledBeforeStart"])(
    "%s is in both catalogues",
    (result) => {
      expect(en.has(lifecycleResultKey(result) as never)).toBe(true);
      expect(fr.has(lifecycleResultKey(result) as never)).toBe(true);
    },
  );
});

describe("text that is not a lifecycle result message", () => {
  it.each([
    "Power cut at the site",
    "Installed 24.3.1",
    // Other catalogue keys, a namespace, and unknown results are not summaries: shown as stored.
    "validation.nameMin",
    "lifecycle",
    "lifecycle.result",
    "lifecycle.result.noSuchResult",
    'lifecycle.result.no such::{"a":1}',
    "Note :: see ticket",
    "",
  ])("%j passes through unchanged", (text) => {
    expect(translateLifecycleSummary(fr, text)).toBe(text);
  });

  it("leaves null as it is, and tells messages from text", () => {
    expect(translateLifecycleSummary(en, null)).toBeNull();
    expect(lifecycleResultMessage('lifecycle.result.installed::{"version":"1"}')).toEqual({ key: "lifecycle.result.installed", values: { version: "1" } });
    expect(lifecycleResultMessage("Rebooted")).toBeNull();
  });
});
