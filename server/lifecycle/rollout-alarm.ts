import "server-only";
import { rolloutDegradedMessage, rolloutFailedMessage } from "@/lib/alarms/message";
import { decodeMessage } from "@/lib/validation/messages";
import { and, eq, sql } from "drizzle-orm";
import { applyAlarmConditions, type AlarmCondition } from "@/server/alarms/engine";
import type { Db } from "@/server/db/client";
import { alarms, rollouts } from "@/server/db/schema";

// A halted rollout is an alarm ("rollout-halted" on "rollout:<id>") through the alarm engine: raised when the SLA
// gate or a failed wave halts it, cleared when the MSP resumes or cancels it. The engine makes both idempotent. The halt
// and its alarm are two writes: a halted rollout found without its open alarm (the process stopped in between) gets it
// on the next tick of any scheduler.

import { ROLLOUT_HALT_MESSAGE_PREFIX as ROLLOUT_HALT_PREFIX } from "@/lib/lifecycle/rollout-message";

interface HaltedRollout {
  id: string;
  organizationId: string;
  version: string;
  /** The stored halt reason ("rollout.halt.degraded::{…}"). */
  haltReason: string | null;
}

function condition(rollout: HaltedRollout, active: boolean): AlarmCondition {
  const { key, values = {} } = decodeMessage(rollout.haltReason ?? "");
  const wave = Number(values.wave ?? 0);
  const message =
    key === `${ROLLOUT_HALT_PREFIX}degraded`
      ? rolloutDegradedMessage(rollout.version, wave, String(values.paths ?? ""))
      : rolloutFailedMessage(rollout.version, wave, String(values.serials ?? values.serialNumber ?? ""));
  return {
    organizationId: rollout.organizationId,
    type: "rollout-halted",
    subject: `rollout:${rollout.id}`,
    active,
    severity: "major",
    message,
    source: `rollout ${rollout.version}`,
  };
}

export function raiseRolloutAlarm(db: Db, rollout: HaltedRollout): Promise<void> {
  return applyAlarmConditions(db, [condition(rollout, true)]);
}

export function clearRolloutAlarm(db: Db, rollout: HaltedRollout): Promise<void> {
  return applyAlarmConditions(db, [condition(rollout, false)]);
}

/** At most this many missing alarms raised per tick. */
const MISSING_BATCH = 20;

/** Raises the alarm of every halted rollout that has none open; answers their ids. */
export async function raiseMissingRolloutAlarms(db: Db): Promise<string[]> {
  const missing = await db
    .select({ id: rollouts.id, organizationId: rollouts.organizationId, version: rollouts.version, haltReason: rollouts.haltReason })
    .from(rollouts)
    .where(
      and(
        eq(rollouts.status, "halted"),
        sql`not exists (select 1 from ${alarms} where ${alarms.subject} = 'rollout:' || ${rollouts.id} and ${alarms.type} = 'rollout-halted' and ${alarms.clearedAt} is null)`,
      ),
    )
    .limit(MISSING_BATCH);
  if (missing.length > 0) await applyAlarmConditions(db, missing.map((rollout) => condition(rollout, true)));
  return missing.map((rollout) => rollout.id);
}
