import "server-only";
import { classifyLinkHealth, classifyPathSla, classifyProbe, MIN_SLA_SAMPLES } from "@/lib/health";
import type { TelemetrySample } from "@/lib/telemetry/ingest";
import { TELEMETRY } from "@/server/telemetry/config";
import { hashText } from "./random";
import { drain } from "./slices";

// What a device sends of what it measured, as a real one does:
// - a new object every interval until an SLA window can judge it (MIN_SLA_SAMPLES reports);
// - a change of state (a port or link going down or up, a path, link or probe leaving or coming back to health) at once;
// - figures when they moved past a small deadband, and otherwise when the object's keep-alive comes (each object at
//   its own phase in the period), so nothing healthy ever looks stale to the console (TELEMETRY.silentAfterMs for
//   states, an SLA window holding more than MIN_SLA_SAMPLES samples);
// - an object that is not healthy, or was not within the last SLA window, every interval: the SLA averages, the
//   rollout gate and the charts of a fault see it exactly as before;
// - the device's own sample, its heartbeat, every interval; after a reboot, everything for an SLA window;
// - flows, which are counters, added up and exported at the keep-alive, as a flow exporter's active timeout does, so
//   top talkers' totals are unchanged.

/** How far a figure may move before it is sent: the larger of an absolute and a relative step (from the last sent). */
interface Band {
  absolute: number;
  relative: number;
}

/** Samples weighed between two chances to yield. */
const SAMPLES_PER_STEP = 512;

const DELAY: Band = { absolute: 1, relative: 0.05 };
const JITTER: Band = { absolute: 1, relative: 0.25 };
const LOSS: Band = { absolute: 0.25, relative: 0 };
// Traffic flickers ±10 % from one ten-second step to the next: a quarter is a real move.
const RATE: Band = { absolute: 100_000, relative: 0.25 };

/** The keep-alive by default, and the longest allowed: a port or link state stays "recent", an SLA window holds enough samples. */
export const DEFAULT_KEEPALIVE_MS = 60_000;
export const MAX_KEEPALIVE_MS = Math.min(TELEMETRY.silentAfterMs, TELEMETRY.slaWindowMs / (MIN_SLA_SAMPLES + 1));

interface Reported {
  /** When it was last sent. */
  at: number;
  /** How many times it was sent (up to MIN_SLA_SAMPLES: a new object reports every interval until then). */
  reports: number;
  state: string;
  figures: (number | null)[];
  /** It reports every interval until then (it was not healthy within the last SLA window). */
  hotUntil: number;
  /** When the tick last saw it (entries of objects gone are dropped). */
  seen: number;
}

interface Shape {
  key: string;
  state: string;
  healthy: boolean;
  figures: (number | null)[];
  bands: Band[];
}

const healthySla = (sla: string) => sla === "healthy";

/** What decides whether a sample goes out; undefined for the device's heartbeat and flows (their own rules). */
function shapeOf(deviceId: string, sample: TelemetrySample): Shape | undefined {
  switch (sample.kind) {
    case "port":
      return { key: `port:${deviceId}:${sample.portId}`, state: sample.status, healthy: true, figures: [sample.rxBps, sample.txBps], bands: [RATE, RATE] };
    case "connector":
      return { key: `connector:${sample.connectorId}`, state: sample.status, healthy: true, figures: [sample.rxBps, sample.txBps], bands: [RATE, RATE] };
    case "path": {
      const sla = classifyPathSla({ ...sample, samples: MIN_SLA_SAMPLES });
      return {
        key: `path:${sample.pathId}`,
        state: sla,
        healthy: healthySla(sla),
        figures: [sample.latencyMs, sample.jitterMs, sample.lossPercent, sample.rxBps, sample.txBps],
        bands: [DELAY, JITTER, LOSS, RATE, RATE],
      };
    }
    case "link": {
      const health = classifyLinkHealth(sample);
      return {
        key: `link:${deviceId}:${sample.linkId}`,
        state: `${sample.status}:${health}`,
        healthy: health === "healthy",
        figures: [sample.latencyMs, sample.lossPercent, sample.rxBps, sample.txBps],
        bands: [DELAY, LOSS, RATE, RATE],
      };
    }
    case "probe": {
      const level = classifyProbe(sample);
      return {
        key: `probe:${sample.siteId}:${sample.target}`,
        state: level,
        healthy: level === "healthy",
        figures: [sample.latencyMs, sample.jitterMs, sample.lossPercent],
        bands: [DELAY, JITTER, LOSS],
      };
    }
    default:
      return undefined;
  }
}

function moved(now: (number | null)[], before: (number | null)[], bands: Band[]): boolean {
  return now.some((value, index) => {
    const was = before[index];
    if (value === null || was === null || was === undefined) return value !== was;
    const band = bands[index];
    return Math.abs(value - was) > Math.max(band.absolute, band.relative * Math.abs(was));
  });
}

export interface Selection {
  samples: TelemetrySample[];
  /** Samples measured but not sent (unchanged within their deadband, last sent recently enough). */
  held: number;
  /** Records what was sent: called once the endpoint took it, so what failed goes again at the next interval. */
  commit(): void;
}

