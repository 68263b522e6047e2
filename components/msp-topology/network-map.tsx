"use client";

import { NaturalEarth } from "@visx/geo";
import type { Feature, FeatureCollection, Geometry } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import land110m from "world-atlas/land-110m.json";
import { TONE_COLOR } from "@/components/topology/tones";
import { nodeRadius, type DrawingProps } from "./drawing";

// The MSP's network on a world map drawn offline: Natural Earth's land at 1:110m (the world-atlas package, TopoJSON
// read by topojson-client) in the Natural Earth projection of @visx/geo. No tile server: the shapes ship with the
// console. Links follow great circles; nodes sit at their place. Loaded only when drawn (lazyComponent).

const WIDTH = 640;
const HEIGHT = 340;
/** Room around the globe, so a node's ring and a link's great circle near a pole are not cut by the drawing's edge. */
const MARGIN = 8;

const topology = land110m as unknown as Topology<{ land: GeometryCollection }>;
const LAND = (feature(topology, topology.objects.land) as FeatureCollection<Geometry>).features as Feature<Geometry>[];
// Fitted to the whole sphere, not to the land: a great circle between two northern places (Oslo to Anchorage) runs
// north of every coast, and fitted to the land it was cut off at the top.
const SPHERE = { type: "Sphere" } as const;

export function NetworkMap({ network, selection, place, onSelectNode, onSelectLink, label }: DrawingProps) {
  const byId = new Map(network.nodes.map((node) => [node.id, node]));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="group" aria-label={label} data-testid="msp-topology-map">
      <NaturalEarth<Feature<Geometry>> data={LAND} fitExtent={[
          [
            [MARGIN, MARGIN],
            [WIDTH - MARGIN, HEIGHT - MARGIN],
          ],
          SPHERE as never,
        ]}>
        {({ features, path, projection }) => (
          <>
            <path d={path({ type: "Sphere" }) ?? undefined} fill="none" stroke="var(--border)" strokeWidth={0.75} />
            <g>
              {features.map(({ path: d, index }) => (d ? <path key={index} d={d} fill="var(--muted)" stroke="var(--border)" strokeWidth={0.5} /> : null))}
            </g>
            <g fill="none">
              {network.links.map((link) => {
                const a = byId.get(link.source);
                const b = byId.get(link.target);
                if (!a || !b) return null;
                const d = path({
                  type: "LineString",
                  coordinates: [
                    [a.longitude, a.latitude],
                    [b.longitude, b.latitude],
                  ],
                });
                if (!d) return null;
                const selected = selection?.type === "link" && link.linkIds.includes(selection.id);
                return (
                  <g key={link.id} data-testid="map-link" data-link-id={link.linkIds.length === 1 ? link.linkIds[0] : undefined} data-tone={link.tone} className="cursor-pointer" onClick={() => onSelectLink(link)}>
                    <title>{link.name ?? String(link.linkIds.length)}</title>
                    <path d={d} stroke="transparent" strokeWidth={8} />
                    {selected && <path d={d} stroke="var(--foreground)" strokeOpacity={0.25} strokeWidth={5} strokeLinecap="round" />}
                    <path d={d} stroke={TONE_COLOR[link.tone]} strokeWidth={1.5} strokeLinecap="round" />
                  </g>
                );
              })}
            </g>
            <g>
              {network.nodes.map((node) => {
                const point = projection([node.longitude, node.latitude]);
                if (!point) return null;
                const selected = (selection?.type === "node" && node.nodeIds.includes(selection.id)) || place === node.id;
                const radius = Math.max(nodeRadius(node) * 0.7, 3);
                return (
                  <g
                    key={node.id}
                    transform={`translate(${point[0]},${point[1]})`}
                    data-testid="map-node"
                    data-node-id={node.nodeIds.length === 1 ? node.nodeIds[0] : undefined}
                    data-tone={node.tone}
                    className="cursor-pointer"
                    onClick={() => onSelectNode(node)}
                  >
                    <title>{node.label}</title>
                    {selected && <circle r={radius + 3} fill="none" stroke="var(--foreground)" strokeWidth={1.5} />}
                    <circle r={radius} fill={TONE_COLOR[node.tone]} stroke="var(--card)" strokeWidth={1} />
                  </g>
                );
              })}
            </g>
          </>
        )}
      </NaturalEarth>
    </svg>
  );
}
