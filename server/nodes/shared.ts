import "server-only";
import { and, eq } from "drizzle-orm";
import type { Node } from "@/lib/nodes/schema";
import type { ChangeRecord } from "@/server/core/changes";
import type { Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { devices, nodes, organizations, sites } from "@/server/db/schema";
import { findVisibleOrganization, tenantWhere } from "@/server/core/tenancy";
import { ValidationError, type FieldIssue, type MessageValues } from "@/server/core/errors";

// Lookups shared by the node, port, link and fabric services. Nodes, links and fabrics belong to an MSP: the MSP
// and the operator see them; a customer or another MSP gets the same 404 as for a missing object.

export type RecordChange = (change: ChangeRecord) => Promise<void>;
export type Executor = Db | Transaction;
export type NodeRow = typeof nodes.$inferSelect;

export { containsPattern, uniqueViolation } from "@/server/db/query";

/** A 400 about one field (or several), its message the first issue's. */
export function fieldError(issues: FieldIssue[]): ValidationError {
  return new ValidationError(issues[0].key, issues[0].values, issues);
}

export function fieldIssue(path: string, key: string, values?: MessageValues): FieldIssue {
  return values ? { path, key, values } : { path, key };
}

/** The MSP when the caller may see it; null for anything else (another tenant, a customer, the operator's own). */
export async function findVisibleMsp(executor: Executor, principal: Principal, mspId: string) {
  const organization = await findVisibleOrganization(executor as Db, principal, mspId);
  return organization?.organizationType === "msp" ? organization : null;
}

/** A visible node, or null. Inside a transaction, `lock` holds the row until it ends. */
export async function findVisibleNode(executor: Executor, principal: Principal, nodeId: string, lock = false): Promise<NodeRow | null> {
  const query = executor
    .select()
    .from(nodes)
    .where(and(eq(nodes.id, nodeId), tenantWhere(principal, nodes.organizationId, executor as Db)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The serial number of the device assigned to a node, if any. */
export async function deviceSerialOf(executor: Executor, nodeId: string): Promise<string | null> {
  const [device] = await executor.select({ serialNumber: devices.serialNumber }).from(devices).where(eq(devices.nodeId, nodeId)).limit(1);
  return device?.serialNumber ?? null;
}

export function toNode(row: NodeRow, deviceSerialNumber: string | null): Node {
  return {
    id: row.id,
    organizationId: row.organizationId,
    kind: row.kind,
    name: row.name,
    description: row.description,
    location: { address: row.locationAddress, latitude: row.latitude, longitude: row.longitude },
    edgeType: row.kind === "edge" ? row.edgeType : null,
    coreFabricId: row.kind === "core" ? row.coreFabricId : null,
    deviceSerialNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The customer and site a port serves: the customer must be one of the MSP's customers, the site one of that
 * customer's sites, and a site needs its customer. Answers the issues (empty when fine).
 */
export async function portTenantIssues(
  executor: Executor,
  principal: Principal,
  mspId: string,
  customerOrganizationId: string | null,
  siteId: string | null,
): Promise<FieldIssue[]> {
  if (!customerOrganizationId) return siteId ? [fieldIssue("customerOrganizationId", "validation.siteNeedsCustomer")] : [];
  const [customer] = await executor
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.id, customerOrganizationId),
        eq(organizations.parentId, mspId),
        eq(organizations.organizationType, "customer"),
        tenantWhere(principal, organizations.id, executor as Db),
      ),
    )
    .limit(1);
  if (!customer) return [fieldIssue("customerOrganizationId", "validation.customerNotOfMsp")];
  if (!siteId) return [];
  const [site] = await executor
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, customer.id)))
    .limit(1);
  return site ? [] : [fieldIssue("siteId", "validation.siteNotOfCustomer")];
}
