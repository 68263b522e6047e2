"use client";

import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from "d3-force";
import { useMemo } from "react";
import { TONE_COLOR } from "@/components/topology/tones";
import type { DrawnNetwork, DrawnNode } from "@/lib/topology/draw";
import type { TopologySelection } from "@/lib/topology/queries";
import { nodeRadius, type DrawingProps } from "./drawing";

// The MSP's network as a graph laid out by d3-force: the nodes start at their place on a flat world (longitude,
// latitude) and are held near it, so the drawing keeps the network's geography while links pull neighbours together
// and nodes push apart. The layout runs once per shape of the network (a fixed number of ticks, no animation), not on
// health news, which only recolours it. Loaded only when drawn (lazyComponent): d3-force stays out of first-load JS.

const WIDTH = 640;
const HEIGHT = 400;
const PADDING = 24;
const TICKS = 220;

interface Point extends SimulationNodeDatum {
  id: string;
  homeX: number;
  homeY: number;
}

/** Positions in the drawing's box, by drawn node id. */
export function layoutNetwork(network: Pick<DrawnNetwork, "nodes" | "links">): Map<string, { x: number; y: number }> {
  const points: Point[] = network.nodes.map((node) => {
    const homeX = node.longitude * 4;
    const homeY = -node.latitude * 4;
    return { id: node.id, homeX, homeY, x: homeX, y: homeY };
  });
  const links: SimulationLinkDatum<Point>[] = network.links.map((link) => ({ source: link.source, target: link.target }));
  const simulation = forceSimulation(points)
    .force(
      "link",
      forceLink<Point, SimulationLinkDatum<Point>>(links)
        .id((point) => point.id)
        .distance(36)
        .strength(0.05),
    )
    .force("charge", forceManyBody<Point>().strength(-40).distanceMax(240))
    .force("collide", forceCollide<Point>(14))
    .force("x", forceX<Point>((point) => point.homeX).strength(0.12))
    .force("y", forceY<Point>((point) => point.homeY).strength(0.12))
    .stop();
  simulation.tick(TICKS);
  const xs = points.map((point) => point.x ?? 0);
  const ys = points.map((point) => point.y ?? 0);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((WIDTH - 2 * PADDING) / Math.max(maxX - minX, 1), (HEIGHT - 2 * PADDING) / Math.max(maxY - minY, 1));
  const offsetX = (WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (HEIGHT - (maxY - minY) * scale) / 2;
  return new Map(points.map((point) => [point.id, { x: ((point.x ?? 0) - minX) * scale + offsetX, y: ((point.y ?? 0) - minY) * scale + offsetY }]));
}

const shapeKey = (network: DrawnNetwork) =>
  `${network.nodes.map((node) => node.id).join(",")}|${network.links.map((link) => `${link.source}-${link.target}`).join(",")}`;

const selectedIn = (selection: TopologySelection | null, node: DrawnNode) => selection?.type === "node" && node.nodeIds.includes(selection.id);

export function NetworkGraph({ network, selection, place, onSelectNode, onSelectLink, label }: DrawingProps) {
  const shape = shapeKey(network);
  // The layout follows the network's shape only: health news recolours without moving anything.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const positions = useMemo(() => layoutNetwork(network), [shape]);
  const showLabels = network.nodes.length <= 40;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="group" aria-label={label} data-testid="msp-topology-graph">
      <g>
        {network.links.map((link) => {
          const a = positions.get(link.source);
          const b = positions.get(link.target);
          if (!a || !b) return null;
          const selected = selection?.type === "link" && link.linkIds.includes(selection.id);
          return (
            <g
              key={link.id}
              data-testid="graph-link"
              data-link-id={link.linkIds.length === 1 ? link.linkIds[0] : undefined}
              data-tone={link.tone}
              className="cursor-pointer"
              onClick={() => onSelectLink(link)}
            >
              <title>{link.name ?? String(link.linkIds.length)}</title>
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="transparent" strokeWidth={10} />
              {selected && <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="var(--foreground)" strokeWidth={6} strokeOpacity={0.25} strokeLinecap="round" />}
              <line
                x1={a.x}
                y1={a.y}
                x2={b.x}
                y2={b.y}
                stroke={TONE_COLOR[link.tone]}
                strokeWidth={Math.min(1.5 + Math.log2(link.linkIds.length), 5)}
                strokeLinecap="round"
              />
            </g>
          );
        })}
      </g>
      <g>
        {network.nodes.map((node) => {
          const point = positions.get(node.id);
          if (!point) return null;
          const radius = nodeRadius(node);
          const selected = selectedIn(selection, node) || place === node.id;
          return (
            <g
              key={node.id}
              transform={`translate(${point.x},${point.y})`}
              role="button"
              tabIndex={0}
              aria-label={node.label || String(node.nodeIds.length)}
              aria-pressed={selected}
              data-testid="graph-node"
              data-node-id={node.nodeIds.length === 1 ? node.nodeIds[0] : undefined}
              data-tone={node.tone}
              className="cursor-pointer outline-none focus-visible:[&>.ring]:stroke-ring"
              onClick={() => onSelectNode(node)}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  onSelectNode(node);
                }
              }}
            >
              <title>{node.label}</title>
              <circle className="ring" r={radius + 3.5} fill="none" stroke={selected ? "var(--foreground)" : "transparent"} strokeWidth={2} />
              {node.kind === "core" ? (
                <rect x={-radius} y={-radius} width={radius * 2} height={radius * 2} rx={2} fill={TONE_COLOR[node.tone]} stroke="var(--card)" strokeWidth={1.5} />
              ) : (
                <circle r={radius} fill={TONE_COLOR[node.tone]} stroke="var(--card)" strokeWidth={1.5} />
              )}
              {node.kind === "place" && (
                <text textAnchor="middle" dy="0.35em" fontSize={radius > 9 ? 8 : 6.5} fill="var(--card)" className="pointer-events-none font-medium select-none">
                  {node.nodeIds.length}
                </text>
              )}
              {showLabels && (
                <text x={radius + 5} dy="0.35em" fontSize={10} fill="var(--muted-foreground)" className="pointer-events-none select-none">
                  {node.label}
                </text>
              )}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
