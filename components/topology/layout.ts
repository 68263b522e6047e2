// Where each element of a route is drawn: left to right by layer, the elements of one layer stacked and centred.
// Pure, so the drawing and its tests agree on the geometry.

export interface LayoutInput {
  elements: { id: string; layer: number }[];
  connections: { id: string; source: string; target: string }[];
}

export interface LayoutOptions {
  columnWidth: number;
  rowHeight: number;
  /** Room around the drawing for labels. */
  paddingX: number;
  paddingY: number;
}

export interface PlacedConnection {
  id: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Layout {
  width: number;
  height: number;
  positions: Map<string, { x: number; y: number }>;
  connections: PlacedConnection[];
  /** Layers with no element (the missing middle of an unreachable route), with their centre. */
  gaps: { layer: number; x: number; y: number }[];
}

export const DEFAULT_LAYOUT: LayoutOptions = { columnWidth: 150, rowHeight: 150, paddingX: 72, paddingY: 84 };

export function layoutRoute(input: LayoutInput, options: LayoutOptions = DEFAULT_LAYOUT): Layout {
  const byLayer = new Map<number, string[]>();
  for (const element of input.elements) byLayer.set(element.layer, [...(byLayer.get(element.layer) ?? []), element.id]);
  const lastLayer = input.elements.reduce((max, element) => Math.max(max, element.layer), 0);
  const rows = Math.max(1, ...[...byLayer.values()].map((ids) => ids.length));
  const height = options.paddingY * 2 + (rows - 1) * options.rowHeight;
  const width = options.paddingX * 2 + lastLayer * options.columnWidth;
  const middle = height / 2;
  const positions = new Map<string, { x: number; y: number }>();
  const gaps: Layout["gaps"] = [];
  for (let layer = 0; layer <= lastLayer; layer++) {
    const x = options.paddingX + layer * options.columnWidth;
    const ids = byLayer.get(layer) ?? [];
    if (ids.length === 0) gaps.push({ layer, x, y: middle });
    ids.forEach((id, index) => positions.set(id, { x, y: middle + (index - (ids.length - 1) / 2) * options.rowHeight }));
  }
  const connections: PlacedConnection[] = [];
  for (const connection of input.connections) {
    const from = positions.get(connection.source);
    const to = positions.get(connection.target);
    if (!from || !to) continue;
    connections.push({ id: connection.id, x1: from.x, y1: from.y, x2: to.x, y2: to.y });
  }
  return { width, height, positions, connections, gaps };
}
