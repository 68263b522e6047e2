import { describe, expect, it } from "vitest";
import { captureLogs } from "../fixtures/log-capture";
import { resolveSchedulerOptions } from "@/server/lifecycle/options";
import { translatorFor } from "@/lib/i18n/messages";
import { translateLifecycleSummary } from "@/lib/lifecycle/result-message";
import { failureSummary, successSummary } from "@/server/lifecycle/results";
import { advanceProgress, failureOf, LIFECYCLE_STEPS, stepAt } from "@/server/lifecycle/steps";

// The lifecycle scheduler's pure parts: steps and progress, why an operation fails, its summaries, its timing.

describe("stepAt", () => {
  it.each([
    ["install-version", 0, "download"],
    ["install-version", 44.9, "download"],
    ["install-version", 45, "verify"],
    ["install-version", 54, "verify"],
    ["install-version", 55, "install"],
    ["install-version", 85, "reboot"],
    ["install-version", 100, "reboot"],
    ["reboot", 0, "shutdown"],
    ["reboot", 14.99, "shutdown"],
    ["reboot", 15, "reboot"],
    ["reboot", 100, "reboot"],
  ] as const)("%s at %d%% → %s", (operation, progress, name) => {
    expect(stepAt(operation, progress).name).toBe(name);
  });

  it("ends every plan at 100 %, in increasing steps, with the device allowed away only while it reboots", () => {
    for (const steps of Object.values(LIFECYCLE_STEPS)) {
      expect(steps.at(-1)).toMatchObject({ until: 100, name: "reboot", needsDevice: false });
      expect(steps.map((step) => step.until)).toEqual([...steps.map((step) => step.until)].sort((a, b) => a - b));
      expect(steps.slice(0, -1).every((step) => step.needsDevice)).toBe(true);
    }
  });
});

describe("advanceProgress", () => {
  it("adds the elapsed share of the duration, never past 100 nor backwards", () => {
    expect(advanceProgress(0, 30_000, 60_000)).toBe(50);
    expect(advanceProgress(40, 1_000, 60_000)).toBeCloseTo(41.667, 3);
    expect(advanceProgress(90, 60_000, 60_000)).toBe(100);
    expect(advanceProgress(40, -5_000, 60_000)).toBe(40);
    expect(advanceProgress(10, 1, 0)).toBe(100);
  });
});

describe("failureOf", () => {
  const download = stepAt("install-version", 0);
  const reboot = stepAt("install-version", 90);
  const fine = { mspOrganizationId: "msp", nodeId: "node", unreachable: false };

  it("lets a reachable device on its node and MSP go on", () => {
    expect(failureOf("msp", fine, download)).toBeNull();
  });

  it("fails when the device left its MSP (first), its node, or does not answer when it must", () => {
    expect(failureOf("msp", { ...fine, mspOrganizationId: null, nodeId: null, unreachable: true }, download)).toBe("deviceReleased");
    expect(failureOf("msp", { ...fine, mspOrganizationId: "other" }, download)).toBe("deviceReleased");
    expect(failureOf("msp", { ...fine, nodeId: null, unreachable: true }, download)).toBe("deviceWithoutNode");
    expect(failureOf("msp", { ...fine, unreachable: true }, download)).toBe("deviceUnreachable");
    expect(failureOf("msp", { ...fine, unreachable: true }, reboot)).toBeNull();
    expect(failureOf("msp", { ...fine, nodeId: null }, reboot)).toBe("deviceWithoutNode");
  });
});

describe("summaries", () => {
  // Stored as catalogue messages, translated when read (lib/lifecycle/result-message.ts).
  const en = translatorFor("en");
  const fr = translatorFor("fr");
  it("says what happened, in the reader's language", () => {
    const installed = successSummary({ operation: "install-version", version: "25.1.0" });
    expect(installed).toBe('lifecycle.result.installed::{"version":"25.1.0"}');
    expect(translateLifecycleSummary(en, installed)).toBe("Installed 25.1.0");
    expect(translateLifecycleSummary(en, successSummary({ operation: "reboot", version: null }))).toBe("Rebooted");
    expect(translateLifecycleSummary(en, failureSummary("deviceUnreachable", 44.9))).toBe("Failed at 44%: the device is unreachable");
    expect(translateLifecycleSummary(en, failureSummary("deviceWithoutNode", 0))).toBe("Failed at 0%: the device is no longer assigned to a node");
    expect(translateLifecycleSummary(en, failureSummary("deviceReleased", 85))).toBe("Failed at 85%: the device was returned to the stock");
    expect(translateLifecycleSummary(fr, installed)).not.toBe(translateLifecycleSummary(en, installed));
  });
});

describe("resolveSchedulerOptions", () => {
  it("defaults to a 1 s tick, 60 s installs, 20 s reboots and a lease of three ticks and 5 s", () => {
    expect(resolveSchedulerOptions({}, {})).toMatchObject({ tickMs: 1_000, installSeconds: 60, rebootSeconds: 20, leaseMs: 8_000, batchSize: 50 });
  });

  it("reads the environment, derives the lease from the tick, and lets options win", () => {
    const env = { LIFECYCLE_TICK_MS: "500", LIFECYCLE_INSTALL_SECONDS: "120", LIFECYCLE_REBOOT_SECONDS: "7.5" };
    expect(resolveSchedulerOptions({}, env)).toMatchObject({ tickMs: 500, installSeconds: 120, rebootSeconds: 7.5, leaseMs: 6_500 });
    expect(resolveSchedulerOptions({}, { ...env, LIFECYCLE_LEASE_MS: "30000" }).leaseMs).toBe(30_000);
    expect(resolveSchedulerOptions({ tickMs: 50, installSeconds: 1 }, env)).toMatchObject({ tickMs: 50, installSeconds: 1, leaseMs: 5_150 });
  });

  it("ignores a value that is not a positive number, with a warning", () => {
    const logs = captureLogs();
    try {
      expect(resolveSchedulerOptions({}, { LIFECYCLE_TICK_MS: "fast", LIFECYCLE_INSTALL_SECONDS: "-3", LIFECYCLE_REBOOT_SECONDS: "0" })).toMatchObject({
        tickMs: 1_000,
        installSeconds: 60,
        rebootSeconds: 20,
      });
      expect(logs.lines.filter((line) => line.level === "warn" && line.area === "lifecycle").map((line) => line.msg)).toEqual([
        "LIFECYCLE_TICK_MS is not a positive number",
        "LIFECYCLE_INSTALL_SECONDS is not a positive number",
        "LIFECYCLE_REBOOT_SECONDS is not a positive number",
      ]);
    } finally {
      logs.restore();
    }
  });
});
