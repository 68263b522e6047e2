import "server-only";
import { eq } from "drizzle-orm";
import type { ConnectorKind } from "@/lib/connectors/schema";
import type { ConnectorHoming, HomingNode, HomingProposal, Rehome, Rehoming } from "@/lib/connectors/homing-schema";
import { mutate } from "@/server/core/changes";
import { ForbiddenError, NotFoundError, ValidationError } from "@/server/core/errors";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Db } from "@/server/db/client";
import { connectors, nodes } from "@/server/db/schema";
import { homingCandidates, pathsOverConnector, proposeHoming } from "@/server/paths/homing";
import { findVisibleConnector } from "./connectors";
import { findVisibleSite } from "./shared";

// Re-homing: the one way a connector changes the node serving it. Asked first without `apply` (the paths that move
// with it), then applied in a transaction that records the change (node before → after) as the connector's event.

async function nodeRef(db: Db | Transaction, nodeId: string | null): Promise<HomingNode | null> {
  if (!nodeId) return null;
  const [row] = await db.select({ id: nodes.id, name: nodes.name, kind: nodes.kind }).from(nodes).where(eq(nodes.id, nodeId)).limit(1);
  return row ?? null;
}

/** "node/port" for a port key "<nodeId>/<portId>" on a node named `nodeName`. */
const portLabel = (portKey: string | null, nodeName: string) => (portKey ? `${nodeName}/${portKey.slice(portKey.indexOf("/") + 1)}` : null);

// GET /api/v1/config/connector/{connectorId}/homing — its node, and (for its MSP) the nodes that may serve it.
export async function connectorHoming(context: ServiceContext, connectorId: string): Promise<ConnectorHoming> {
  const { db, principal } = context;
  const found = await findVisibleConnector(db, principal, connectorId);
  if (!found) throw new NotFoundError();
  const row = found.connector;
  const node = await nodeRef(db, row.servingNodeId);
  const { candidates } = principal.organizationType === "customer" ? { candidates: [] } : await homingCandidates(db, row.siteId);
  return {
    connectorId: row.id,
    node,
    // A customer sees the provider's node its connector rides on, not the port (docs/decisions/path-topology-for-customers.md).
    port: node && principal.organizationType !== "customer" ? portLabel(row.servingPortKey, node.name) : null,
    candidates: candidates.map((candidate) => ({ ...candidate, current: candidate.id === row.servingNodeId })),
  };
}

// GET /api/v1/config/site/{siteId}/homing?kind=… — what a new connector's dialog shows before it is created: the node
// the same rule as the create will store.
export async function homingProposal(context: ServiceContext, siteId: string, kind: ConnectorKind): Promise<HomingProposal> {
  const { db, principal } = context;
  if (!(await findVisibleSite(db, principal, siteId))) throw new NotFoundError();
  return { node: await nodeRef(db, (await proposeHoming(db, siteId, kind)).nodeId) };
}

/** What re-homing the connector onto the node moves, read in `executor` (locked when about to apply). */
async function plan(executor: Db | Transaction, context: ServiceContext, connectorId: string, nodeId: string, lock: boolean) {
  const found = await findVisibleConnector(executor, context.principal, connectorId, lock);
  if (!found) throw new NotFoundError();
  const row = found.connector;
  const { candidates, ports } = await homingCandidates(executor as Db, row.siteId);
  const target = candidates.find((candidate) => candidate.id === nodeId);
  // Another MSP's node, a core node and no node at all answer alike.
  if (!target) throw new ValidationError("validation.homingNodeNotEligible", undefined, [{ path: "nodeId", key: "validation.homingNodeNotEligible" }]);
  const sitePorts = ports.filter((port) => port.nodeId === target.id);
  const portKey =
    row.kind !== "physical" ? null : sitePorts.some((port) => port.key === row.servingPortKey) ? row.servingPortKey : (sitePorts[0]?.key ?? null);
  const to: HomingNode = { id: target.id, name: target.name, kind: target.kind };
  const result: Rehoming = {
    connectorId: row.id,
    from: await nodeRef(executor, row.servingNodeId),
    to,
    port: portLabel(portKey, to.name),
    paths: await pathsOverConnector(executor as Db, row.id),
    applied: false,
  };
  return { row, portKey, result };
}

// POST /api/v1/config/connector/{connectorId}/homing — the MSP's (or the operator's) act, never the customer's.
export async function rehomeConnector(context: ServiceContext, connectorId: string, input: Rehome): Promise<Rehoming> {
  if (context.principal.organizationType === "customer") throw new ForbiddenError("apiErrors.rehomingByProvider");
  if (!input.apply) return (await plan(context.db, context, connectorId, input.nodeId, false)).result;
  return mutate(context, async (tx, record) => {
    const { row, portKey, result } = await plan(tx, context, connectorId, input.nodeId, true);
    if (row.servingNodeId === result.to.id && row.servingPortKey === portKey) return { ...result, applied: true };
    await tx.update(connectors).set({ servingNodeId: result.to.id, servingPortKey: portKey, updatedAt: new Date() }).where(eq(connectors.id, row.id));
    await record({
      organizationId: row.organizationId,
      entityType: "connector",
      entityId: row.id,
      siteId: row.siteId,
      type: "updated",
      before: { servingNode: result.from?.name ?? null },
      after: { servingNode: result.to.name },
      nodeId: result.to.id,
    });
    return { ...result, applied: true };
  });
}
