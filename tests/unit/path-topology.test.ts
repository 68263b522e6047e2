import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { layoutRoute } from "@/components/topology/layout";
import { mapServingNodes, type ServingInput } from "@/server/paths/serving-node";
import { shortestRoute, type RouteLink } from "@/server/paths/topology";

// The pure parts of the path topology: the serving rule, the cheapest route over an MSP's links, the drawing's geometry.

const link = (id: string, a: string, b: string, cost: number): RouteLink => ({ id, sourceNodeId: a, destinationNodeId: b, cost });

describe("shortestRoute", () => {
  const mesh = [
    link("edge-a", "edge-par", "core-lon", 20),
    link("lon-fra", "core-lon", "core-fra", 11),
    link("lon-ams", "core-lon", "core-ams", 3),
    link("ams-fra", "core-ams", "core-fra", 4),
    link("edge-b", "core-fra", "edge-fra", 20),
    link("detour", "edge-par", "edge-fra", 100),
  ];

  it("takes the cheapest chain, travelling links against their configured direction too", () => {
    const route = shortestRoute(mesh, "edge-fra", "edge-par")!;
    expect(route.nodeIds).toEqual(["edge-fra", "core-fra", "core-ams", "core-lon", "edge-par"]);
    expect(route.links.map((hop) => hop.id)).toEqual(["edge-b", "ams-fra", "lon-ams", "edge-a"]);
    expect(route.links[0]).toEqual({ id: "edge-b", from: "edge-fra", to: "core-fra" });
    expect(route.cost).toBe(20 + 4 + 3 + 20);
  });

  it("answers a route of one node when both ends share it, and null when nothing joins them", () => {
    expect(shortestRoute(mesh, "core-lon", "core-lon")).toEqual({ nodeIds: ["core-lon"], links: [], cost: 0 });
    expect(shortestRoute(mesh, "edge-par", "island")).toBeNull();
    expect(shortestRoute([], "a", "b")).toBeNull();
  });

  it("breaks ties between equal-cost links by link id, so the answer is stable", () => {
    const parallel = [link("z-link", "a", "b", 5), link("a-link", "a", "b", 5)];
    expect(shortestRoute(parallel, "a", "b")!.links.map((hop) => hop.id)).toEqual(["a-link"]);
    expect(shortestRoute([...parallel].reverse(), "a", "b")!.links.map((hop) => hop.id)).toEqual(["a-link"]);
  });

  it("never beats a brute-force search on random graphs", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ a: fc.integer({ min: 0, max: 5 }), b: fc.integer({ min: 0, max: 5 }), cost: fc.integer({ min: 0, max: 50 }) }), { maxLength: 14 }),
        (edges) => {
          const links = edges.map((edge, index) => link(`l${index}`, `n${edge.a}`, `n${edge.b}`, edge.cost));
          // Bellman-Ford as the reference.
          const best = new Map<string, number>([["n0", 0]]);
          for (let round = 0; round < 6; round++)
            for (const l of links)
              for (const [x, y] of [
                [l.sourceNodeId, l.destinationNodeId],
                [l.destinationNodeId, l.sourceNodeId],
              ]) {
                const via = best.get(x);
                if (via !== undefined && via + l.cost < (best.get(y) ?? Infinity)) best.set(y, via + l.cost);
              }
          const route = shortestRoute(links, "n0", "n5");
          expect(route?.cost ?? null).toBe(best.get("n5") ?? null);
          if (route) {
            // The links chain from one end to the other and add up to the cost.
            expect(route.links.reduce((sum, hop) => sum + links.find((l) => l.id === hop.id)!.cost, 0)).toBe(route.cost);
            route.links.forEach((hop, index) => expect([hop.from, hop.to]).toEqual([route.nodeIds[index], route.nodeIds[index + 1]]));
          }
        },
      ),
    );
  });
});

