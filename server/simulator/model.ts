import "server-only";
import { localClock, type LocalClock } from "./geo";
import { constantIn, mix, noiseAt, objectKey, smoothNoiseAt } from "./random";

// The healthy network: traffic that follows the working day of the place it serves, latency from distance,
// jitter and loss low with short bursts that stay inside the healthy band. Faults are laid over this elsewhere.
// Every function is pure: (seed, object, time) → value.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const ease = (x: number) => {
  const f = Math.min(1, Math.max(0, x));
  return f * f * (3 - 2 * f);
};

const NIGHT = 0.08;
const EVENING = 0.18;
const WEEKEND_SHARE = 0.3;

/** Office traffic over the day, 0.08 at night to 1 at the peak, with a lunch dip; weekends at a third. */
export function businessLoad(clock: LocalClock): number {
  const h = clock.hour;
  let load: number;
  if (h < 6) load = NIGHT;
  else if (h < 9.5) load = NIGHT + (1 - NIGHT) * ease((h - 6) / 3.5);
  else if (h < 17) load = 1 - 0.15 * Math.exp(-((h - 12.75) ** 2) / (2 * 0.5 ** 2));
  else if (h < 21) load = 1 - (1 - EVENING) * ease((h - 17) / 4);
  else load = EVENING - (EVENING - NIGHT) * ease((h - 21) / 3);
  const weekend = clock.weekday === 0 || clock.weekday === 6;
  return weekend ? NIGHT + (load - NIGHT) * WEEKEND_SHARE : load;
}

/** The nightly backup window (01:00–03:30 local), 0 outside it and up to 1 inside. */
export function backupLoad(clock: LocalClock): number {
  const h = clock.hour;
  if (h < 1 || h > 3.5) return 0;
  return ease((h - 1) / 0.5) * ease((3.5 - h) / 0.5);
}

export interface Rates {
  rxBps: number;
  txBps: number;
}

export interface TrafficProfile {
  /** Whose working day the traffic follows. */
  longitude: number;
  /** Carries the nightly backups (a path to a data centre or a cloud). */
  backups: boolean;
}

/** At most this share of a capacity is ever used: no chart shows a line above the bandwidth. */
export const MAX_UTILISATION = 0.95;

/**
 * Traffic of an object with its own bandwidth (a path, a connector's own internet traffic, a core link):
 * each direction stays within `MAX_UTILISATION` of the capacity.
 */
export function trafficRates(seed: number, id: string, capacityMbps: number, profile: TrafficProfile, timeMs: number, utilisation: [number, number]): Rates {
  const key = objectKey(seed, id, "traffic");
  const peak = constantIn(key, utilisation[0], utilisation[1]);
  const lighter = constantIn(mix(key, 1), 0.45, 0.9);
  const txHeavier = constantIn(mix(key, 2), 0, 1) < 0.5;
  const clock = localClock(timeMs, profile.longitude);
  const load = Math.max(businessLoad(clock), profile.backups ? 0.75 * backupLoad(clock) : 0);
  const wander = 0.85 + 0.3 * smoothNoiseAt(mix(key, 3), timeMs, 20 * MINUTE);
  const flicker = 0.9 + 0.2 * noiseAt(mix(key, 4), timeMs, 10_000);
  const utilisationNow = Math.min(MAX_UTILISATION, peak * load * wander * flicker);
  const heavy = utilisationNow * capacityMbps * 1e6;
  const light = heavy * lighter;
  return { rxBps: Math.round(txHeavier ? light : heavy), txBps: Math.round(txHeavier ? heavy : light) };
}

