import { healthTone, type HealthTone } from "@/lib/health";
import type { NodeKind } from "@/lib/nodes/schema";
import type { TopologyGraph, TopologyNode } from "./schema";

// What the topology page draws of an MSP's network. A network of a few hundred nodes is drawn node by node; a larger
// one (the scale network has 2,000 edge and CPE nodes and 5,000 links) would freeze the tab and draw a hairball, so
// its edge and CPE nodes are drawn as places — every node of one metro, then of one cell of a coarser and coarser
// grid — until the drawing fits, core nodes always on their own. The links between two places become one line
// coloured by the worst of them. Health always shows through: a place is as bad as its worst node.

/** Past this many nodes the drawing groups nodes by place. */
export const DRAW_NODES_MAX = 250;
/** The grids tried in turn, in degrees, until the drawing fits. */
const GRID_DEGREES = [0.5, 2, 5, 10, 20, 45];

export interface DrawnNode {
  id: string;
  /** A node's name, or a place's address. */
  label: string;
  /** A node's kind, or "place" for several edge and CPE nodes drawn as one. */
  kind: NodeKind | "place";
  nodeIds: string[];
  tone: HealthTone;
  latitude: number;
  longitude: number;
}

export interface DrawnLink {
  /** A link's id, or "<place>|<place>" for the links between two places. */
  id: string;
  source: string;
  target: string;
  linkIds: string[];
  tone: HealthTone;
  /** A single link's name; null for several. */
  name: string | null;
}

export interface DrawnNetwork {
  nodes: DrawnNode[];
  links: DrawnLink[];
  grouped: boolean;
}

const TONE_RANK: Record<HealthTone, number> = { unknown: 0, healthy: 1, warning: 2, bad: 3 };

/** The worst of several tones; unknown only when nothing is known. */
export function worstTone(tones: HealthTone[]): HealthTone {
  return tones.reduce<HealthTone>((worst, tone) => (TONE_RANK[tone] > TONE_RANK[worst] ? tone : worst), "unknown");
}

export const nodeTone = (node: Pick<TopologyNode, "state">): HealthTone => (node.state === "unknown" ? "unknown" : healthTone(node.state));

function placeKey(node: TopologyNode, degrees: number | null): string {
  if (node.kind === "core") return `node:${node.id}`;
  if (degrees === null) return `place:${node.address || `${node.latitude},${node.longitude}`}`;
  return `cell:${Math.floor(node.latitude / degrees)}:${Math.floor(node.longitude / degrees)}:${degrees}`;
}

/** The places of a grouping: nodes by key, in the order first met (the graph's order, by id: stable). */
function group(nodes: TopologyNode[], degrees: number | null): Map<string, TopologyNode[]> {
  const places = new Map<string, TopologyNode[]>();
  for (const node of nodes) {
    const key = placeKey(node, degrees);
    const members = places.get(key);
    if (members) members.push(node);
    else places.set(key, [node]);
  }
  return places;
}

export function drawNetwork(graph: Pick<TopologyGraph, "nodes" | "links">, max = DRAW_NODES_MAX): DrawnNetwork {
  if (graph.nodes.length <= max) {
    return {
      nodes: graph.nodes.map((node) => ({
        id: node.id,
        label: node.name,
        kind: node.kind,
        nodeIds: [node.id],
        tone: nodeTone(node),
        latitude: node.latitude,
        longitude: node.longitude,
      })),
      links: graph.links.map((link) => ({
        id: link.id,
        source: link.sourceNodeId,
        target: link.destinationNodeId,
        linkIds: [link.id],
        tone: healthTone(link.health),
        name: link.name,
      })),
      grouped: false,
    };
  }
  let places = group(graph.nodes, null);
  for (const degrees of GRID_DEGREES) {
    if (places.size <= max) break;
    places = group(graph.nodes, degrees);
  }
  const placeOf = new Map<string, string>();
  const nodes: DrawnNode[] = [];
  for (const [key, members] of places) {
    for (const member of members) placeOf.set(member.id, key);
    const single = members.length === 1;
    nodes.push({
      id: key,
      label: single ? members[0].name : key.startsWith("place:") ? members[0].address : "",
      kind: single ? members[0].kind : "place",
      nodeIds: members.map((member) => member.id),
      tone: worstTone(members.map(nodeTone)),
      latitude: members.reduce((sum, member) => sum + member.latitude, 0) / members.length,
      longitude: members.reduce((sum, member) => sum + member.longitude, 0) / members.length,
    });
  }
  const between = new Map<string, DrawnLink & { tones: HealthTone[] }>();
  for (const link of graph.links) {
    const a = placeOf.get(link.sourceNodeId);
    const b = placeOf.get(link.destinationNodeId);
    // Links inside one place are not drawn; the table and the place's details list them.
    if (!a || !b || a === b) continue;
    const [source, target] = a < b ? [a, b] : [b, a];
    const id = `${source}|${target}`;
    const line = between.get(id) ?? { id, source, target, linkIds: [], tone: "unknown", name: null, tones: [] };
    line.linkIds.push(link.id);
    line.tones.push(healthTone(link.health));
    line.name = line.linkIds.length === 1 ? link.name : null;
    between.set(id, line);
  }
  return {
    nodes,
    links: [...between.values()].map(({ tones, ...line }) => ({ ...line, tone: worstTone(tones) })),
    grouped: true,
  };
}