describe("mapServingNodes", () => {
  const base: ServingInput = {
    nodes: [
      { id: "cpe-lyon", organizationId: "msp", kind: "cpe", latitude: 45.76, longitude: 4.84 },
      { id: "edge-fra", organizationId: "msp", kind: "edge", latitude: 50.11, longitude: 8.68 },
      { id: "edge-par", organizationId: "msp", kind: "edge", latitude: 48.85, longitude: 2.35 },
      { id: "other-edge", organizationId: "other-msp", kind: "edge", latitude: 48.85, longitude: 2.35 },
    ],
    sites: [
      { id: "paris", organizationId: "customer", latitude: 48.86, longitude: 2.34 },
      { id: "lyon", organizationId: "customer", latitude: 45.76, longitude: 4.84 },
      { id: "madrid", organizationId: "customer", latitude: 40.42, longitude: -3.7 },
    ],
    connectors: [
      { id: "c1", siteId: "paris", kind: "physical" },
      { id: "c2", siteId: "paris", kind: "physical" },
      { id: "c3", siteId: "paris", kind: "physical" },
      { id: "c4", siteId: "lyon", kind: "ipsec" },
      { id: "c5", siteId: "lyon", kind: "internet" },
      { id: "c6", siteId: "madrid", kind: "external" },
    ],
    ports: [
      { key: "edge-par/1", nodeId: "edge-par", siteId: "paris" },
      { key: "edge-par/2", nodeId: "edge-par", siteId: "paris" },
      { key: "other-edge/1", nodeId: "other-edge", siteId: "paris" },
    ],
    ipsecEndpoints: [{ nodeId: "cpe-lyon", siteId: "lyon" }],
    mspOf: (organizationId) => (organizationId === "customer" ? "msp" : undefined),
    eligible: () => true,
  };

  it("pairs physical connectors with the site's ports of its own MSP, in order, wrapping around", () => {
    const map = mapServingNodes(base);
    expect(["c1", "c2", "c3"].map((id) => map.connectorPort.get(id))).toEqual(["edge-par/1", "edge-par/2", "edge-par/1"]);
    expect(map.connectorNode.get("c1")).toBe("edge-par");
  });

  it("serves IPsec on the endpoint's node, others on a CPE at the site, else on the nearest edge", () => {
    const map = mapServingNodes(base);
    expect(map.connectorNode.get("c4")).toBe("cpe-lyon");
    expect(map.connectorNode.get("c5")).toBe("cpe-lyon");
    expect(map.connectorNode.get("c6")).toBe("edge-par");
    expect(map.connectorPort.has("c6")).toBe(false);
  });

  it("leaves out nodes that may not serve (the simulator's deviceless nodes)", () => {
    const map = mapServingNodes({ ...base, eligible: (nodeId) => nodeId !== "edge-par" });
    expect(map.connectorNode.get("c1")).toBe("edge-fra");
    expect(map.connectorPort.has("c1")).toBe(false);
    expect(mapServingNodes({ ...base, mspOf: () => undefined }).connectorNode.size).toBe(0);
  });
});

describe("layoutRoute", () => {
  it("places layers left to right at equal steps on one line, and joins connections centre to centre", () => {
    const layout = layoutRoute(
      {
        elements: [0, 1, 2, 3].map((layer) => ({ id: `e${layer}`, layer })),
        connections: [
          { id: "a", source: "e0", target: "e1" },
          { id: "b", source: "e1", target: "e2" },
          { id: "missing", source: "e3", target: "nowhere" },
        ],
      },
      { columnWidth: 100, rowHeight: 80, paddingX: 50, paddingY: 40 },
    );
    expect([...layout.positions.values()]).toEqual([
      { x: 50, y: 40 },
      { x: 150, y: 40 },
      { x: 250, y: 40 },
      { x: 350, y: 40 },
    ]);
    expect(layout.width).toBe(400);
    expect(layout.height).toBe(80);
    expect(layout.connections).toEqual([
      { id: "a", x1: 50, y1: 40, x2: 150, y2: 40 },
      { id: "b", x1: 150, y1: 40, x2: 250, y2: 40 },
    ]);
    expect(layout.gaps).toEqual([]);
  });

  it("stacks several elements of a layer around the middle and reports empty layers as gaps", () => {
    const layout = layoutRoute(
      { elements: [{ id: "s", layer: 0 }, { id: "x", layer: 1 }, { id: "y", layer: 1 }, { id: "d", layer: 3 }], connections: [] },
      { columnWidth: 100, rowHeight: 80, paddingX: 50, paddingY: 40 },
    );
    expect(layout.height).toBe(160);
    expect(layout.positions.get("s")).toEqual({ x: 50, y: 80 });
    expect(layout.positions.get("x")).toEqual({ x: 150, y: 40 });
    expect(layout.positions.get("y")).toEqual({ x: 150, y: 120 });
    expect(layout.gaps).toEqual([{ layer: 2, x: 250, y: 80 }]);
  });
});
