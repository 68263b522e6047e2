import "server-only";
import type { Quality } from "./model";
import type { SimDevice } from "./network";

// The demo's bad release (issue 15 item 7): a device running this version degrades the paths it measures — the
// latency goes up by 60 ms and 6 % of packets are lost, well past the SLA's bad thresholds — so a staged rollout
// of it halts at its first wave, deterministically. Any other version behaves.

export const FAULTY_DEMO_VERSION = "26.0.0-faulty";

const EXTRA_LATENCY_MS = 60;
const LOSS_PERCENT = 6;

/** The devices running the faulty version. */
export function faultyDevices(devices: readonly SimDevice[]): Set<string> {
  return new Set(devices.filter((device) => device.softwareVersion.trim() === FAULTY_DEMO_VERSION).map((device) => device.id));
}

/** A path's quality as a device running the faulty version measures it. */
export function degradeByFaultyVersion(quality: Quality): Quality {
  return {
    latencyMs: Math.round((quality.latencyMs + EXTRA_LATENCY_MS) * 100) / 100,
    jitterMs: quality.jitterMs,
    lossPercent: Math.max(quality.lossPercent, LOSS_PERCENT),
  };
}
