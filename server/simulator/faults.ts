import "server-only";
import { hashText, mix, unitAt } from "./random";

// The fault schedule: a pure function of the seed and the time since the simulator started. Every cycle plays
// the same script so each health state and alarm type shows up within minutes of start and again every cycle:
// a flapping port, a path drifting into warning then bad on latency, another on loss, a lossy link, a link down,
// a device going silent (and coming back rebooted), and a probe walking through every probe level.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const FAULT_KINDS = ["port-flap", "path-latency", "path-loss", "link-loss", "link-down", "device-silent", "probe-degrade"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
const ALL_KINDS: ReadonlySet<FaultKind> = new Set(FAULT_KINDS);

/** The script repeats with this period. */
export const FAULT_CYCLE_MS = 30 * MINUTE;
/** How long the silent device stays quiet: beyond any sensible "not reporting" threshold. */
export const DEVICE_SILENCE_MS = 6 * MINUTE;
/** Each flap of the flapping port: down this long, then up this long. */
export const FLAP_MS = MINUTE;

// The SLA is judged on a window of a few minutes: each level of a drift is held longer than that window.
const WARNING_UNTIL = 6 * MINUTE;
const BAD_FROM = 6.5 * MINUTE;
const RECOVER_FROM = 12 * MINUTE;
/** A path drift from start to full recovery. */
export const DRIFT_MS = 13.5 * MINUTE;

interface FaultScript {
  offsetMs: number;
  durationMs: number;
  /** Shifted by up to this much each cycle, from the seed; the opening faults are not shifted. */
  driftMs: number;
}

// Port flap and latency drift open the show at the first-fault time exactly: the end-to-end tests count on them.
const SCRIPT: Record<FaultKind, FaultScript> = {
  "port-flap": { offsetMs: 0, durationMs: 5 * FLAP_MS, driftMs: 0 },
  "path-latency": { offsetMs: 0, durationMs: DRIFT_MS, driftMs: 0 },
  "link-loss": { offsetMs: 30 * SECOND, durationMs: 6 * MINUTE, driftMs: 20 * SECOND },
  "probe-degrade": { offsetMs: 45 * SECOND, durationMs: 8 * MINUTE, driftMs: 20 * SECOND },
  "link-down": { offsetMs: MINUTE, durationMs: 5 * MINUTE, driftMs: 20 * SECOND },
  "device-silent": { offsetMs: 90 * SECOND, durationMs: DEVICE_SILENCE_MS, driftMs: 20 * SECOND },
  "path-loss": { offsetMs: 2 * MINUTE, durationMs: DRIFT_MS, driftMs: 20 * SECOND },
};

export interface FaultWindow {
  kind: FaultKind;
  cycle: number;
  /** Milliseconds since the simulator started. */
  startMs: number;
  endMs: number;
}

function windowOf(seed: number, kind: FaultKind, cycle: number, firstFaultMs: number): FaultWindow {
  const script = SCRIPT[kind];
  const drift = Math.floor(unitAt(mix(hashText(`fault:${kind}`), seed), cycle) * script.driftMs);
  const startMs = firstFaultMs + cycle * FAULT_CYCLE_MS + script.offsetMs + drift;
  return { kind, cycle, startMs, endMs: startMs + script.durationMs };
}

/** Every fault window that overlaps [0, untilMs), in start order. */
export function faultWindows(seed: number, firstFaultMs: number, untilMs: number): FaultWindow[] {
  const windows: FaultWindow[] = [];
  for (let cycle = 0; firstFaultMs + cycle * FAULT_CYCLE_MS < untilMs; cycle++) {
    for (const kind of FAULT_KINDS) {
      const window = windowOf(seed, kind, cycle, firstFaultMs);
      if (window.startMs < untilMs) windows.push(window);
    }
  }
  return windows.sort((a, b) => a.startMs - b.startMs);
}

/** What the faults do at one instant; null or false where a fault is not running. */
export interface FaultEffects {
  /** The drifting path's latency is pulled towards `targetMs` with `weight` (0 – 1); its jitter rises a little. */
  pathLatency: { targetMs: number; weight: number; jitterMs: number } | null;
  pathLossPercent: number | null;
  portDown: boolean;
  linkDown: boolean;
  linkLossPercent: number | null;
  deviceSilent: boolean;
  /** When the silent device last came back (it restarted then), in ms since start; null if it has not been silent yet. */
  deviceBackAtMs: number | null;
  /** Overrides for the degraded probe: null latency or jitter means no answer. */
  probe: { latencyMs?: number | null; jitterMs?: number | null; lossPercent?: number } | null;
  /** Links the link-down fault was played on now, through the fault control (control.ts), besides its own target. */
  forcedLinksDown?: ReadonlySet<string>;
}

export const NO_FAULTS: FaultEffects = {
  pathLatency: null,
  pathLossPercent: null,
  portDown: false,
  linkDown: false,
  linkLossPercent: null,
  deviceSilent: false,
  deviceBackAtMs: null,
  probe: null,
};

const lerp = (a: number, b: number, f: number) => a + (b - a) * Math.min(1, Math.max(0, f));

