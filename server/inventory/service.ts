import "server-only";
import { deviceKind } from "@/lib/inventory/models";
import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Device, DeviceAssign, DeviceClaim, DeviceCreate, DeviceListQuery, DeviceMspAssign, DeviceUnassignment } from "@/lib/inventory/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { devices, nodes, organizations, telemetryDeviceState } from "@/server/db/schema";
import { findVisibleOrganization, tenantWhere } from "@/server/core/tenancy";
import { busyOf, deviceBusyJoin } from "@/server/lifecycle/busy";
import { cancelScheduled, lockPendingOperationsOfDevice } from "@/server/lifecycle/service";
import { ValidationError, NotFoundError, ConflictError } from "@/server/core/errors";
import { deviceUnreachableWhere } from "@/server/alarms/service";
import type { PageQuery } from "@/lib/pagination";
import { sortedList } from "@/server/core/pagination";
import { iso } from "@/server/core/rows";
import { containsPattern, uniqueViolation } from "@/server/db/query";
import { TELEMETRY } from "@/server/telemetry/config";
import { connectorsServedBy } from "@/server/paths/homing";

// SPEC §3–§6: the device inventory. The operator adds devices to its stock and sees every device; an MSP claims a
// device with its claim code, sees the devices it claimed, and assigns them to its nodes. A device an MSP did not
// claim is as invisible to it as a missing one.

type Executor = Db | Transaction;
type DeviceRow = typeof devices.$inferSelect;

/** SHA-256 of a claim code, as stored in devices.claim_code_hash (the code itself is never kept). */
export function hashClaimCode(code: string): string {
  return createHash("sha256").update(code).digest("base64url");
}

