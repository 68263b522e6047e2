import { describe, expect, it } from "vitest";
import { meshOf } from "@/lib/fabrics/schema";
import { linkCreateSchema } from "@/lib/links/schema";
import { nodeCreateSchema, prefixContains } from "@/lib/nodes/schema";

const node = (id: string) => ({ id, name: `core-${id}` });

describe("meshOf (SPEC §5 full mesh)", () => {
  it("is complete for no, one, or fully linked nodes, in either direction", () => {
    expect(meshOf([], [])).toEqual({ complete: true, missingPairs: [] });
    expect(meshOf([node("a")], [])).toEqual({ complete: true, missingPairs: [] });
    const links = [
      { sourceNodeId: "b", destinationNodeId: "a" },
      { sourceNodeId: "a", destinationNodeId: "c" },
      { sourceNodeId: "c", destinationNodeId: "b" },
    ];
    expect(meshOf([node("a"), node("b"), node("c")], links).complete).toBe(true);
  });

  it("lists every unlinked pair, in node order, ignoring links to other nodes", () => {
    const mesh = meshOf(
      [node("a"), node("b"), node("c"), node("d")],
      [
        { sourceNodeId: "a", destinationNodeId: "b" },
        { sourceNodeId: "a", destinationNodeId: "x" },
        { sourceNodeId: "c", destinationNodeId: "d" },
      ],
    );
    expect(mesh.complete).toBe(false);
    expect(mesh.missingPairs.map((pair) => `${pair.a.id}${pair.b.id}`)).toEqual(["ac", "ad", "bc", "bd"]);
  });
});

describe("prefixContains", () => {
  it.each([
    ["10.1.2.0/24", "10.1.2.1", true],
    ["10.1.2.0/24", "10.1.3.1", false],
    ["10.0.0.0/8", "10.255.0.1", true],
    ["0.0.0.0/0", "192.0.2.1", true],
    ["192.0.2.7/32", "192.0.2.7", true],
    ["192.0.2.7/32", "192.0.2.8", false],
  ])("%s contains %s: %s", (prefix, address, expected) => {
    expect(prefixContains(prefix, address)).toBe(expected);
  });
});

describe("node and link rules", () => {
  const location = { address: "Paris", latitude: 48.8, longitude: 2.3 };
  it("needs an edge type on edge nodes only", () => {
    expect(nodeCreateSchema.safeParse({ name: "Edge", location, kind: "edge" }).error?.issues[0].message).toBe("validation.edgeTypeRequired");
    expect(nodeCreateSchema.safeParse({ name: "Edge", location, kind: "edge", edgeType: "with-switch" }).success).toBe(true);
    expect(nodeCreateSchema.safeParse({ name: "Cpe", location, kind: "cpe", edgeType: "standard" }).error?.issues[0].message).toBe("validation.edgeTypeEdgeOnly");
  });

  it("needs interfaces for fiber and IPsec endpoints for internet links", () => {
    const base = { name: "Link", bandwidth: 10, sourceNodeId: "a", destinationNodeId: "b" };
    const fiber = linkCreateSchema.safeParse({ ...base, type: "fiber", sourceInterfaceId: "i" });
    expect(fiber.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["destinationInterfaceId", "validation.interfaceRequired"]]);
    const internet = linkCreateSchema.safeParse({ ...base, type: "internet" });
    expect(internet.error?.issues.map((issue) => issue.message)).toEqual(["validation.ipsecEndpointRequired", "validation.ipsecEndpointRequired"]);
    const ok = linkCreateSchema.safeParse({ ...base, type: "internet", sourceIpsecEndpointId: "e1", destinationIpsecEndpointId: "e2" });
    expect(ok.data).toMatchObject({ cost: 10, mtu: 1500 });
  });
});
