import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { severityRank } from "@/lib/dashboard/format";
import { worstSla, type PathSla } from "@/lib/health";
import { BLAST_PATHS_MAX, type BlastRadius, type BlastTarget } from "@/lib/topology/schema";
import type { ServiceContext } from "@/server/core/service-context";
import { links, nodes, paths } from "@/server/db/schema";
import { NotFoundError } from "@/server/core/errors";
import { tenantWhere } from "@/server/core/tenancy";
import type { RoutedPath } from "@/server/paths/topology";
import { cachedMspPathRoutes } from "./route-cache";

// The blast radius of a link or node: who is hit before an engineer touches it. The customers' paths whose route
// crosses it, routed by the very rule the path topology uses (server/paths/topology.ts), with their SLA.

/** Does this path's traffic cross the target? A node also carries the paths it serves when no route joins their ends. */
export function crosses(path: RoutedPath, target: { type: BlastTarget; id: string }): boolean {
  if (target.type === "link") return path.route?.links.some((hop) => hop.id === target.id) ?? false;
  if (path.route) return path.route.nodeIds.includes(target.id);
  return path.sourceNodeId === target.id || path.destinationNodeId === target.id;
}

/** The paths crossing the target, the worst SLA first, grouped by customer. */
export function blastRadiusOf(routes: RoutedPath[], target: BlastRadius["target"], now = Date.now()): BlastRadius {
  const hit = routes
    .filter((path) => crosses(path, target))
    .sort(
      (a, b) =>
        severityRank(a.sla) - severityRank(b.sla) ||
        a.organizationName.localeCompare(b.organizationName) ||
        a.name.localeCompare(b.name) ||
        (a.id < b.id ? -1 : 1),
    );
  const customers = new Map<string, BlastRadius["customers"][number] & { slas: RoutedPath["sla"][] }>();
  for (const path of hit) {
    const customer = customers.get(path.organizationId) ?? { organizationId: path.organizationId, name: path.organizationName, pathCount: 0, worstSla: "unknown", slas: [] };
    customer.pathCount++;
    customer.slas.push(path.sla);
    customers.set(path.organizationId, customer);
  }
  return {
    target,
    customers: [...customers.values()]
      .map(({ slas, ...customer }) => ({ ...customer, worstSla: worstSla(slas) }))
      .sort((a, b) => severityRank(a.worstSla) - severityRank(b.worstSla) || a.name.localeCompare(b.name)),
    paths: hit.slice(0, BLAST_PATHS_MAX).map((path) => ({
      id: path.id,
      name: path.name,
      organizationId: path.organizationId,
      organizationName: path.organizationName,
      sla: path.sla,
      sourceSiteName: path.sourceSiteName,
      destinationSiteName: path.destinationSiteName,
    })),
    pathCount: hit.length,
    generatedAt: new Date(now).toISOString(),
  };
}

/** The blast radius over the MSP's routes (kept between requests), each path hit with its SLA as it is now. */
async function radiusOver(context: ServiceContext, mspId: string, target: BlastRadius["target"]): Promise<BlastRadius> {
  const hit = (await cachedMspPathRoutes(context, mspId)).filter((path) => crosses(path, target));
  const current = new Map<string, PathSla>();
  // In slices: a busy core link carries tens of thousands of paths, past what one statement may list.
  for (let start = 0; start < hit.length; start += 10_000) {
    const ids = hit.slice(start, start + 10_000).map((path) => path.id);
    const rows = await context.db.select({ id: paths.id, sla: paths.slaHealth }).from(paths).where(inArray(paths.id, ids));
    for (const row of rows) current.set(row.id, row.sla);
  }
  // A path deleted since it was routed is not hit any more.
  const now = hit.flatMap((path) => (current.has(path.id) ? [{ ...path, sla: current.get(path.id)! }] : []));
  return blastRadiusOf(now, target);
}

// GET /api/v1/config/link/{linkId}/blast-radius
export async function linkBlastRadius(context: ServiceContext, linkId: string): Promise<BlastRadius> {
  const { db, principal } = context;
  const [link] = await db
    .select({ id: links.id, name: links.name, mspId: links.organizationId })
    .from(links)
    .where(and(eq(links.id, linkId), tenantWhere(principal, links.organizationId, db)))
    .limit(1);
  if (!link) throw new NotFoundError();
  return radiusOver(context, link.mspId, { type: "link", id: link.id, name: link.name });
}

// GET /api/v1/config/node/{nodeId}/blast-radius
export async function nodeBlastRadius(context: ServiceContext, nodeId: string): Promise<BlastRadius> {
  const { db, principal } = context;
  const [node] = await db
    .select({ id: nodes.id, name: nodes.name, mspId: nodes.organizationId })
    .from(nodes)
    .where(and(eq(nodes.id, nodeId), tenantWhere(principal, nodes.organizationId, db)))
    .limit(1);
  if (!node) throw new NotFoundError();
  return radiusOver(context, node.mspId, { type: "node", id: node.id, name: node.name });
}
