import { describe, expect, it } from "vitest";
import { bandwidthParts } from "@/components/connectors/bandwidth";
import { connectorLoad, pathBandwidthLimit, pathPlanIssueList, pathPlanIssues } from "@/lib/paths/headroom";
import type { Path } from "@/lib/paths/schema";
import { decodeMessage } from "@/lib/validation/messages";

type Existing = Pick<Path, "id" | "name" | "sourceConnectorId" | "destinationConnectorId" | "bandwidth" | "vlanType" | "vlanId">;

const fiber = { id: "c-fiber", name: "Paris fiber", bandwidth: 10_000 };
const dia = { id: "c-dia", name: "Paris DIA", bandwidth: 1_000 };
const remote = { id: "c-remote", name: "Frankfurt fiber", bandwidth: 10_000 };
const tiny = { id: "c-tiny", name: "Lab link", bandwidth: 1 };

const path = (id: string, name: string, from: string, to: string, bandwidth: number, vlan: number | "all"): Existing => ({
  id,
  name,
  sourceConnectorId: from,
  destinationConnectorId: to,
  bandwidth,
  vlanType: vlan === "all" ? "all" : "specific",
  vlanId: vlan === "all" ? null : vlan,
});

const existing = [
  path("p1", "Paris ⇄ Frankfurt", "c-fiber", "c-remote", 5_000, 210),
  path("p2", "Paris ⇄ Azure", "c-fiber", "c-azure", 1_000, 230),
  path("p3", "Lyon ⇄ Paris", "c-lyon", "c-dia", 200, 240),
];

const decoded = (issue: string | undefined) => (issue === undefined ? undefined : decodeMessage(issue));

describe("connectorLoad", () => {
  it("adds up the paths at either end of the connector, by name", () => {
    const load = connectorLoad(fiber, existing);
    expect(load.used).toBe(6_000);
    expect(load.free).toBe(4_000);
    expect(load.paths.map((p) => p.name)).toEqual(["Paris ⇄ Azure", "Paris ⇄ Frankfurt"]);
    expect(connectorLoad(dia, existing)).toMatchObject({ used: 200, free: 800 });
    expect(connectorLoad(remote, existing)).toMatchObject({ used: 5_000, free: 5_000 });
  });

  it("leaves out the path being edited and counts a path listed twice (by both sites) once", () => {
    expect(connectorLoad(fiber, existing, "p1")).toMatchObject({ used: 1_000, free: 9_000 });
    expect(connectorLoad(fiber, [...existing, ...existing])).toMatchObject({ used: 6_000, free: 4_000 });
  });

  it("never answers a negative headroom for an over-full connector", () => {
    expect(connectorLoad(dia, [path("x", "Big", "c-dia", "c-remote", 1_500, 1)])).toMatchObject({ used: 1_500, free: 0 });
  });

  it("an unused connector is all free", () => {
    expect(connectorLoad(tiny, existing)).toMatchObject({ used: 0, free: 1, paths: [] });
  });
});

describe("pathBandwidthLimit", () => {
  it("the maximum is the smaller connector; the available is the smaller headroom", () => {
    expect(pathBandwidthLimit(connectorLoad(fiber, existing), connectorLoad(dia, existing))).toEqual({ max: 1_000, available: 800 });
    expect(pathBandwidthLimit(connectorLoad(fiber, existing), connectorLoad(remote, existing))).toEqual({ max: 10_000, available: 4_000 });
  });
});

