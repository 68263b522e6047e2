import type { DrawnLink, DrawnNetwork, DrawnNode } from "@/lib/topology/draw";
import type { TopologySelection } from "@/lib/topology/queries";

/** What the graph and the map are given: the network as drawn, what is selected, and what a click selects. */
export interface DrawingProps {
  network: DrawnNetwork;
  selection: TopologySelection | null;
  /** The drawn place whose nodes are listed (a grouped drawing). */
  place: string | null;
  onSelectNode: (node: DrawnNode) => void;
  onSelectLink: (link: DrawnLink) => void;
  label: string;
}

/** Core nodes stand out; a place grows with the nodes it holds. */
export function nodeRadius(node: DrawnNode): number {
  if (node.kind === "place") return Math.min(4 + Math.sqrt(node.nodeIds.length) * 1.4, 14);
  return node.kind === "core" ? 7 : node.kind === "edge" ? 6 : 4.5;
}
