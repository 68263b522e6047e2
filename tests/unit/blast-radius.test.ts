import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLAST_PATHS_MAX } from "@/lib/topology/schema";
import { routeGraph, routeIn, routeTree, shortestRoute, type RoutedPath, type RouteLink } from "@/server/paths/topology";
import { blastRadiusOf, crosses } from "@/server/topology/blast-radius";

// The blast radius's pure parts: one search per source gives every route the single-path search gives, and the
// paths over a link or node are found, grouped by customer and ordered worst SLA first.

const link = (id: string, a: string, b: string, cost: number): RouteLink => ({ id, sourceNodeId: a, destinationNodeId: b, cost });

describe("routeTree", () => {
  it("gives, from one search, the very route the single search gives to every node, ties included", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ a: fc.integer({ min: 0, max: 6 }), b: fc.integer({ min: 0, max: 6 }), cost: fc.integer({ min: 0, max: 4 }) }), { maxLength: 18 }),
        fc.integer({ min: 0, max: 6 }),
        (edges, source) => {
          const links = edges.map((edge, index) => link(`l${index}`, `n${edge.a}`, `n${edge.b}`, edge.cost));
          const tree = routeTree(routeGraph(links), `n${source}`);
          for (let target = 0; target <= 6; target++) expect(routeIn(tree, `n${target}`)).toEqual(shortestRoute(links, `n${source}`, `n${target}`));
        },
      ),
    );
  });
});

const routed = (id: string, organization: string, sla: RoutedPath["sla"], nodeIds: string[] | null, ends: [string | null, string | null] = [null, null]): RoutedPath => ({
  id,
  name: `path ${id}`,
  organizationId: organization,
  organizationName: organization.toUpperCase(),
  sla,
  sourceSiteName: "A",
  destinationSiteName: "B",
  sourceConnectorId: `${id}-a`,
  destinationConnectorId: `${id}-b`,
  sourceNodeId: nodeIds?.[0] ?? ends[0],
  destinationNodeId: nodeIds?.at(-1) ?? ends[1],
  route: nodeIds && {
    nodeIds,
    links: nodeIds.slice(1).map((to, index) => ({ id: `${nodeIds[index]}-${to}`, from: nodeIds[index], to })),
    cost: nodeIds.length - 1,
  },
});

describe("blastRadiusOf", () => {
  const routes = [
    routed("1", "contoso", "healthy", ["a", "b", "c"]),
    routed("2", "contoso", "bad", ["a", "b"]),
    routed("3", "fabrikam", "warning", ["c", "b"]),
    routed("4", "fabrikam", "unknown", null, ["b", "z"]),
  ];

  it("finds the paths over a link whichever way they travel it, and over a node, unreachable ones by their serving ends", () => {
    expect(crosses(routes[0], { type: "link", id: "b-c" })).toBe(true);
    expect(crosses(routes[2], { type: "link", id: "b-c" })).toBe(false);
    expect(crosses(routes[2], { type: "link", id: "c-b" })).toBe(true);
    expect(crosses(routes[3], { type: "link", id: "b-z" })).toBe(false);
    expect(crosses(routes[3], { type: "node", id: "b" })).toBe(true);
    expect(crosses(routes[1], { type: "node", id: "c" })).toBe(false);
  });

  it("lists them worst SLA first, and each customer once with its count and its worst SLA", () => {
    const radius = blastRadiusOf(routes, { type: "node", id: "b", name: "b" });
    expect(radius.paths.map((path) => [path.id, path.sla])).toEqual([
      ["2", "bad"],
      ["3", "warning"],
      ["4", "unknown"],
      ["1", "healthy"],
    ]);
    expect(radius.customers).toEqual([
      { organizationId: "contoso", name: "CONTOSO", pathCount: 2, worstSla: "bad" },
      { organizationId: "fabrikam", name: "FABRIKAM", pathCount: 2, worstSla: "warning" },
    ]);
    expect(radius.pathCount).toBe(4);
    expect(blastRadiusOf(routes, { type: "link", id: "x-y", name: "x" })).toMatchObject({ paths: [], customers: [], pathCount: 0 });
  });

  it("cuts a long list but counts every path", () => {
    const many = Array.from({ length: BLAST_PATHS_MAX + 5 }, (_, index) => routed(String(index), "contoso", "healthy", ["a", "b"]));
    const radius = blastRadiusOf(many, { type: "link", id: "a-b", name: "a-b" });
    expect([radius.paths.length, radius.pathCount, radius.customers[0].pathCount]).toEqual([BLAST_PATHS_MAX, BLAST_PATHS_MAX + 5, BLAST_PATHS_MAX + 5]);
  });
});
