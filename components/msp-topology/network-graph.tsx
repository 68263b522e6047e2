"use client";

import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from "d3-force";
import { Maximize2, ZoomIn, ZoomOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useMemo, useRef } from "react";
import { TONE_COLOR } from "@/components/topology/tones";
import { Button } from "@/components/ui/button";
import type { DrawnNetwork, DrawnNode } from "@/lib/topology/draw";
import type { TopologySelection } from "@/lib/topology/queries";
import { nodeRadius, type DrawingProps } from "./drawing";
import { project, useGraphZoom, ZOOM_MAX, ZOOM_MIN } from "./graph-zoom";

// The MSP's network as a graph laid out by d3-force. Each node starts at its place in the world, spread evenly: its
// rank west to east and north to south, so a dense metro region does not pile up while the drawing keeps the
// network's geography. Links then pull neighbours together, nodes push apart, and a weak pull holds each near its
// place. The layout runs once per shape of the network (a fixed number of ticks, no animation), not on health news,
// which only recolours it. Loaded only when drawn (lazyComponent): d3-force stays out of first-load JS.

const WIDTH = 640;
const HEIGHT = 400;
const PADDING = 20;
/** Room on the right for the labels of a small network. */
const LABEL_ROOM = 96;
const TICKS = 300;

interface Point extends SimulationNodeDatum {
  id: string;
  homeX: number;
  homeY: number;
}

/** Each value's rank among the values (ties by id), from 0 to 1. */
function ranks(nodes: DrawnNetwork["nodes"], value: (node: DrawnNetwork["nodes"][number]) => number): Map<string, number> {
  const sorted = [...nodes].sort((a, b) => value(a) - value(b) || (a.id < b.id ? -1 : 1));
  return new Map(sorted.map((node, index) => [node.id, sorted.length > 1 ? index / (sorted.length - 1) : 0.5]));
}

/** Positions in the drawing's box, by drawn node id. */
export function layoutNetwork(network: Pick<DrawnNetwork, "nodes" | "links">, labelRoom = 0): Map<string, { x: number; y: number }> {
  const east = ranks(network.nodes, (node) => node.longitude);
  const south = ranks(network.nodes, (node) => -node.latitude);
  const span = Math.max(Math.sqrt(network.nodes.length) * 60, 200);
  const points: Point[] = network.nodes.map((node) => {
    const homeX = east.get(node.id)! * span * 1.6;
    const homeY = south.get(node.id)! * span;
    return { id: node.id, homeX, homeY, x: homeX, y: homeY };
  });
  const links: SimulationLinkDatum<Point>[] = network.links.map((link) => ({ source: link.source, target: link.target }));
  forceSimulation(points)
    .force(
      "link",
      forceLink<Point, SimulationLinkDatum<Point>>(links)
        .id((point) => point.id)
        .distance(50)
        .strength(0.08),
    )
    .force("charge", forceManyBody<Point>().strength(-120).distanceMax(span))
    .force("collide", forceCollide<Point>(18))
    .force("x", forceX<Point>((point) => point.homeX).strength(0.08))
    .force("y", forceY<Point>((point) => point.homeY).strength(0.08))
    .stop()
    .tick(TICKS);
  const xs = points.map((point) => point.x ?? 0);
  const ys = points.map((point) => point.y ?? 0);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // Each axis fills the box: the drawing keeps the order of places, not their distances.
  const width = WIDTH - 2 * PADDING - labelRoom;
  const height = HEIGHT - 2 * PADDING;
  const scaleX = maxX > minX ? width / (maxX - minX) : 0;
  const scaleY = maxY > minY ? height / (maxY - minY) : 0;
  return new Map(
    points.map((point) => [
      point.id,
      {
        x: PADDING + (scaleX ? ((point.x ?? 0) - minX) * scaleX : width / 2),
        y: PADDING + (scaleY ? ((point.y ?? 0) - minY) * scaleY : height / 2),
      },
    ]),
  );
}

const shapeKey = (network: DrawnNetwork) =>
  `${network.nodes.map((node) => node.id).join(",")}|${network.links.map((link) => `${link.source}-${link.target}`).join(",")}`;

const selectedIn = (selection: TopologySelection | null, node: DrawnNode) => selection?.type === "node" && node.nodeIds.includes(selection.id);

export function NetworkGraph({ network, selection, place, onSelectNode, onSelectLink, label }: DrawingProps) {
  const shape = shapeKey(network);
  const showLabels = network.nodes.length <= 40;
  // The layout follows the network's shape only: health news recolours without moving anything.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const laidOut = useMemo(() => layoutNetwork(network, showLabels ? LABEL_ROOM : 0), [shape, showLabels]);
  const t = useTranslations("mspTopology.graph");
  const svg = useRef<SVGSVGElement>(null);
  const hint = useId();
  const { zoom, handlers, zoomIn, zoomOut, reset } = useGraphZoom(svg, WIDTH, HEIGHT, shape);
  const positions = useMemo(() => {
    const projected = new Map<string, { x: number; y: number }>();
    for (const [id, point] of laidOut) projected.set(id, project(zoom, point));
    return projected;
  }, [laidOut, zoom]);
  return (
    <div>
      <svg
        ref={svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full touch-pan-y rounded-sm outline-none select-none focus-visible:ring-2 focus-visible:ring-ring"
        role="group"
        tabIndex={0}
        aria-label={label}
        aria-describedby={hint}
        aria-keyshortcuts="+ - 0 ArrowUp ArrowDown ArrowLeft ArrowRight"
        data-testid="msp-topology-graph"
        data-zoom={zoom.k.toFixed(2)}
        {...handlers}
      >
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
                {/* The node and its label are one target. */}
                <rect x={-radius - 4} y={-radius - 4} width={radius * 2 + 8 + (showLabels ? 5 + node.label.length * 5.6 : 0)} height={radius * 2 + 8} fill="transparent" />
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
      <p id={hint} className="sr-only">
        {t("zoomHint")}
      </p>
      {/* Below the drawing, not over it: a label may run to any edge. */}
      <div className="mt-1 flex justify-end gap-1" data-testid="graph-zoom-controls">
        <Button type="button" variant="outline" size="icon" className="size-7 bg-card/90" onClick={zoomIn} disabled={zoom.k >= ZOOM_MAX} aria-label={t("zoomIn")} title={t("zoomIn")} data-testid="graph-zoom-in">
          <ZoomIn aria-hidden />
        </Button>
        <Button type="button" variant="outline" size="icon" className="size-7 bg-card/90" onClick={zoomOut} disabled={zoom.k <= ZOOM_MIN} aria-label={t("zoomOut")} title={t("zoomOut")} data-testid="graph-zoom-out">
          <ZoomOut aria-hidden />
        </Button>
        <Button type="button" variant="outline" size="icon" className="size-7 bg-card/90" onClick={reset} disabled={zoom.k === 1 && zoom.x === 0 && zoom.y === 0} aria-label={t("zoomReset")} title={t("zoomReset")} data-testid="graph-zoom-reset">
          <Maximize2 aria-hidden />
        </Button>
      </div>
    </div>
  );
}
