import type { TopologyNode } from "@/lib/topology/schema";

/** A node's own page under the organization (SPEC §2): edge and CPE node pages, a core node under its fabric. */
export function nodeHref(node: Pick<TopologyNode, "id" | "kind" | "coreFabricId">): string {
  const id = encodeURIComponent(node.id);
  if (node.kind === "edge") return `msp/edgeNode/${id}`;
  if (node.kind === "cpe") return `msp/cpeNode/${id}`;
  return node.coreFabricId ? `msp/coreFabric/${encodeURIComponent(node.coreFabricId)}/coreNode/${id}` : "msp/coreFabric";
}