function sameHash(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(candidate);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a claim code (in capitals, as the schema leaves it) is the one whose hash the stock holds. */
export const sameClaimCode = (storedHash: string, code: string) => sameHash(storedHash, hashClaimCode(code));

const deviceColumns = {
  device: devices,
  mspName: organizations.name,
  nodeName: nodes.name,
  lastSeenAt: telemetryDeviceState.lastSeenAt,
  silent: telemetryDeviceState.silent,
};

/** Devices with their MSP, node and telemetry state (and the `extra` fields the caller joins). */
function selectDevices<F extends SelectedFields>(executor: Executor, extra?: F) {
  return executor
    .select({ ...deviceColumns, ...(extra as F) })
    .from(devices)
    .leftJoin(organizations, eq(organizations.id, devices.mspOrganizationId))
    .leftJoin(nodes, eq(nodes.id, devices.nodeId))
    .leftJoin(telemetryDeviceState, eq(telemetryDeviceState.deviceId, devices.id));
}

interface DeviceJoin {
  device: DeviceRow;
  mspName: string | null;
  nodeName: string | null;
  /** The device's telemetry state, when the query joined it. */
  lastSeenAt?: Date | null;
  silent?: boolean | null;
}

/**
 * Reporting, as the node pages judge reachability: on a node, seen within the silence threshold and not marked silent
 * since. A device in stock serves nothing, so whatever it last sent, it is not reporting.
 */
const isReporting = (row: DeviceJoin, now: number) =>
  row.device.nodeId !== null &&
  row.lastSeenAt != null && !row.silent && row.lastSeenAt.getTime() >= now - TELEMETRY.silentAfterMs;
/** The same judgement in the database, for an assigned device that is not reporting (unseen, or silent since). */
const notReportingWhere = (now: number) =>
  or(isNull(telemetryDeviceState.lastSeenAt), eq(telemetryDeviceState.silent, true), lt(telemetryDeviceState.lastSeenAt, new Date(now - TELEMETRY.silentAfterMs)));

export function toDevice(row: DeviceJoin, now = Date.now()): Device {
  const { device } = row;
  return {
    id: device.id,
    serialNumber: device.serialNumber,
    model: device.model,
    softwareVersion: device.softwareVersion,
    configured: device.configured,
    status: device.mspOrganizationId === null ? "unclaimed" : device.nodeId === null ? "unassigned" : "assigned",
    mspOrganizationId: device.mspOrganizationId,
    mspName: device.mspOrganizationId === null ? null : row.mspName,
    nodeId: device.nodeId,
    nodeName: device.nodeId === null ? null : row.nodeName,
    claimedAt: iso(device.claimedAt),
    reporting: isReporting(row, now),
    lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
    createdAt: device.createdAt.toISOString(),
    updatedAt: device.updatedAt.toISOString(),
  };
}

/** Devices the principal may see: the operator every one, an MSP those it claimed. */
function visibleDevicesWhere(principal: Principal, executor: Executor): SQL | undefined {
  return tenantWhere(principal, devices.mspOrganizationId, executor as Db);
}

/** A visible device with its MSP and node names, or null; `lock` holds the device row until the transaction ends. */
async function findVisibleDevice(executor: Executor, principal: Principal, deviceId: string, lock = false) {
  const query = selectDevices(executor)
    .where(and(eq(devices.id, deviceId), visibleDevicesWhere(principal, executor)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: devices }) : await query;
  return row ?? null;
}

async function reloadDevice(executor: Executor, deviceId: string): Promise<Device> {
  const [row] = await selectDevices(executor).where(eq(devices.id, deviceId)).limit(1);
  return toDevice(row);
}

const STATUS_WHERE: Record<NonNullable<DeviceListQuery["status"]>, SQL | undefined> = {
  unclaimed: isNull(devices.mspOrganizationId),
  unassigned: and(isNotNull(devices.mspOrganizationId), isNull(devices.nodeId)),
  assigned: and(isNotNull(devices.mspOrganizationId), isNotNull(devices.nodeId)),
};

/**
 * The devices' filter. `notReporting` (the assistant's "which stopped reporting") keeps the assigned devices that are
 * not, and those an open device-unreachable alarm is about (the alarm engine's subject "device:<id>").
 */
export type DeviceFilter = DeviceListQuery & { notReporting?: boolean };

function filterConditions({ db, principal }: ServiceContext, query: DeviceFilter, now: number): (SQL | undefined)[] {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return [
    visibleDevicesWhere(principal, db),
    query.mspOrganizationId ? eq(devices.mspOrganizationId, query.mspOrganizationId) : undefined,
    query.status ? STATUS_WHERE[query.status] : undefined,
    query.notReporting ? or(and(STATUS_WHERE.assigned, notReportingWhere(now)), deviceUnreachableWhere()) : undefined,
    pattern ? or(ilike(devices.serialNumber, pattern), ilike(devices.model, pattern), ilike(nodes.name, pattern)) : undefined,
  ];
}

/** How many devices a filter keeps (what the assistant says of a whole inventory). */
export async function countDevices(context: ServiceContext, query: DeviceFilter, now = Date.now()): Promise<number> {
  const [row] = await context.db
    .select({ count: sql<number>`count(*)::int` })
    .from(devices)
    .leftJoin(nodes, eq(nodes.id, devices.nodeId))
    .leftJoin(telemetryDeviceState, eq(telemetryDeviceState.deviceId, devices.id))
    .where(and(...filterConditions(context, query, now)));
  return Number(row?.count ?? 0);
}

/** How many of the devices a filter keeps run each software version, or are of each model (the assistant's aggregates). */
export async function countDevicesBy(context: ServiceContext, query: DeviceFilter, by: "version" | "model", now = Date.now()): Promise<{ key: string; count: number }[]> {
  const column = by === "version" ? devices.softwareVersion : devices.model;
  const rows = await context.db
    .select({ key: column, count: sql<number>`count(*)::int` })
    .from(devices)
    .leftJoin(nodes, eq(nodes.id, devices.nodeId))
    .leftJoin(telemetryDeviceState, eq(telemetryDeviceState.deviceId, devices.id))
    .where(and(...filterConditions(context, query, now)))
    .groupBy(column)
    .orderBy(sql`count(*) desc`, column);
  return rows.map((row) => ({ key: row.key, count: Number(row.count) }));
}

// GET /api/v1/inventory/device — the devices the caller may see, by serial number, a page at a time.
export async function listDevices(context: ServiceContext, query: PageQuery & DeviceFilter, now = Date.now()) {
  const { db } = context;
  const serial = { key: devices.serialNumber, kind: "text" } as const;
  const list = sortedList("devices", { serialNumber: [serial], model: [{ key: devices.model, kind: "text" }, serial] }, devices.id, query, {
    sort: "serialNumber",
    order: "asc",
  });
  const conditions = [...filterConditions(context, query, now), list.after];
  // Whether each device is free for a lifecycle operation, in the same query (the pickers of msp/lifecycle read it).
  const busy = deviceBusyJoin(db);
  const rows = await selectDevices(db, { ...busy.fields, sortKey: list.cursorValues })
    .leftJoin(busy.operation, busy.on.operation)
    .leftJoin(busy.rollout, busy.on.rollout)
    .where(and(...conditions))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ values: row.sortKey, id: row.device.id }));
  return { items: page.items.map((row) => ({ ...toDevice(row), busy: busyOf(row) })), nextCursor: page.nextCursor };
}

