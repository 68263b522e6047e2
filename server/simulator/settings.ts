import "server-only";
import { DEFAULT_KEEPALIVE_MS, MAX_KEEPALIVE_MS } from "./cadence";
import { FAULT_KINDS, type FaultKind } from "./faults";
import { parseSeed } from "./random";

// The simulator's environment: SIMULATOR (off disables it), SIMULATOR_SEED, SIMULATOR_INTERVAL_MS,
// SIMULATOR_FIRST_FAULT_MS, SIMULATOR_FAULTS (which faults of the script play), SIMULATOR_BACKFILL (off skips
// the month of history), SIMULATOR_CADENCE (all: every object every interval, instead of what changed — cadence.ts)
// and SIMULATOR_KEEPALIVE_MS.

export interface SimulatorSettings {
  /** Same seed, same network behaviour: every value derives from (seed, object, time). */
  seed: number;
  /** How often each device pushes a batch. */
  intervalMs: number;
  /** The fault script starts this long after the simulator. */
  firstFaultMs: number;
  /** The faults of the script that play; the others never happen. */
  faults: ReadonlySet<FaultKind>;
  /** Push a month of history at first start. */
  backfill: boolean;
  /** How often the network is re-read, so new sites, paths and devices start reporting. */
  reloadMs: number;
  /** "changes": what changed at once, the rest at the keep-alive (cadence.ts); "all": everything every interval. */
  cadence: "changes" | "all";
  /** The longest an object goes unreported while nothing changes (at most MAX_KEEPALIVE_MS). */
  keepAliveMs: number;
}

export const DEFAULT_SIMULATOR_SETTINGS: SimulatorSettings = {
  seed: 1,
  intervalMs: 10_000,
  firstFaultMs: 60_000,
  faults: new Set(FAULT_KINDS),
  backfill: true,
  reloadMs: 60_000,
  cadence: "changes",
  keepAliveMs: DEFAULT_KEEPALIVE_MS,
};

const MIN_INTERVAL_MS = 250;

const isOff = (value: string | undefined) => ["off", "false", "0", "no"].includes((value ?? "").trim().toLowerCase());

/** SIMULATOR=off (or false, 0, no) disables the simulator; anything else, or nothing, leaves it on. */
export function simulatorEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return !isOff(env.SIMULATOR);
}

function milliseconds(value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= min ? Math.round(parsed) : fallback;
}

/**
 * SIMULATOR_FAULTS: a comma-separated list of fault kinds (FAULT_KINDS), "all" (the default) or "none"; a kind
 * prefixed with "-" is left out of all of them ("-device-silent"). Unknown names are ignored.
 */
export function faultKinds(value: string | undefined): ReadonlySet<FaultKind> {
  const words = (value ?? "").split(",").map((word) => word.trim().toLowerCase()).filter(Boolean);
  const known = (word: string): word is FaultKind => (FAULT_KINDS as readonly string[]).includes(word);
  if (words.includes("none")) return new Set();
  const included = words.filter(known);
  const excluded = new Set(words.filter((word) => word.startsWith("-")).map((word) => word.slice(1)));
  const base: readonly FaultKind[] = included.length > 0 && !words.includes("all") ? included : FAULT_KINDS;
  return new Set(base.filter((kind) => !excluded.has(kind)));
}

/** The settings from the environment, with explicit overrides (tests) taking precedence. */
export function simulatorSettings(env: Record<string, string | undefined> = process.env, overrides: Partial<SimulatorSettings> = {}): SimulatorSettings {
  const defaults = DEFAULT_SIMULATOR_SETTINGS;
  return {
    seed: overrides.seed ?? parseSeed(env.SIMULATOR_SEED, defaults.seed),
    intervalMs: Math.max(MIN_INTERVAL_MS, overrides.intervalMs ?? milliseconds(env.SIMULATOR_INTERVAL_MS, defaults.intervalMs, MIN_INTERVAL_MS)),
    firstFaultMs: Math.max(0, overrides.firstFaultMs ?? milliseconds(env.SIMULATOR_FIRST_FAULT_MS, defaults.firstFaultMs, 0)),
    faults: overrides.faults ?? faultKinds(env.SIMULATOR_FAULTS),
    backfill: overrides.backfill ?? !isOff(env.SIMULATOR_BACKFILL),
    reloadMs: Math.max(MIN_INTERVAL_MS, overrides.reloadMs ?? defaults.reloadMs),
    cadence: overrides.cadence ?? (env.SIMULATOR_CADENCE?.trim().toLowerCase() === "all" ? "all" : defaults.cadence),
    keepAliveMs: Math.min(MAX_KEEPALIVE_MS, overrides.keepAliveMs ?? milliseconds(env.SIMULATOR_KEEPALIVE_MS, defaults.keepAliveMs, MIN_INTERVAL_MS)),
  };
}
