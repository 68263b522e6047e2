import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gte, isNull, or, sql } from "drizzle-orm";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import { hashToken } from "@/server/auth/sessions";
import type { Db } from "@/server/db/client";
import { deviceTokens, devices, nodes } from "@/server/db/schema";
import { tenantWhere } from "@/server/core/tenancy";
import { NotFoundError, ConflictError } from "@/server/core/errors";

// Per-device ingestion tokens: a random bearer token shown once, stored as its SHA-256 like the session tokens.
// One live token per device; issuing a new one revokes the old. A token belongs to the MSP that owned the device
// when it was issued and to that claim: a device released and claimed again (by any MSP) starts with no working token.

type Executor = Db | Transaction;

const TOKEN_PREFIX = "mdt_";
const TOKEN_MAX_LENGTH = 200;

async function issueWith(executor: Executor, deviceId: string, createdBy: string | null): Promise<string> {
  const [device] = await executor.select({ msp: devices.mspOrganizationId }).from(devices).where(eq(devices.id, deviceId)).limit(1);
  if (!device?.msp) throw new Error(`device ${deviceId} is not claimed by an MSP: it cannot hold an ingestion token`);
  await executor
    .update(deviceTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(deviceTokens.deviceId, deviceId), isNull(deviceTokens.revokedAt)));
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  // The console's clock, like devices.claimed_at, which it is compared with.
  await executor.insert(deviceTokens).values({ tokenHash: hashToken(token), deviceId, mspOrganizationId: device.msp, createdBy, createdAt: new Date() });
  return token;
}

/** A new ingestion token for a claimed device (the raw token, returned once); the device's previous token stops working. */
export async function issueDeviceToken(db: Db, deviceId: string): Promise<string> {
  return db.transaction((tx) => issueWith(tx, deviceId, null));
}

/** Revokes every live token of the device; answers how many there were. */
export async function revokeDeviceTokens(db: Executor, deviceId: string): Promise<number> {
  const revoked = await db
    .update(deviceTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(deviceTokens.deviceId, deviceId), isNull(deviceTokens.revokedAt)))
    .returning({ tokenHash: deviceTokens.tokenHash });
  return revoked.length;
}

/** Whether a bearer value is a device's ingestion token (by its prefix; not whether it is valid). */
export const isDeviceToken = (token: string) => token.startsWith(TOKEN_PREFIX);

/** The reporting device behind a bearer token. */
export interface DeviceIdentity {
  deviceId: string;
  serialNumber: string;
  mspOrganizationId: string;
  nodeId: string | null;
  nodeName: string | null;
  /** The organization that owns the device's node: its ports' and links' alarms are that organization's. */
  nodeOrganizationId?: string | null;
}

/** The device an `Authorization: Bearer …` header names, or null (missing, malformed, unknown or revoked token). */
export async function authenticateDevice(db: Db, authorization: string | undefined | null): Promise<DeviceIdentity | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const token = match?.[1];
  if (!token || token.length > TOKEN_MAX_LENGTH || !token.startsWith(TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({
      deviceId: devices.id,
      serialNumber: devices.serialNumber,
      mspOrganizationId: devices.mspOrganizationId,
      nodeId: devices.nodeId,
      nodeName: nodes.name,
      nodeOrganizationId: nodes.organizationId,
    })
    .from(deviceTokens)
    .innerJoin(
      devices,
      and(
        eq(devices.id, deviceTokens.deviceId),
        eq(devices.mspOrganizationId, deviceTokens.mspOrganizationId),
        or(isNull(devices.claimedAt), gte(deviceTokens.createdAt, devices.claimedAt)),
      ),
    )
    .leftJoin(nodes, eq(nodes.id, devices.nodeId))
    .where(and(eq(deviceTokens.tokenHash, hashToken(token)), isNull(deviceTokens.revokedAt)))
    .limit(1);
  if (!row?.mspOrganizationId) return null;
  return {
    ...row,
    mspOrganizationId: row.mspOrganizationId,
    nodeName: row.nodeId ? row.nodeName : null,
    nodeOrganizationId: row.nodeId ? row.nodeOrganizationId : null,
  };
}

/**
 * POST /inventory/device/{id}/token: a new token for one of the caller's claimed devices (the operator may do it
 * for any claimed device). Another MSP's device is as missing as an unknown one. The event names the device, never the token.
 */
export async function issueTokenForDevice(context: ServiceContext, deviceId: string): Promise<{ token: string }> {
  const { principal } = context;
  return mutate(context, async (tx, record) => {
    const [device] = await tx
      .select({ id: devices.id, serialNumber: devices.serialNumber, msp: devices.mspOrganizationId, nodeId: devices.nodeId })
      .from(devices)
      .where(and(eq(devices.id, deviceId), tenantWhere(principal, devices.mspOrganizationId, tx as unknown as Db)))
      .for("update")
      .limit(1);
    if (!device) throw new NotFoundError();
    if (!device.msp) throw new ConflictError("apiErrors.deviceNotClaimed", { serialNumber: device.serialNumber });
    const token = await issueWith(tx, device.id, principal.userId);
    await record({
      organizationId: device.msp,
      entityType: "device",
      entityId: device.id,
      type: "token-issued",
      nodeId: device.nodeId,
      after: { serialNumber: device.serialNumber, issuedAt: new Date().toISOString() },
    });
    return { token };
  });
}

/** How many live tokens a device has (0 or 1). */
export async function countLiveTokens(db: Db, deviceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceTokens)
    .where(and(eq(deviceTokens.deviceId, deviceId), isNull(deviceTokens.revokedAt)));
  return row?.n ?? 0;
}