export interface Quality {
  latencyMs: number;
  jitterMs: number;
  lossPercent: number;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

interface QualityShape {
  /** Fixed extra delay of the object (equipment, access), min and max. */
  base: [number, number];
  /** Baseline jitter, min and max. */
  jitter: [number, number];
  /** Chance per five minutes of a short burst of jitter and loss. */
  burstChance: number;
  /** Loss during a burst, min and max (kept under the warning threshold). */
  burstLoss: [number, number];
  /** Extra delay during a burst, min and max. */
  burstDelay: [number, number];
}

const PATH_SHAPE: QualityShape = { base: [2, 6], jitter: [0.4, 1.5], burstChance: 0.03, burstLoss: [0.15, 0.7], burstDelay: [1, 3] };
// Links stay within a millisecond of their propagation: the longest core spans sit just under the warning level.
const LINK_SHAPE: QualityShape = { base: [0.2, 0.8], jitter: [0.05, 0.3], burstChance: 0.01, burstLoss: [0.05, 0.3], burstDelay: [0.1, 0.4] };
const PROBE_SHAPE: QualityShape = { base: [2, 8], jitter: [0.5, 3], burstChance: 0.03, burstLoss: [0.1, 0.8], burstDelay: [1, 4] };

function quality(seed: number, id: string, purpose: string, shape: QualityShape, propagationMs: number, timeMs: number): Quality {
  const key = objectKey(seed, id, purpose);
  const base = constantIn(key, shape.base[0], shape.base[1]);
  const burst = noiseAt(mix(key, 1), timeMs, 5 * MINUTE) < shape.burstChance;
  const burstSize = noiseAt(mix(key, 2), timeMs, 5 * MINUTE);
  const slow = smoothNoiseAt(mix(key, 3), timeMs, 5 * MINUTE);
  const fast = noiseAt(mix(key, 4), timeMs, 10_000);
  const latencyMs = propagationMs + base + 0.3 * slow + 0.15 * fast + (burst ? shape.burstDelay[0] + (shape.burstDelay[1] - shape.burstDelay[0]) * burstSize : 0);
  const jitterBase = constantIn(mix(key, 5), shape.jitter[0], shape.jitter[1]);
  const jitterMs = jitterBase * (0.7 + 0.6 * noiseAt(mix(key, 6), timeMs, 10_000)) * (burst ? 3 + 2 * burstSize : 1);
  const lossPercent = burst
    ? shape.burstLoss[0] + (shape.burstLoss[1] - shape.burstLoss[0]) * burstSize
    : 0.04 * noiseAt(mix(key, 7), timeMs, 10_000) ** 3;
  return { latencyMs: round(latencyMs, 2), jitterMs: round(jitterMs, 2), lossPercent: round(lossPercent, 3) };
}

/** A path's one-way latency (propagation plus a few milliseconds), jitter and loss. */
export const pathQuality = (seed: number, id: string, propagationMs: number, timeMs: number) => quality(seed, id, "path", PATH_SHAPE, propagationMs, timeMs);

/** A link between two nodes: propagation plus well under a millisecond of equipment. */
export const linkQuality = (seed: number, id: string, propagationMs: number, timeMs: number) => quality(seed, id, "link", LINK_SHAPE, propagationMs, timeMs);

/** A synthetic probe from a site: the site's access adds a few milliseconds. */
export const probeQuality = (seed: number, id: string, propagationMs: number, timeMs: number) => quality(seed, id, "probe", PROBE_SHAPE, propagationMs, timeMs);

/** Seconds since the device last booted: every device restarts every one to three months, at its own phase. */
export function uptimeSeconds(seed: number, deviceId: string, timeMs: number, bootedAtMs?: number): number {
  const key = objectKey(seed, deviceId, "boot");
  const period = Math.round(constantIn(key, 30, 90) * DAY);
  const phase = Math.round(constantIn(mix(key, 1), 0, 1) * period);
  const sinceBoot = (((timeMs - phase) % period) + period) % period;
  const lastBoot = timeMs - sinceBoot;
  const boot = bootedAtMs !== undefined && bootedAtMs > lastBoot && bootedAtMs <= timeMs ? bootedAtMs : lastBoot;
  return Math.floor((timeMs - boot) / 1000);
}

/** CPU follows the traffic it forwards; memory sits at its own level. */
export function deviceLoad(seed: number, deviceId: string, longitude: number, timeMs: number): { cpuPercent: number; memoryPercent: number } {
  const key = objectKey(seed, deviceId, "load");
  const load = businessLoad(localClock(timeMs, longitude));
  const cpu = 6 + 45 * load * constantIn(key, 0.6, 1) + 4 * noiseAt(mix(key, 1), timeMs, 10_000);
  const memory = constantIn(mix(key, 2), 38, 62) + 3 * smoothNoiseAt(mix(key, 3), timeMs, 30 * MINUTE);
  return { cpuPercent: round(cpu, 1), memoryPercent: round(memory, 1) };
}
