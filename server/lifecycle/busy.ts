import "server-only";
import { and, asc, eq, inArray, ne, or, isNotNull, sql, type SQL } from "drizzle-orm";
import { BUSY_OPERATION_STATUSES, RESERVING_ROLLOUT_STATUSES, RESERVING_WAVE_STATUSES, type DeviceBusy } from "@/lib/lifecycle/busy";
import type { LifecycleOperationKind } from "@/lib/lifecycle/schema";
import type { Transaction } from "@/server/core/service-context";
import { ConflictError } from "@/server/core/errors";
import type { Db } from "@/server/db/client";
import { devices, lifecycleOperations, rollouts, rolloutWaves } from "@/server/db/schema";

// The one rule of "this device is busy" (lib/lifecycle/busy.ts says it in words): the same two subqueries give the
// device lists their `busy` field and refuse a new operation or rollout on a busy device (409). Each is computed once
// per query and joined on the device id: a page of devices costs no query per device.

type Executor = Db | Transaction;

/** Per device, its scheduled or running operation (the soonest). */
function busyOperations(executor: Executor) {
  return executor
    .selectDistinctOn([lifecycleOperations.deviceId], {
      deviceId: lifecycleOperations.deviceId,
      operationId: lifecycleOperations.id,
      operation: lifecycleOperations.operation,
      version: lifecycleOperations.version,
      status: lifecycleOperations.status,
      scheduledAt: lifecycleOperations.scheduledAt,
    })
    .from(lifecycleOperations)
    .where(inArray(lifecycleOperations.status, [...BUSY_OPERATION_STATUSES]))
    .orderBy(lifecycleOperations.deviceId, asc(lifecycleOperations.scheduledAt))
    .as("busy_operation");
}

/** Per device, the staged rollout that holds it (a wave not yet passed of a running or halted rollout). */
function reservingRollouts(executor: Executor, exceptRolloutId?: string) {
  const member = sql<string>`unnest(${rolloutWaves.deviceIds})`;
  return executor
    .selectDistinctOn([member], {
      deviceId: member.as("busy_rollout_device_id"),
      rolloutId: rollouts.id,
      version: rollouts.version,
      status: rollouts.status,
      waveIndex: rolloutWaves.index,
    })
    .from(rolloutWaves)
    .innerJoin(rollouts, eq(rollouts.id, rolloutWaves.rolloutId))
    .where(
      and(
        inArray(rollouts.status, [...RESERVING_ROLLOUT_STATUSES]),
        inArray(rolloutWaves.status, [...RESERVING_WAVE_STATUSES]),
        exceptRolloutId ? ne(rollouts.id, exceptRolloutId) : undefined,
      ),
    )
    .orderBy(member, asc(rollouts.createdAt))
    .as("busy_rollout");
}

/**
 * The busy subqueries joined to a select of devices (`devices` in its FROM): `join` adds them, `fields` are what the
 * select takes, `busyWhere` keeps only busy devices, and `busyOf` reads a row's fields back.
 */
export function deviceBusyJoin(executor: Executor, options: { exceptRolloutId?: string } = {}) {
  const operation = busyOperations(executor);
  const rollout = reservingRollouts(executor, options.exceptRolloutId);
  const fields = {
    busyOperation: {
      deviceId: operation.deviceId,
      operationId: operation.operationId,
      operation: operation.operation,
      version: operation.version,
      status: operation.status,
      scheduledAt: operation.scheduledAt,
    },
    busyRollout: { deviceId: rollout.deviceId, rolloutId: rollout.rolloutId, version: rollout.version, status: rollout.status, waveIndex: rollout.waveIndex },
  };
  return {
    operation,
    rollout,
    fields,
    on: { operation: eq(operation.deviceId, devices.id), rollout: eq(rollout.deviceId, devices.id) },
    busyWhere: or(isNotNull(operation.deviceId), isNotNull(rollout.deviceId)) as SQL,
  };
}

type BusyFields = {
  busyOperation: {
    deviceId: string | null;
    operationId: string | null;
    operation: LifecycleOperationKind | null;
    version: string | null;
    status: string | null;
    scheduledAt: Date | null;
  } | null;
  busyRollout: { deviceId: string | null; rolloutId: string | null; version: string | null; status: string | null; waveIndex: number | null } | null;
};

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => values.includes(value as T);

/** What holds the device, from a row selected with `deviceBusyJoin(...).fields`: its rollout first, else its operation. */
export function busyOf(row: BusyFields): DeviceBusy | null {
  const { busyRollout: rollout, busyOperation: operation } = row;
  if (rollout?.deviceId && rollout.rolloutId && rollout.version !== null && isOneOf(RESERVING_ROLLOUT_STATUSES, rollout.status) && rollout.waveIndex !== null) {
    return { reason: "rollout", rolloutId: rollout.rolloutId, version: rollout.version, status: rollout.status, wave: rollout.waveIndex + 1 };
  }
  if (operation?.deviceId && operation.operationId && operation.operation && isOneOf(BUSY_OPERATION_STATUSES, operation.status) && operation.scheduledAt) {
    return {
      reason: "operation",
      operationId: operation.operationId,
      operation: operation.operation,
      version: operation.version,
      status: operation.status,
      scheduledAt: operation.scheduledAt.toISOString(),
    };
  }
  return null;
}

/**
 * Refuses (409, in the reader's language) when one of the devices is busy: an operation scheduled or running, or a
 * place in another staged rollout still to come. `exceptRolloutId`: the rollout starting its own next wave.
 */
export async function assertDevicesFree(executor: Executor, deviceIds: readonly string[], options: { exceptRolloutId?: string } = {}): Promise<void> {
  if (deviceIds.length === 0) return;
  const busy = deviceBusyJoin(executor, options);
  const [row] = await executor
    .select({ serialNumber: devices.serialNumber, ...busy.fields })
    .from(devices)
    .leftJoin(busy.operation, busy.on.operation)
    .leftJoin(busy.rollout, busy.on.rollout)
    .where(and(inArray(devices.id, [...deviceIds]), busy.busyWhere))
    .orderBy(devices.serialNumber)
    .limit(1);
  if (!row) return;
  const reason = busyOf(row);
  if (reason?.reason === "rollout") {
    throw new ConflictError("lifecycle.busy.inRolloutConflict", { serialNumber: row.serialNumber, version: reason.version });
  }
  throw new ConflictError("apiErrors.lifecycleDeviceBusy", { serialNumber: row.serialNumber });
}
