import type { Node, NodeKind } from "@/lib/nodes/schema";
import { organizationPath } from "@/lib/routes";

// Where each node's pages live (SPEC §2): edge and CPE nodes under msp/edgeNode and msp/cpeNode, core nodes under
// their core fabric (no link page there).

export type NodeTab = "overview" | "monitor" | "link" | "configuration";

export const LIST_SEGMENT = { edge: "edgeNode", cpe: "cpeNode" } as const;
export type ListedKind = keyof typeof LIST_SEGMENT;

/** The tabs of a node's layout: core nodes have no link page. */
export function nodeTabs(kind: NodeKind): NodeTab[] {
  return kind === "core" ? ["overview", "monitor", "configuration"] : ["overview", "monitor", "link", "configuration"];
}

/** msp/edgeNode, msp/cpeNode. */
export function nodeListHref(organizationId: string, kind: ListedKind): string {
  return organizationPath(organizationId, `msp/${LIST_SEGMENT[kind]}`);
}

/** A node's page; the overview is the node's own URL. A core node outside a fabric has no page (null). */
export function nodeHref(organizationId: string, node: Pick<Node, "id" | "kind" | "coreFabricId">, tab: NodeTab = "overview"): string | null {
  const id = encodeURIComponent(node.id);
  const base =
    node.kind === "core"
      ? node.coreFabricId
        ? `msp/coreFabric/${encodeURIComponent(node.coreFabricId)}/coreNode/${id}`
        : null
      : `msp/${LIST_SEGMENT[node.kind]}/${id}`;
  if (!base) return null;
  return organizationPath(organizationId, tab === "overview" ? base : `${base}/${tab}`);
}

export function coreFabricHref(organizationId: string, fabricId: string): string {
  return organizationPath(organizationId, `msp/coreFabric/${encodeURIComponent(fabricId)}`);
}