export class Cadence {
  private readonly reported = new Map<string, Reported>();
  /** The objects each device reported on at its last interval, so a reboot forgets them. */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Flow bytes counted since their last export, by device, site and endpoints. */
  private readonly flowBytes = new Map<string, { bytes: number; at: number; seen: number }>();
  /** Devices back from a reboot, until when they report everything. */
  private readonly settlingUntil = new Map<string, number>();
  private lastPrune = -Infinity;

  constructor(
    private readonly keepAliveMs: number,
    private readonly intervalMs: number,
  ) {}

  /**
   * Its keep-alive comes before the next interval: send it now. Each object keeps its own phase in the keep-alive
   * period (from its key), so the fleet's refreshes spread over the period instead of all falling on one interval
   * — the objects first reported together would otherwise all be due together, every keep-alive.
   */
  private due(key: string, at: number, timeMs: number): boolean {
    const phase = hashText(key) % this.keepAliveMs;
    const slot = (time: number) => Math.floor((time + this.intervalMs + phase) / this.keepAliveMs);
    return slot(timeMs) > slot(at);
  }

  /**
   * A device came back from a reboot: it reports everything, every interval, for an SLA window — so whatever judges
   * it right after (a staged rollout's SLA gate compares its paths over an observation window) has every sample.
   */
  rebooted(deviceId: string, timeMs: number): void {
    for (const key of this.keysOf.get(deviceId) ?? []) this.reported.delete(key);
    this.keysOf.delete(deviceId);
    for (const key of this.flowBytes.keys()) if (key.startsWith(`${deviceId}\u0000`)) this.flowBytes.delete(key);
    this.settlingUntil.set(deviceId, timeMs + TELEMETRY.slaWindowMs);
  }

  /** The samples of one device's measurement at `timeMs` that go out now. */
  select(deviceId: string, measured: TelemetrySample[], timeMs: number): Selection {
    return drain(this.selectSteps(deviceId, measured, timeMs));
  }

  /** The same, yielding every few hundred samples (the live tick runs it in slices). */
  *selectSteps(deviceId: string, measured: TelemetrySample[], timeMs: number): Generator<void, Selection> {
    const samples: TelemetrySample[] = [];
    const updates: [string, Reported][] = [];
    const exported: string[] = [];
    const keys = new Set<string>();
    const settling = timeMs < (this.settlingUntil.get(deviceId) ?? -Infinity);
    let held = 0;
    let read = 0;
    for (const sample of measured) {
      if (++read % SAMPLES_PER_STEP === 0) yield;
      if (sample.kind === "device") {
        samples.push(sample);
        continue;
      }
      if (sample.kind === "flow") {
        const key = `${deviceId}\u0000${sample.siteId}\u0000${sample.source}\u0000${sample.destination}`;
        const counted = this.flowBytes.get(key);
        const bytes = (counted?.bytes ?? 0) + sample.bytes;
        // Counted now; reset only once the export went through, so bytes of a failed one go in the next.
        this.flowBytes.set(key, { bytes, at: counted?.at ?? -Infinity, seen: timeMs });
        if (!counted || settling || this.due(key, counted.at, timeMs)) {
          samples.push({ ...sample, bytes });
          exported.push(key);
        } else held++;
        continue;
      }
      const shape = shapeOf(deviceId, sample)!;
      keys.add(shape.key);
      const last = this.reported.get(shape.key);
      const hotUntil = shape.healthy ? (last?.hotUntil ?? -Infinity) : timeMs + TELEMETRY.slaWindowMs;
      const send =
        !last ||
        settling ||
        last.reports < MIN_SLA_SAMPLES ||
        last.state !== shape.state ||
        timeMs < hotUntil ||
        this.due(shape.key, last.at, timeMs) ||
        moved(shape.figures, last.figures, shape.bands);
      if (send) {
        samples.push(sample);
        const reports = Math.min(MIN_SLA_SAMPLES, (last?.reports ?? 0) + 1);
        updates.push([shape.key, { at: timeMs, reports, state: shape.state, figures: shape.figures, hotUntil, seen: timeMs }]);
      } else {
        held++;
        last.seen = timeMs;
      }
    }
    return {
      samples,
      held,
      commit: () => {
        for (const [key, entry] of updates) this.reported.set(key, entry);
        for (const key of exported) this.flowBytes.set(key, { bytes: 0, at: timeMs, seen: timeMs });
        this.keysOf.set(deviceId, keys);
        this.prune(timeMs);
      },
    };
  }

  /** Drops what no device reported on for a while (objects deleted, or served by another device now). */
  private prune(timeMs: number) {
    const horizon = timeMs - 10 * Math.max(this.keepAliveMs, this.intervalMs);
    if (this.lastPrune > horizon) return;
    this.lastPrune = timeMs;
    for (const [key, entry] of this.reported) if (entry.seen < horizon) this.reported.delete(key);
    for (const [key, entry] of this.flowBytes) if (entry.seen < horizon) this.flowBytes.delete(key);
  }
}