const serialTaken = (serialNumber: string) => new ConflictError("apiErrors.deviceSerialTaken", { serialNumber }).onField("serialNumber");

// POST /api/v1/inventory/device — the operator adds a device to its stock, unclaimed.
export async function createDevice(context: ServiceContext, input: DeviceCreate): Promise<Device> {
  try {
    return await mutate(context, async (tx, record) => {
      const [existing] = await tx.select({ id: devices.id }).from(devices).where(eq(devices.serialNumber, input.serialNumber)).limit(1);
      if (existing) throw serialTaken(input.serialNumber);
      const [row] = await tx
        .insert(devices)
        .values({
          serialNumber: input.serialNumber,
          claimCodeHash: hashClaimCode(input.claimCode),
          model: input.model,
          softwareVersion: input.softwareVersion,
        })
        .returning();
      const device = toDevice({ device: row, mspName: null, nodeName: null });
      await record({ organizationId: context.principal.organizationId, entityType: "device", entityId: row.id, type: "created", after: device });
      return device;
    });
  } catch (error) {
    // Two operators adding the same serial at once: the unique index decides.
    if (uniqueViolation(error) !== null) throw serialTaken(input.serialNumber);
    throw error;
  }
}

/** The MSP a claim is for: the caller's own MSP, or the one the operator names ("MSP is required"). */
async function claimingMsp(db: Db, principal: Principal, mspOrganizationId: string | undefined) {
  if (principal.organizationType === "maia" && !mspOrganizationId) {
    throw new ValidationError("validation.mspRequired", undefined, [{ path: "mspOrganizationId", key: "validation.mspRequired" }]);
  }
  if (principal.organizationType === "msp" && mspOrganizationId && mspOrganizationId !== principal.organizationId) throw new NotFoundError();
  const msp = await findVisibleOrganization(db, principal, mspOrganizationId ?? principal.organizationId);
  if (!msp || msp.organizationType !== "msp") throw new NotFoundError();
  return msp;
}

