import "server-only";
import { startEventRetention } from "@/server/audit/retention";
import { faultControlEnabled, registerFaultControl } from "@/server/core/fault-control";
import type { Db } from "@/server/db/client";
import { startLifecycleScheduler } from "@/server/lifecycle/scheduler";
import { simulatorEnabled, startSimulator } from "@/server/simulator";
import { startTelemetryMaintenance } from "@/server/telemetry/maintenance";
import { startWebhookWorker } from "@/server/webhooks/worker";

// What a console process runs besides answering requests. Each part is safe with several processes on one
// PostgreSQL: the scheduler claims operations with SKIP LOCKED and leases, the maintenance job takes an advisory
// lock, the webhook worker claims due deliveries with SKIP LOCKED and a lease. The simulator plays the demo
// network's devices: run it in one process only (SIMULATOR=off elsewhere).

export interface BackgroundServices {
  simulator: boolean;
  stop(): Promise<void>;
}

export function startBackgroundServices(db: Db, env: Record<string, string | undefined> = process.env): BackgroundServices {
  const telemetry = startTelemetryMaintenance(db);
  const lifecycle = startLifecycleScheduler(db);
  const webhooks = startWebhookWorker(db);
  const retention = startEventRetention(db, env);
  const simulator = simulatorEnabled(env) ? startSimulator(db, { env }) : undefined;
  // The API plays the demo's faults through an interface; only here does it reach the simulator (demo and end-to-end).
  const releaseFaultControl = simulator && faultControlEnabled(env) ? registerFaultControl(simulator.simulator) : undefined;
  return {
    simulator: Boolean(simulator),
    async stop() {
      // The simulator first: its last batches still go through the ingestion path and the alarm engine.
      releaseFaultControl?.();
      retention.stop();
      await simulator?.stop();
      await Promise.all([lifecycle.stop(), telemetry.stop(), webhooks.stop()]);
    },
  };
}