describe("pathPlanIssues (what the API would refuse, said before submit)", () => {
  const fiberLoad = connectorLoad(fiber, existing);
  const diaLoad = connectorLoad(dia, existing);
  const remoteLoad = connectorLoad(remote, existing);

  it("accepts a path within both connectors and their headroom on a free VLAN", () => {
    expect(pathPlanIssues({ bandwidth: 800, vlanType: "specific", vlanId: 300 }, fiberLoad, diaLoad)).toEqual({});
    expect(pathPlanIssues({ bandwidth: 1, vlanType: "specific", vlanId: 0 }, fiberLoad, diaLoad)).toEqual({});
  });

  it("SPEC §5: between 1 and the smaller connector's bandwidth", () => {
    expect(decoded(pathPlanIssues({ bandwidth: 1_001, vlanType: "specific", vlanId: 300 }, fiberLoad, diaLoad).bandwidth)).toEqual({
      key: "validation.pathBandwidthRange",
      values: { max: 1_000 },
    });
    expect(decoded(pathPlanIssues({ bandwidth: 0, vlanType: "specific", vlanId: 300 }, fiberLoad, diaLoad).bandwidth)).toEqual({
      key: "validation.pathBandwidthRange",
      values: { max: 1_000 },
    });
  });

  it("SPEC §5: 'must be 1' when the smaller connector has 1 Mbps", () => {
    const tinyLoad = connectorLoad(tiny, existing);
    expect(decoded(pathPlanIssues({ bandwidth: 2, vlanType: "specific", vlanId: 300 }, fiberLoad, tinyLoad).bandwidth)).toEqual({
      key: "validation.pathBandwidthOne",
    });
    expect(pathPlanIssues({ bandwidth: 1, vlanType: "specific", vlanId: 300 }, fiberLoad, tinyLoad)).toEqual({});
  });

  it("within the connector but over its headroom: names the connector and what is left", () => {
    expect(decoded(pathPlanIssues({ bandwidth: 900, vlanType: "specific", vlanId: 300 }, fiberLoad, diaLoad).bandwidth)).toEqual({
      key: "apiErrors.connectorHeadroom",
      values: { connector: "Paris DIA", available: 800, bandwidth: 1_000, used: 200 },
    });
    expect(decoded(pathPlanIssues({ bandwidth: 4_001, vlanType: "specific", vlanId: 300 }, fiberLoad, remoteLoad).bandwidth)).toEqual({
      key: "apiErrors.connectorHeadroom",
      values: { connector: "Paris fiber", available: 4_000, bandwidth: 10_000, used: 6_000 },
    });
    expect(pathPlanIssues({ bandwidth: 4_000, vlanType: "specific", vlanId: 300 }, fiberLoad, remoteLoad).bandwidth).toBeUndefined();
  });

  it("a Specific VLAN already used on either connector is refused", () => {
    expect(decoded(pathPlanIssues({ bandwidth: 10, vlanType: "specific", vlanId: 230 }, fiberLoad, diaLoad).vlanId)).toEqual({
      key: "apiErrors.vlanConflict",
      values: { vlan: 230, connector: "Paris fiber", path: "Paris ⇄ Azure" },
    });
    expect(decoded(pathPlanIssues({ bandwidth: 10, vlanType: "specific", vlanId: 240 }, fiberLoad, diaLoad).vlanId)).toEqual({
      key: "apiErrors.vlanConflict",
      values: { vlan: 240, connector: "Paris DIA", path: "Lyon ⇄ Paris" },
    });
  });

  it("VLAN All needs both connectors to itself, and nothing joins a connector an All path holds", () => {
    expect(decoded(pathPlanIssues({ bandwidth: 10, vlanType: "all" }, fiberLoad, diaLoad).vlanType)).toEqual({
      key: "apiErrors.vlanAllConflict",
      values: { connector: "Paris fiber", path: "Paris ⇄ Azure" },
    });
    const held = connectorLoad(tiny, [path("a", "Dedicated", "c-tiny", "c-other", 1, "all")]);
    expect(decoded(pathPlanIssues({ bandwidth: 1, vlanType: "specific", vlanId: 5 }, remoteLoad, held).vlanId)).toEqual({
      key: "apiErrors.vlanAllConflict",
      values: { connector: "Lab link", path: "Dedicated" },
    });
    const free = connectorLoad({ id: "c-free", name: "Free", bandwidth: 100 }, existing);
    expect(pathPlanIssues({ bandwidth: 1, vlanType: "all" }, connectorLoad(tiny, []), free)).toEqual({});
  });

  it("a Specific path without its VLAN id yet is left to the schema's message", () => {
    expect(pathPlanIssues({ bandwidth: 10, vlanType: "specific", vlanId: null }, fiberLoad, diaLoad)).toEqual({});
  });
});

