import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { alarms, devices, events, lifecycleOperations, nodes } from "@/server/db/schema";
import { organizationId } from "./helpers";

// Objects of other areas (nodes) and rows the operations tests reason about, inserted directly.

export const OPERATOR = "admin@maia.example";
export const OPERATOR_READONLY = "readonly@maia.example";
export const NW_ADMIN = "admin@northwind.example";
export const NW_CONFIGURE = "configure@northwind.example";
export const NW_READONLY = "readonly@northwind.example";
export const BW_ADMIN = "admin@bluewave.example";
export const CONTOSO_ADMIN = "admin@contoso.example";
export const CONTOSO_READONLY = "readonly@contoso.example";
export const INITECH_ADMIN = "admin@initech.example";

let counter = 0;
/** A name no other test uses. */
export const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

export async function insertNode(organization: string, name = unique("node").toLowerCase()) {
  const db = await getDb();
  const [row] = await db
    .insert(nodes)
    .values({ organizationId: await organizationId(organization), kind: "edge", edgeType: "standard", name, locationAddress: "Paris, France", latitude: 48.85, longitude: 2.35 })
    .returning();
  return row;
}

export const claimHash = (code: string) => createHash("sha256").update(code).digest("base64url");

/** A device in the stock (msp null), claimed by an MSP, or assigned to one of its nodes. */
export async function insertDevice(options: { msp?: string; nodeId?: string; serialNumber?: string; claimCode?: string; model?: string } = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(devices)
    .values({
      serialNumber: options.serialNumber ?? unique("SN"),
      claimCodeHash: claimHash(options.claimCode ?? "ABCD1234"),
      model: options.model ?? "E200",
      softwareVersion: "24.3.1",
      mspOrganizationId: options.msp ? await organizationId(options.msp) : null,
      nodeId: options.nodeId ?? null,
      configured: Boolean(options.nodeId),
      claimedAt: options.msp ? new Date() : null,
    })
    .returning();
  return row;
}

export async function insertOperation(values: Partial<typeof lifecycleOperations.$inferInsert> & { deviceId: string; organizationId: string }) {
  const db = await getDb();
  const [row] = await db
    .insert(lifecycleOperations)
    .values({ operation: "reboot", status: "scheduled", scheduledAt: new Date(Date.now() + 3600_000), ...values })
    .returning();
  return row;
}

export async function insertAlarm(organization: string, values: Partial<typeof alarms.$inferInsert> = {}) {
  const db = await getDb();
  const subject = unique("subject");
  const [row] = await db
    .insert(alarms)
    .values({
      organizationId: await organizationId(organization),
      message: `Alarm ${subject}`,
      severity: "major",
      type: "sla-bad",
      source: "test",
      subject,
      ...values,
    })
    .returning();
  return row;
}

export async function eventsOf(entityId: string) {
  const db = await getDb();
  return db.select().from(events).where(eq(events.entityId, entityId)).orderBy(asc(events.id));
}
