import { describe, expect, it } from "vitest";
import { drawNetwork, worstTone } from "@/lib/topology/draw";
import { mspTopologyKeys } from "@/lib/topology/queries";
import { mspTopologyRealtime } from "@/lib/topology/realtime";
import type { TopologyGraph, TopologyLink, TopologyNode } from "@/lib/topology/schema";
import { cacheOf, health, refetched, topology, updatedAt } from "./realtime-fixtures";

// What the topology page draws of a network, small and large, and what its live news changes in the cache.

const node = (id: string, extra: Partial<TopologyNode> = {}): TopologyNode => ({
  id,
  name: id,
  kind: "edge",
  address: "Paris, FR",
  latitude: 48.85,
  longitude: 2.35,
  coreFabricId: null,
  state: "up",
  ...extra,
});
const link = (id: string, a: string, b: string, health: TopologyLink["health"] = "healthy"): TopologyLink => ({
  id,
  name: id,
  type: "fiber",
  sourceNodeId: a,
  destinationNodeId: b,
  cost: 10,
  bandwidth: 1000,
  status: health === "unknown" ? null : health === "unhealthy" ? "down" : "up",
  health,
});

describe("drawNetwork", () => {
  it("draws a small network node by node and link by link, in the health colours", () => {
    const drawn = drawNetwork({ nodes: [node("a"), node("b", { state: "down" }), node("c", { state: "unknown", kind: "core" })], links: [link("ab", "a", "b", "warning"), link("bc", "b", "c", "unhealthy")] });
    expect(drawn.grouped).toBe(false);
    expect(drawn.nodes.map((n) => [n.id, n.kind, n.tone])).toEqual([
      ["a", "edge", "healthy"],
      ["b", "edge", "bad"],
      ["c", "core", "unknown"],
    ]);
    expect(drawn.links.map((l) => [l.id, l.tone, l.linkIds])).toEqual([
      ["ab", "warning", ["ab"]],
      ["bc", "bad", ["bc"]],
    ]);
  });

  it("draws a large network by place, each as bad as its worst node, core nodes alone, links between places merged", () => {
    const nodes: TopologyNode[] = [node("core", { kind: "core", address: "London" })];
    const links: TopologyLink[] = [];
    for (let metro = 0; metro < 30; metro++) {
      for (let k = 0; k < 10; k++) {
        nodes.push(node(`m${metro}-${k}`, { address: `Metro ${metro}`, latitude: metro, longitude: metro, state: metro === 3 && k === 7 ? "down" : "up" }));
        if (k > 0) links.push(link(`in-${metro}-${k}`, `m${metro}-0`, `m${metro}-${k}`));
      }
      links.push(link(`up-${metro}`, `m${metro}-0`, "core", metro === 5 ? "unhealthy" : "healthy"));
      links.push(link(`up2-${metro}`, `m${metro}-1`, "core"));
    }
    const drawn = drawNetwork({ nodes, links }, 50);
    expect(drawn.grouped).toBe(true);
    expect(drawn.nodes).toHaveLength(31);
    const metro3 = drawn.nodes.find((n) => n.label === "Metro 3")!;
    expect([metro3.kind, metro3.nodeIds.length, metro3.tone]).toEqual(["place", 10, "bad"]);
    expect(drawn.nodes.find((n) => n.id === "node:core")).toMatchObject({ kind: "core", nodeIds: ["core"] });
    // Links inside a metro are not drawn; the two uplinks of a metro are one line, as bad as the worse.
    expect(drawn.links).toHaveLength(30);
    const metro5 = drawn.links.find((l) => l.linkIds.includes("up-5"))!;
    expect([metro5.linkIds.sort(), metro5.tone, metro5.name]).toEqual([["up-5", "up2-5"], "bad", null]);
  });

  it("falls back to a coarser and coarser grid when places alone are too many", () => {
    const nodes = Array.from({ length: 400 }, (_, index) => node(`n${index}`, { address: `Town ${index}`, latitude: (index % 20) * 0.1, longitude: Math.floor(index / 20) * 0.1 }));
    const drawn = drawNetwork({ nodes, links: [] }, 100);
    expect(drawn.nodes.length).toBeLessThanOrEqual(100);
    expect(drawn.nodes.reduce((sum, n) => sum + n.nodeIds.length, 0)).toBe(400);
  });

  it("takes the worst tone, unknown only when nothing is known", () => {
    expect(worstTone(["unknown", "healthy"])).toBe("healthy");
    expect(worstTone(["warning", "bad", "healthy"])).toBe("bad");
    expect(worstTone([])).toBe("unknown");
  });
});

describe("the MSP topology page's live news", () => {
  const graph: TopologyGraph = { nodes: [node("a"), node("b")], links: [link("ab", "a", "b")], nodeCount: 2, linkCount: 1, truncated: false, generatedAt: "" };
  /** The graph and links table of one MSP, and a blast radius shown. */
  const cache = () =>
    cacheOf([
      [mspTopologyKeys.graph("msp"), graph],
      [mspTopologyKeys.linkList("msp", {}), { items: [] }],
      [mspTopologyKeys.blastRadius("link", "ab"), { paths: [] }],
    ]);
  const msp = (client: ReturnType<typeof cache>, event: Parameters<typeof refetched>[1]) => refetched(client, event, [mspTopologyRealtime]);

  it("turns a link reported down red in the cached graph at once, and refetches the graph and the table", () => {
    const client = cache();
    expect(msp(client, health({ links: [{ id: "ab", status: "down" }] }))).toEqual(["msp-topology/graph/msp", "msp-topology/links/msp/{}"]);
    expect(client.getQueryData<TopologyGraph>(mspTopologyKeys.graph("msp"))!.links[0]).toMatchObject({ status: "down", health: "unhealthy" });
    // A link up again waits for the refetch: the graph is left as it was.
    const before = updatedAt(client);
    msp(client, health({ links: [{ id: "ab", status: "up" }] }));
    expect(updatedAt(client)).toEqual(before);
  });

  it("refetches the blast radius on paths' news, and nothing of the topology for news of other things", () => {
    const client = cache();
    expect(msp(client, health({ paths: [{ id: "p", slaHealth: "bad" }] }))).toEqual(["msp-topology/blast-radius/link/ab"]);
    expect(msp(client, topology("created", { entityType: "path", entityId: "p" }))).toEqual(["msp-topology/blast-radius/link/ab"]);
    expect(msp(client, topology("created", { entityType: "externalFabric", entityId: "f" }))).toEqual([]);
    expect(msp(client, topology("deleted", { entityType: "link", entityId: "l" }))).toEqual([
      "msp-topology/blast-radius/link/ab",
      "msp-topology/graph/msp",
      "msp-topology/links/msp/{}",
    ]);
  });
});
