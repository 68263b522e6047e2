import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { TELEMETRY_BODY_LIMIT_BYTES } from "@/lib/constants";
import { TELEMETRY_BATCH_MAX, type TelemetrySample } from "@/lib/telemetry/ingest";
import type { Db } from "@/server/db/client";
import { issueDeviceToken } from "@/server/telemetry/device-tokens";
import { Cadence } from "./cadence";
import { FAULT_KINDS, faultEffectsAt, NO_FAULTS, type FaultEffects, type FaultKind } from "./faults";
import { backfillPoints, hasHistory } from "./history";
import { uptimeSeconds } from "./model";
import { loadNetwork, loadRebootingDevices } from "./network";
import { canReadChanges, MAX_TARGETED_CHANGES, readChanges, type NetworkChange } from "./network-changes";
import type { DeviceDuties } from "./plan";
import { batchBodies, deviceSampleSteps, deviceSamples } from "./samples";
import { inSlices } from "./slices";
import type { SimulatorSettings } from "./settings";
import { pushBatch } from "./transport";
import { buildWorld, type World } from "./world";

// The agents: one per device assigned to a node, each with its own token, each pushing its batch through the
// ingestion endpoint every interval — what changed, and the rest at the keep-alive (cadence.ts). The network is
// re-read now and then; devices in a lifecycle reboot (and the fault script's silent device) send nothing until
// they come back, with a fresh uptime and a full report.

/** Devices pushing at the same time in a round. */
const TICK_CONCURRENCY = 4;

/** Request bodies stay under the API's body limit with room for the envelope. */
const MAX_BODY_BYTES = TELEMETRY_BODY_LIMIT_BYTES - 16 * 1024;

/**
 * Samples per live batch. The database runs one statement at a time, and a batch is one statement: a page's read
 * that comes in meanwhile waits for the whole of it, so live batches stay small; the backfill sends full ones.
 */
export const LIVE_BATCH_MAX = 1000;

export interface TickReport {
  timeMs: number;
  /** Devices that pushed this tick. */
  reporting: string[];
  /** Devices that stayed quiet (fault script or lifecycle reboot). */
  silent: string[];
  accepted: number;
  rejected: number;
  /** Batches the endpoint refused or that could not be sent. */
  failed: number;
  /** Samples measured but not sent: unchanged, and reported recently enough (cadence.ts). */
  held: number;
  /** Requests sent (a device's samples go in batches of at most LIVE_BATCH_MAX). */
  batches: number;
}

export interface BackfillReport {
  skipped: boolean;
  samples: number;
  accepted: number;
  rejected: number;
  failed: number;
  points: number;
  ms: number;
  stopped: boolean;
}

export interface SimulatorDeps {
  now: () => number;
  log: (line: string) => void;
  /** When the fault script's clock started (default: now). */
  startedAt?: number;
}

