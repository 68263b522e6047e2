import "server-only";
import { logger } from "@/server/core/log";
import type { Db } from "@/server/db/client";
import { getBus, type EventBus } from "@/server/realtime/bus";
import { BACKFILL_DAYS } from "./history";
import { simulatorSettings, type SimulatorSettings } from "./settings";
import type { NetworkChange } from "./network-changes";
import { Simulator, type BackfillReport, type TickReport } from "./simulator";
import { inBackgroundLane } from "@/server/db/background-lane";

const simulatorLog = logger("simulator");

// The demo network simulator (issue 5): devices that do not exist, reporting through the real ingestion endpoint.
//
//   const simulator = simulatorEnabled() ? startSimulator(db) : undefined;   // after the server listens
//   …
//   await simulator?.stop();                                                 // on shutdown, before the database closes
//
// Environment: SIMULATOR=off disables it (checked by the caller through simulatorEnabled), SIMULATOR_SEED (default 1),
// SIMULATOR_INTERVAL_MS (default 10000), SIMULATOR_FIRST_FAULT_MS (default 60000), SIMULATOR_FAULTS (default all: which
// faults of the script play, settings.ts), SIMULATOR_BACKFILL=off skips the
// month of history pushed at first start, SIMULATOR_CADENCE=all sends every object every interval instead of what
// changed (cadence.ts), SIMULATOR_KEEPALIVE_MS (default 60000) bounds how long an unchanged object goes unreported. With SIMULATOR_FAULT_CONTROL=on (demo and end-to-end servers only) the
// entry (server/background.ts) wires the simulator to the fault control, so an MSP can play the link-down fault now.

export { simulatorEnabled, simulatorSettings, type SimulatorSettings } from "./settings";
export { Simulator, type BackfillReport, type TickReport } from "./simulator";

export interface SimulatorOptions extends Partial<SimulatorSettings> {
  /** Read instead of process.env. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  now?: () => number;
  /** Called after each tick and when the backfill ends (tests, diagnostics). */
  onTick?: (report: TickReport) => void;
  onBackfill?: (report: BackfillReport) => void;
  /** Where network changes are heard (the process's realtime bus unless given). */
  bus?: EventBus;
}

export interface SimulatorHandle {
  readonly simulator: Simulator;
  /** A round is running or waiting for its time: false once stopped. */
  readonly active: boolean;
  /** Stops the timers and the backfill, and waits for the batches in flight. */
  stop(): Promise<void>;
}

/** Starts the agents in the background: never blocks, never throws; problems are logged once per kind. */
export function startSimulator(db: Db, options: SimulatorOptions = {}): SimulatorHandle {
  const { env = process.env, log = (line: string) => simulatorLog.info(line.replace(/^\[simulator\] /, "")), now = Date.now, onTick, onBackfill, ...overrides } = options;
  const settings = simulatorSettings(env, overrides);
  const simulator = new Simulator(db, settings, { now, log });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let backfill: Promise<void> | undefined;
  let nextAt = now();
  const failures = new Set<string>();

  const failOnce = (kind: string, error: unknown) => {
    if (failures.has(kind)) return;
    failures.add(kind);
    log(`[simulator] ${kind} failed: ${error instanceof Error ? error.message : String(error)} (reported once)`);
  };

  const startBackfill = () => {
    if (!settings.backfill || backfill) return;
    backfill = inBackgroundLane(() => simulator.backfill())
      .then((report) => {
        onBackfill?.(report);
        if (report.skipped) return;
        const seconds = (report.ms / 1000).toFixed(1);
        const outcome = report.stopped ? "stopped after" : "backfilled";
        const refused = report.rejected + report.failed > 0 ? ` (${report.rejected} rejected, ${report.failed} batches failed)` : "";
        log(`[simulator] ${outcome} ${report.accepted} of ${report.samples} history samples (${report.points} points over ${BACKFILL_DAYS} days) in ${seconds} s${refused}`);
      })
      .catch((error: unknown) => failOnce("backfill", error));
  };

  const schedule = () => {
    if (simulator.isStopped) return;
    nextAt += settings.intervalMs;
    // Keep the cadence; after a long pause, start again from now rather than catching up.
    if (nextAt < now()) nextAt = now() + settings.intervalMs;
    timer = setTimeout(run, nextAt - now());
    timer.unref();
  };

  let first = true;
  const run = () => {
    timer = undefined;
    running = inBackgroundLane(() => simulator.tick())
      .then((report) => {
        onTick?.(report);
        const world = simulator.currentWorld;
        if (first && world) {
          first = false;
          log(
            `[simulator] ${world.plan.duties.length} devices reporting every ${settings.intervalMs / 1000} s (seed ${settings.seed}); ` +
              `faults from ${settings.firstFaultMs / 1000} s: ${simulator.describe(world)}`,
          );
          // History goes in behind the first live batch, so live state is there from the start.
          startBackfill();
        }
      })
      .catch((error: unknown) => failOnce("tick", error))
      .finally(() => {
        running = undefined;
        schedule();
      });
  };

  // A new site, connector or path starts reporting at the next round rather than at the next periodic re-read.
  const unsubscribe = (options.bus ?? getBus()).subscribe((message) => {
    // Health news (SLA, port and link states, often the simulator's own doing) changes no object.
    if (message.service !== "topology" || message.action === "health") return;
    const { entityType, entityId, nodeId } = message.data as Partial<NetworkChange>;
    const named = typeof entityType === "string" && typeof entityId === "string" && !("truncated" in message.data);
    simulator.networkChanged(named ? { entityType, entityId, ...(typeof nodeId === "string" ? { nodeId } : {}) } : undefined);
  });

  // The first round runs right away (still in the background: the caller is not kept waiting).
  timer = setTimeout(run, 0);
  timer.unref();

  return {
    simulator,
    get active() {
      return timer !== undefined || running !== undefined;
    },
    async stop() {
      unsubscribe();
      simulator.stop();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      await backfill;
    },
  };
}