describe("pathPlanIssueList (what the service enforces: the first issue is its answer)", () => {
  const fiberLoad = connectorLoad(fiber, existing);
  const diaLoad = connectorLoad(dia, existing);

  it("headroom at its boundary: exactly what is free fits, one Mbps more is a conflict", () => {
    expect(pathPlanIssueList({ bandwidth: 800, vlanType: "specific", vlanId: 300 }, fiberLoad, diaLoad)).toEqual([]);
    expect(pathPlanIssueList({ bandwidth: 801, vlanType: "specific", vlanId: 300 }, fiberLoad, diaLoad)).toEqual([
      { field: "bandwidth", key: "apiErrors.connectorHeadroom", values: { connector: "Paris DIA", available: 800, bandwidth: 1_000, used: 200 }, conflict: true },
    ]);
  });

  it("a full connector leaves nothing, and the source is named before the destination", () => {
    const full = connectorLoad(tiny, [path("f", "Filler", "c-tiny", "c-remote", 1, 7)]);
    const otherFull = connectorLoad({ id: "c-full", name: "Full", bandwidth: 5 }, [path("g", "Other", "c-full", "c-x", 5, 8)]);
    expect(pathPlanIssueList({ bandwidth: 1, vlanType: "specific", vlanId: 9 }, full, otherFull)[0]).toMatchObject({
      key: "apiErrors.connectorHeadroom",
      values: { connector: "Lab link", available: 0, used: 1 },
    });
  });

  it("a bandwidth out of range is a bad value (400), not a conflict, and comes before the VLAN", () => {
    expect(pathPlanIssueList({ bandwidth: 1_001, vlanType: "specific", vlanId: 230 }, fiberLoad, diaLoad)).toEqual([
      { field: "bandwidth", key: "validation.pathBandwidthRange", values: { max: 1_000 }, conflict: false },
      { field: "vlanId", key: "apiErrors.vlanConflict", values: { vlan: 230, connector: "Paris fiber", path: "Paris ⇄ Azure" }, conflict: true },
    ]);
  });

  it("VLAN boundaries: the neighbours of a used VLAN are free; 0 and 4094 clash only when taken", () => {
    const edges = connectorLoad(remote, [path("e0", "Edge 0", "c-remote", "c-x", 1, 0), path("e1", "Edge 4094", "c-x", "c-remote", 1, 4094)]);
    const plan = (vlanId: number) => pathPlanIssueList({ bandwidth: 1, vlanType: "specific", vlanId }, fiberLoad, edges);
    expect(plan(229)).toEqual([]);
    expect(plan(231)).toEqual([]);
    expect(plan(1)).toEqual([]);
    expect(plan(4093)).toEqual([]);
    expect(plan(0)[0]).toMatchObject({ key: "apiErrors.vlanConflict", values: { vlan: 0, connector: "Frankfurt fiber", path: "Edge 0" } });
    expect(plan(4094)[0]).toMatchObject({ key: "apiErrors.vlanConflict", values: { vlan: 4094, connector: "Frankfurt fiber", path: "Edge 4094" } });
  });

  it("an All path names the first path on the connector by name; an edited path never clashes with itself", () => {
    expect(pathPlanIssueList({ bandwidth: 10, vlanType: "all" }, fiberLoad, diaLoad)).toEqual([
      { field: "vlanType", key: "apiErrors.vlanAllConflict", values: { connector: "Paris fiber", path: "Paris ⇄ Azure" }, conflict: true },
    ]);
    const alone = [path("solo", "Alone", "c-tiny", "c-free", 1, "all")];
    const free = { id: "c-free", name: "Free", bandwidth: 1 };
    expect(pathPlanIssueList({ bandwidth: 1, vlanType: "all" }, connectorLoad(tiny, alone, "solo"), connectorLoad(free, alone, "solo"))).toEqual([]);
  });
});

describe("bandwidthParts", () => {
  it.each([
    [1, { value: 1, unit: "mbps" }],
    [999, { value: 999, unit: "mbps" }],
    [1_000, { value: 1, unit: "gbps" }],
    [1_500, { value: 1.5, unit: "gbps" }],
    [1_234, { value: 1_234, unit: "mbps" }],
    [10_000, { value: 10, unit: "gbps" }],
    [100_000, { value: 100, unit: "gbps" }],
  ] as const)("%d Mbps", (mbps, expected) => {
    expect(bandwidthParts(mbps)).toEqual(expected);
  });
});