// POST /api/v1/inventory/device/claim — an unclaimed device whose claim code matches becomes the MSP's. A wrong
// code and an unknown serial number get the same answer, so serial numbers cannot be probed.
export async function claimDevice(context: ServiceContext, input: DeviceClaim): Promise<Device> {
  const msp = await claimingMsp(context.db, context.principal, input.mspOrganizationId);
  return mutate(context, async (tx, record) => {
    const [row] = await selectDevices(tx)
      .where(and(eq(devices.serialNumber, input.serialNumber), isNull(devices.mspOrganizationId)))
      .limit(1)
      .for("update", { of: devices });
    if (!row || !sameClaimCode(row.device.claimCodeHash, input.claimCode)) throw new NotFoundError("apiErrors.claimFailed").onField("claimCode");
    const before = toDevice(row);
    await tx
      .update(devices)
      .set({ mspOrganizationId: msp.id, nodeId: null, configured: false, claimedAt: new Date(), updatedAt: new Date() })
      .where(eq(devices.id, row.device.id));
    const after = await reloadDevice(tx, row.device.id);
    await record({ organizationId: msp.id, entityType: "device", entityId: row.device.id, type: "claimed", before, after });
    return after;
  });
}

const alreadyAssigned = (device: Device) =>
  new ConflictError("apiErrors.deviceAlreadyAssigned", { serialNumber: device.serialNumber, node: device.nodeName ?? "" });

