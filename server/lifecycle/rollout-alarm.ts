import "server-only";
import { rolloutDegradedMessage, rolloutFailedMessage } from "@/lib/alarms/message";
import { decodeMessage } from "@/lib/validation/messages";
import { applyAlarmConditions, type AlarmCondition } from "@/server/alarms/engine";
import type { Db } from "@/server/db/client";

// A halted rollout is an alarm ("rollout-halted" on "rollout:<id>") through the alarm engine: raised when the SLA
// gate or a failed wave halts it, cleared when the MSP resumes or cancels it. The engine makes both idempotent.

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