export class Simulator {
  readonly startedAt: number;
  private world: World | undefined;
  private loadedAt = -Infinity;
  /** Network changes heard since the world was last brought up to date; "all" when one of them needs a whole read. */
  private pending: NetworkChange[] | "all" = [];
  /** Reads of the world so far, whole and targeted (for tests and diagnostics). */
  readonly reads = { whole: 0, targeted: 0 };
  private readonly tokens = new Map<string, string>();
  /** When a device came back from a lifecycle reboot: its uptime restarts there. */
  private readonly bootedAt = new Map<string, number>();
  private readonly rebooting = new Set<string>();
  private readonly reported = new Set<string>();
  /** Links put down through the fault control, until when (ms). */
  private readonly forcedDown = new Map<string, number>();
  private readonly cadence: Cadence;
  /** Devices the fault script keeps silent. */
  private readonly quiet = new Set<string>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    readonly settings: SimulatorSettings,
    private readonly deps: SimulatorDeps,
  ) {
    this.startedAt = deps.startedAt ?? deps.now();
    this.cadence = new Cadence(settings.keepAliveMs, settings.intervalMs);
  }

  /** The network as last read (undefined before the first round). */
  get currentWorld(): World | undefined {
    return this.world;
  }

  get isStopped() {
    return this.stopped;
  }

  /** Asks the loops to end; the batch in flight completes. */
  stop() {
    this.stopped = true;
  }

  /** Logs a problem once per kind: a failing endpoint must not flood the log every tick. */
  private problem(kind: string, message: string) {
    if (this.reported.has(kind)) return;
    this.reported.add(kind);
    this.deps.log(`[simulator] ${message} (reported once)`);
  }

  /** The network changed (a site, connector, path, node or link): read what changed before the next round; without a change named, all of it. */
  networkChanged(change?: NetworkChange): void {
    if (this.pending === "all") return;
    if (change && this.pending.length < MAX_TARGETED_CHANGES) this.pending.push(change);
    else this.pending = "all";
  }

  /**
   * The current world: read whole at first and when older than the reload period (objects written around the API
   * show up then), otherwise with the objects of the changes heard read again. The world is rebuilt in slices and
   * keeps what did not change.
   */
  async refresh(force = false): Promise<World> {
    const now = this.deps.now();
    const pending = this.pending;
    const due = force || !this.world || now - this.loadedAt >= this.settings.reloadMs;
    if (!due && pending !== "all" && pending.length === 0) return this.world!;
    const whole = due || pending === "all" || !canReadChanges(pending);
    // A change heard while reading may not be in what was read: it stays pending for the next round.
    this.pending = [];
    try {
      const network = whole ? await loadNetwork(this.db) : await readChanges(this.db, this.world!.network, pending as NetworkChange[]);
      this.world = await buildWorld(network, this.settings.seed, this.world);
    } catch (error) {
      this.pending = "all";
      throw error;
    }
    if (whole) {
      this.loadedAt = now;
      this.reads.whole++;
    } else this.reads.targeted++;
    return this.world;
  }

  /** Describes the devices and the fault targets, for the start line. */
  describe(world: World): string {
    const { network, targets } = world;
    const name = (list: { id: string; name: string }[], id?: string) => list.find((item) => item.id === id)?.name ?? "none";
    const port = network.ports.find((p) => p.key === targets.portFlap);
    const portNode = network.nodes.find((node) => node.id === port?.nodeId)?.name;
    const silent = network.devices.find((device) => device.id === targets.deviceSilent)?.serialNumber ?? "none";
    const lines: [FaultKind, string][] = [
      ["port-flap", `port ${port ? `${portNode}:${port.portId}` : "none"} flaps`],
      ["path-latency", `path ${name(network.paths, targets.pathLatency)} drifts on latency`],
      ["path-loss", `path ${name(network.paths, targets.pathLoss)} on loss`],
      ["link-loss", `link ${name(network.links, targets.linkLoss)} loses packets`],
      ["link-down", `link ${name(network.links, targets.linkDown)} goes down`],
      ["device-silent", `device ${silent} goes silent`],
      ["probe-degrade", `probe ${targets.probe ? `${name(network.sites, targets.probe.siteId)} → ${targets.probe.target}` : "none"} degrades`],
    ];
    const off = FAULT_KINDS.filter((kind) => !this.settings.faults.has(kind));
    const played = lines.filter(([kind]) => this.settings.faults.has(kind)).map(([, line]) => line);
    return [...played, ...(off.length > 0 ? [`off: ${off.join(", ")}`] : [])].join(", ");
  }

  private async token(deviceId: string): Promise<string | undefined> {
    const existing = this.tokens.get(deviceId);
    if (existing) return existing;
    try {
      const token = await issueDeviceToken(this.db, deviceId);
      this.tokens.set(deviceId, token);
      return token;
    } catch (error) {
      this.problem(`token:${deviceId}`, `no ingestion token for device ${deviceId}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Sends samples as one device; answers the totals. A refused token is dropped so the next push gets a new one. */
  private async push(deviceId: string, samples: TelemetrySample[], batchMax = LIVE_BATCH_MAX) {
    const totals = { accepted: 0, rejected: 0, failed: 0, batches: 0 };
    if (samples.length === 0) return totals;
    const token = await this.token(deviceId);
    if (!token) return { ...totals, failed: 1 };
    for (const body of batchBodies(samples, batchMax, MAX_BODY_BYTES)) {
      totals.batches++;
      try {
        const outcome = await pushBatch(token, body);
        if (outcome.status >= 200 && outcome.status < 300) {
          totals.accepted += outcome.accepted;
          totals.rejected += outcome.rejected;
          continue;
        }
        totals.failed++;
        if (outcome.status === 401) this.tokens.delete(deviceId);
        this.problem(`ingest:${outcome.status}`, `the ingestion endpoint answered ${outcome.status}: ${outcome.error ?? ""}`);
        if (outcome.status === 401) break;
      } catch (error) {
        totals.failed++;
        this.problem("ingest:exception", `pushing telemetry failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return totals;
  }

  private uptime(duty: DeviceDuties, world: World, effects: FaultEffects, timeMs: number): number {
    let booted = this.bootedAt.get(duty.device.id);
    if (duty.device.id === world.targets.deviceSilent && effects.deviceBackAtMs !== null) {
      const back = this.startedAt + effects.deviceBackAtMs;
      booted = booted === undefined ? back : Math.max(booted, back);
    }
    return uptimeSeconds(this.settings.seed, duty.device.id, timeMs, booted);
  }

  /** Plays the link-down fault on a link from now for `durationMs` (the fault control's; see control.ts). */
  forceLinkDown(linkId: string, durationMs: number): void {
    this.forcedDown.set(linkId, this.deps.now() + durationMs);
  }

  private forcedLinksDown(timeMs: number): ReadonlySet<string> {
    for (const [linkId, until] of this.forcedDown) if (until <= timeMs) this.forcedDown.delete(linkId);
    return new Set(this.forcedDown.keys());
  }

  /** One round: every reporting device pushes its samples for now. */
  async tick(): Promise<TickReport> {
    const world = await this.refresh();
    const duties = world.plan.duties;
    const rebooting = await loadRebootingDevices(
      this.db,
      duties.map((duty) => duty.device.id),
    );
    const timeMs = this.deps.now();
    const effects = { ...faultEffectsAt(this.settings.seed, timeMs - this.startedAt, this.settings.firstFaultMs, this.settings.faults), forcedLinksDown: this.forcedLinksDown(timeMs) };
    const state = await world.stateInSlices(timeMs, effects, this.settings.intervalMs);
    const report: TickReport = { timeMs, reporting: [], silent: [], accepted: 0, rejected: 0, failed: 0, held: 0, batches: 0 };
    const sending: DeviceDuties[] = [];
    for (const duty of duties) {
      const id = duty.device.id;
      if (rebooting.has(id)) {
        this.rebooting.add(id);
        report.silent.push(id);
        continue;
      }
      if (this.rebooting.delete(id)) {
        this.bootedAt.set(id, timeMs);
        this.cadence.rebooted(id, timeMs);
      }
      if (state.silentDevices.has(id)) {
        report.silent.push(id);
        this.quiet.add(id);
      } else {
        // The fault script's silent device comes back rebooted.
        if (this.quiet.delete(id)) this.cadence.rebooted(id, timeMs);
        sending.push(duty);
      }
    }
    // Devices report side by side, as a fleet does; a few at a time keeps the database pool free for the pages.
    let next = 0;
    const worker = async () => {
      while (next < sending.length && !this.stopped) {
        const duty = sending[next++];
        // In slices: the largest device measures thousands of objects, and the pages keep their turn meanwhile.
        const measured = await inSlices(deviceSampleSteps(this.settings.seed, duty, state, this.uptime(duty, world, effects, timeMs)));
        const selection =
          this.settings.cadence === "all" ? { samples: measured, held: 0, commit() {} } : await inSlices(this.cadence.selectSteps(duty.device.id, measured, timeMs));
        const totals = await this.push(duty.device.id, selection.samples);
        if (totals.failed === 0) selection.commit();
        report.reporting.push(duty.device.id);
        report.held += selection.held;
        report.batches += totals.batches;
        report.accepted += totals.accepted;
        report.rejected += totals.rejected;
        report.failed += totals.failed;
      }
    };
    await Promise.all(Array.from({ length: Math.min(TICK_CONCURRENCY, sending.length) }, worker));
    return report;
  }

  /** A month of healthy history through the same endpoint, unless the telemetry already holds it. */
  async backfill(): Promise<BackfillReport> {
    const begun = performance.now();
    const report: BackfillReport = { skipped: false, samples: 0, accepted: 0, rejected: 0, failed: 0, points: 0, ms: 0, stopped: false };
    const world = await this.refresh();
    const duties = world.plan.duties;
    const pathIds = duties.flatMap((duty) => duty.paths.map((path) => path.id));
    const nodeIds = duties.map((duty) => duty.node.id);
    if (duties.length === 0 || (await hasHistory(this.db, this.startedAt, pathIds, nodeIds))) {
      return { ...report, skipped: true, ms: Math.round(performance.now() - begun) };
    }
    const buffers = new Map<string, TelemetrySample[]>(duties.map((duty) => [duty.device.id, []]));
    const flush = async (deviceId: string) => {
      const samples = buffers.get(deviceId) ?? [];
      buffers.set(deviceId, []);
      report.samples += samples.length;
      const totals = await this.push(deviceId, samples, TELEMETRY_BATCH_MAX);
      report.accepted += totals.accepted;
      report.rejected += totals.rejected;
      report.failed += totals.failed;
      // Live ticks and page requests get their turn between batches.
      await yieldToEventLoop();
    };
    for (const point of backfillPoints(this.startedAt)) {
      if (this.stopped) break;
      const state = await world.stateInSlices(point.timeMs, NO_FAULTS, point.stepMs);
      report.points++;
      for (const duty of duties) {
        const buffer = buffers.get(duty.device.id)!;
        const samples = deviceSamples(this.settings.seed, duty, state, uptimeSeconds(this.settings.seed, duty.device.id, point.timeMs));
        buffer.push(...samples);
        if (buffer.length >= TELEMETRY_BATCH_MAX) {
          await flush(duty.device.id);
          if (this.stopped) break;
        }
      }
    }
    for (const duty of duties) {
      if (this.stopped) break;
      await flush(duty.device.id);
    }
    report.stopped = this.stopped;
    report.ms = Math.round(performance.now() - begun);
    return report;
  }
}