// POST /api/v1/inventory/device/{id}/assign — the device takes the configuration of one of its MSP's nodes, which
// must have no device yet.
export async function assignDevice(context: ServiceContext, deviceId: string, input: DeviceAssign): Promise<Device> {
  const { principal } = context;
  try {
    return await mutate(context, async (tx, record) => {
      const found = await findVisibleDevice(tx, principal, deviceId, true);
      if (!found) throw new NotFoundError();
      const before = toDevice(found);
      const mspId = found.device.mspOrganizationId;
      if (!mspId) throw new ConflictError("apiErrors.deviceNotClaimed", { serialNumber: before.serialNumber });
      // The node row stays locked until the end, so two devices cannot take one node at the same time.
      const [node] = await tx
        .select()
        .from(nodes)
        .where(and(eq(nodes.id, input.nodeId), eq(nodes.organizationId, mspId), tenantWhere(principal, nodes.organizationId, tx as Db)))
        .limit(1)
        .for("update");
      if (!node) {
        throw new ValidationError("validation.deviceNodeNotOfMsp", { msp: before.mspName ?? "" }, [
          { path: "nodeId", key: "validation.deviceNodeNotOfMsp", values: { msp: before.mspName ?? "" } },
        ]);
      }
      // A device takes the configuration of a node of the kind its model is built to be (lib/inventory/models.ts).
      const kind = deviceKind(found.device.model);
      if (kind && node.kind !== kind) {
        const values = { serialNumber: before.serialNumber, model: found.device.model, kind };
        throw new ValidationError("validation.deviceNodeKind", values, [{ path: "nodeId", key: "validation.deviceNodeKind", values }]);
      }
      if (found.device.nodeId === node.id) return before;
      if (found.device.nodeId) throw alreadyAssigned(before);
      const [occupant] = await tx.select({ serialNumber: devices.serialNumber }).from(devices).where(eq(devices.nodeId, node.id)).limit(1);
      if (occupant) throw new ConflictError("apiErrors.nodeHasDevice", { node: node.name, serialNumber: occupant.serialNumber });
      await tx.update(devices).set({ nodeId: node.id, configured: true, updatedAt: new Date() }).where(eq(devices.id, found.device.id));
      const after = await reloadDevice(tx, found.device.id);
      await record({ organizationId: mspId, entityType: "device", entityId: found.device.id, type: "assigned", nodeId: node.id, before, after });
      return after;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new ConflictError("apiErrors.deviceAssignRace");
    throw error;
  }
}

// GET /api/v1/inventory/device/{id}/unassignment — what its node serves, for the confirmation to name it first.
export async function deviceUnassignment(context: ServiceContext, deviceId: string): Promise<DeviceUnassignment> {
  const found = await findVisibleDevice(context.db, context.principal, deviceId);
  if (!found) throw new NotFoundError();
  const nodeId = found.device.nodeId;
  const [node] = nodeId ? await context.db.select({ name: nodes.name }).from(nodes).where(eq(nodes.id, nodeId)).limit(1) : [];
  return {
    deviceId: found.device.id,
    nodeId: node ? nodeId : null,
    nodeName: node?.name ?? null,
    servedConnectors: node && nodeId ? await connectorsServedBy(context.db, nodeId) : [],
  };
}

// POST /api/v1/inventory/device/{id}/unassign — the device leaves its node and keeps no configuration.
export async function unassignDevice(context: ServiceContext, deviceId: string): Promise<Device> {
  return mutate(context, async (tx, record) => {
    const found = await findVisibleDevice(tx, context.principal, deviceId, true);
    if (!found) throw new NotFoundError();
    const before = toDevice(found);
    const mspId = found.device.mspOrganizationId;
    if (!mspId || (!found.device.nodeId && !found.device.configured)) return before;
    await tx.update(devices).set({ nodeId: null, configured: false, updatedAt: new Date() }).where(eq(devices.id, found.device.id));
    const after = await reloadDevice(tx, found.device.id);
    await record({
      organizationId: mspId,
      entityType: "device",
      entityId: found.device.id,
      type: "unassigned",
      nodeId: found.device.nodeId,
      before,
      after,
    });
    return after;
  });
}

// POST /api/v1/inventory/device/{id}/release — the operator returns a claimed device to its stock. An assigned device
// must be unassigned first; its scheduled lifecycle operations are cancelled, and a running one makes it wait.
export async function releaseDevice(context: ServiceContext, deviceId: string): Promise<Device> {
  return mutate(context, async (tx, record) => {
    const found = await findVisibleDevice(tx, context.principal, deviceId, true);
    if (!found) throw new NotFoundError();
    const before = toDevice(found);
    const mspId = found.device.mspOrganizationId;
    if (!mspId) return before;
    if (found.device.nodeId) throw alreadyAssigned(before);
    const pending = await lockPendingOperationsOfDevice(tx, found.device.id);
    if (pending.some((operation) => operation.status === "active")) {
      throw new ConflictError("apiErrors.deviceOperationRunning", { serialNumber: before.serialNumber });
    }
    await cancelScheduled(tx, context.principal, record, pending);
    const now = new Date();
    await tx
      .update(devices)
      .set({ mspOrganizationId: null, nodeId: null, configured: false, claimedAt: null, updatedAt: now })
      .where(eq(devices.id, found.device.id));
    const after = await reloadDevice(tx, found.device.id);
    await record({ organizationId: mspId, entityType: "device", entityId: found.device.id, type: "released", before, after });
    return after;
  });
}

// POST /api/v1/inventory/device/{id}/msp — the operator hands a device of its stock to an MSP ("MSP is required"): it
// becomes the MSP's, unassigned, as if the MSP had claimed it. A device another MSP holds must be released first.
export async function assignDeviceToMsp(context: ServiceContext, deviceId: string, input: DeviceMspAssign): Promise<Device> {
  const { principal } = context;
  return mutate(context, async (tx, record) => {
    const found = await findVisibleDevice(tx, principal, deviceId, true);
    if (!found) throw new NotFoundError();
    const before = toDevice(found);
    const msp = await findVisibleOrganization(tx as unknown as Db, principal, input.mspOrganizationId);
    if (!msp || msp.organizationType !== "msp") {
      throw new ValidationError("validation.mspRequired", undefined, [{ path: "mspOrganizationId", key: "validation.mspRequired" }]);
    }
    if (found.device.mspOrganizationId === msp.id) return before;
    if (found.device.mspOrganizationId) {
      throw new ConflictError("inventory.errors.alreadyClaimed", { serialNumber: before.serialNumber, msp: before.mspName ?? "" });
    }
    const now = new Date();
    await tx.update(devices).set({ mspOrganizationId: msp.id, nodeId: null, configured: false, claimedAt: now, updatedAt: now }).where(eq(devices.id, deviceId));
    const after = await reloadDevice(tx, deviceId);
    await record({ organizationId: msp.id, entityType: "device", entityId: deviceId, type: "claimed", before, after });
    return after;
  });
}