/** The window of a kind running at `elapsedMs`, if any (windows of one kind never overlap: they are shorter than a cycle). */
function running(seed: number, kind: FaultKind, elapsedMs: number, firstFaultMs: number): { window: FaultWindow; phaseMs: number } | null {
  if (elapsedMs < firstFaultMs) return null;
  const cycle = Math.floor((elapsedMs - firstFaultMs) / FAULT_CYCLE_MS);
  for (const candidate of [cycle, cycle - 1]) {
    if (candidate < 0) continue;
    const window = windowOf(seed, kind, candidate, firstFaultMs);
    if (elapsedMs >= window.startMs && elapsedMs < window.endMs) return { window, phaseMs: elapsedMs - window.startMs };
  }
  return null;
}

/** Fault values wobble a little, from the seed, ten seconds at a time. */
const wobble = (seed: number, kind: FaultKind, elapsedMs: number) => unitAt(mix(hashText(`wobble:${kind}`), seed), Math.floor(elapsedMs / (10 * SECOND)));

// Latency: pulled up to ~90 ms (warning) within a minute, held, up to ~125 ms (bad), held, back.
function pathLatencyAt(phase: number, w: number): FaultEffects["pathLatency"] {
  if (phase < MINUTE) return { targetMs: 90, weight: phase / MINUTE, jitterMs: 4 };
  if (phase < WARNING_UNTIL) return { targetMs: 86 + 8 * w, weight: 1, jitterMs: 4 + 2 * w };
  if (phase < BAD_FROM) return { targetMs: lerp(90, 125, (phase - WARNING_UNTIL) / (BAD_FROM - WARNING_UNTIL)), weight: 1, jitterMs: 6 };
  if (phase < RECOVER_FROM) return { targetMs: 118 + 14 * w, weight: 1, jitterMs: 6 + 3 * w };
  return { targetMs: 125, weight: 1 - (phase - RECOVER_FROM) / (DRIFT_MS - RECOVER_FROM), jitterMs: 3 };
}

// Loss: up to ~2.5 % (warning) within a minute, held, 6.5–9 % (bad), held, back.
function pathLossAt(phase: number, w: number): number {
  if (phase < MINUTE) return lerp(0, 2.5, phase / MINUTE);
  if (phase < WARNING_UNTIL) return 2 + 1.5 * w;
  if (phase < BAD_FROM) return lerp(3, 7, (phase - WARNING_UNTIL) / (BAD_FROM - WARNING_UNTIL));
  if (phase < RECOVER_FROM) return 6.5 + 2.5 * w;
  return lerp(3, 0, (phase - RECOVER_FROM) / (DRIFT_MS - RECOVER_FROM));
}

// The probe walks the levels, two minutes each: elevated latency, concerning loss, no answer (severe), jitter (issues).
function probeAt(phase: number, w: number): NonNullable<FaultEffects["probe"]> {
  const step = Math.floor(phase / (2 * MINUTE));
  if (step === 0) return { latencyMs: 84 + 10 * w };
  if (step === 1) return { lossPercent: 2 + 2 * w };
  if (step === 2) return { latencyMs: null, jitterMs: null, lossPercent: 100 };
  return { jitterMs: 22 + 6 * w };
}

/** The effects of the schedule at `elapsedMs` since start; only the kinds in `kinds` play (all by default). */
export function faultEffectsAt(seed: number, elapsedMs: number, firstFaultMs: number, kinds: ReadonlySet<FaultKind> = ALL_KINDS): FaultEffects {
  const at = (kind: FaultKind) => (kinds.has(kind) ? running(seed, kind, elapsedMs, firstFaultMs) : null);
  const flap = at("port-flap");
  const latency = at("path-latency");
  const loss = at("path-loss");
  const linkLoss = at("link-loss");
  const probe = at("probe-degrade");
  return {
    pathLatency: latency ? pathLatencyAt(latency.phaseMs, wobble(seed, "path-latency", elapsedMs)) : null,
    pathLossPercent: loss ? pathLossAt(loss.phaseMs, wobble(seed, "path-loss", elapsedMs)) : null,
    portDown: flap !== null && Math.floor(flap.phaseMs / FLAP_MS) % 2 === 0,
    linkDown: at("link-down") !== null,
    linkLossPercent: linkLoss ? 1.5 + 2 * wobble(seed, "link-loss", elapsedMs) : null,
    deviceSilent: at("device-silent") !== null,
    deviceBackAtMs: kinds.has("device-silent") ? lastSilenceEnd(seed, elapsedMs, firstFaultMs) : null,
    probe: probe ? probeAt(probe.phaseMs, wobble(seed, "probe-degrade", elapsedMs)) : null,
  };
}

function lastSilenceEnd(seed: number, elapsedMs: number, firstFaultMs: number): number | null {
  if (elapsedMs < firstFaultMs) return null;
  const cycle = Math.floor((elapsedMs - firstFaultMs) / FAULT_CYCLE_MS);
  for (let candidate = cycle; candidate >= Math.max(0, cycle - 1); candidate--) {
    const window = windowOf(seed, "device-silent", candidate, firstFaultMs);
    if (window.endMs <= elapsedMs) return window.endMs;
  }
  return null;
}
