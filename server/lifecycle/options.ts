import "server-only";
import { logger } from "@/server/core/log";

const log = logger("lifecycle");

// The lifecycle scheduler's timing, from the environment unless given: LIFECYCLE_TICK_MS (1000),
// LIFECYCLE_INSTALL_SECONDS (60), LIFECYCLE_REBOOT_SECONDS (20), LIFECYCLE_LEASE_MS (3 ticks + 5 s).

export interface LifecycleSchedulerOptions {
  /** Between the end of one tick and the start of the next; each tick is also every running operation's heartbeat. */
  tickMs?: number;
  installSeconds?: number;
  rebootSeconds?: number;
  /**
   * How old a running operation's heartbeat may be before its process is taken for dead and another scheduler
   * takes the operation over. Longer than a few ticks, with room for a slow tick and some clock difference.
   */
  leaseMs?: number;
  /** At most this many operations claimed, or taken over, per tick. */
  batchSize?: number;
  /** Where the scheduler reports what it did and what went wrong. */
  log?: (message: string) => void;
}

export type ResolvedSchedulerOptions = Required<LifecycleSchedulerOptions>;

const LEASE_MARGIN_MS = 5_000;

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value);
  if (Number.isFinite(number) && number > 0) return number;
  log.warn({ [name]: value, using: fallback }, `${name} is not a positive number`);
  return fallback;
}

export function resolveSchedulerOptions(options: LifecycleSchedulerOptions = {}, env: Record<string, string | undefined> = process.env): ResolvedSchedulerOptions {
  const tickMs = options.tickMs ?? positive(env.LIFECYCLE_TICK_MS, 1_000, "LIFECYCLE_TICK_MS");
  return {
    tickMs,
    installSeconds: options.installSeconds ?? positive(env.LIFECYCLE_INSTALL_SECONDS, 60, "LIFECYCLE_INSTALL_SECONDS"),
    rebootSeconds: options.rebootSeconds ?? positive(env.LIFECYCLE_REBOOT_SECONDS, 20, "LIFECYCLE_REBOOT_SECONDS"),
    leaseMs: options.leaseMs ?? positive(env.LIFECYCLE_LEASE_MS, 3 * tickMs + LEASE_MARGIN_MS, "LIFECYCLE_LEASE_MS"),
    batchSize: options.batchSize ?? 50,
    log: options.log ?? ((message) => log.info(message)),
  };
}
