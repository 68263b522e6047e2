import { describe, expect, it } from "vitest";
import { pathBandwidthIssue, pathCreateSchema, pathUpdateSchema } from "@/lib/paths/schema";
import { decodeMessage } from "@/lib/validation/messages";

const range = (max: number) => ({ key: "validation.pathBandwidthRange", values: { max } });
const one = { key: "validation.pathBandwidthOne" };

describe("pathBandwidthIssue (SPEC §5: between 1 and the smaller connector; 'must be 1' when that is 1)", () => {
  it.each([
    // [bandwidth, source connector, destination connector, expected]
    [1, 100, 100, null], // lower bound
    [0, 100, 100, range(100)], // just below
    [-1, 100, 100, range(100)],
    [100, 100, 100, null], // upper bound
    [101, 100, 100, range(100)], // just above
    [100, 100, 1000, null], // the source is the smaller
    [101, 100, 1000, range(100)],
    [50, 1000, 50, null], // the destination is the smaller
    [51, 1000, 50, range(50)],
    [2, 2, 2, null], // the smallest maximum that is a range
    [3, 2, 2, range(2)],
    [0, 2, 5, range(2)],
    [1, 1, 10, null], // maximum 1: only 1 fits
    [2, 1, 10, one],
    [0, 1, 1, one],
    [0, 10, 1, one],
    [1.5, 100, 100, range(100)], // whole numbers only
    [Number.NaN, 100, 100, range(100)],
  ])("%d Mbps on %d / %d Mbps connectors", (bandwidth, source, destination, expected) => {
    const issue = pathBandwidthIssue(bandwidth, source, destination);
    expect(issue === null ? null : decodeMessage(issue)).toEqual(expected);
  });
});

describe("pathCreateSchema", () => {
  const base = {
    name: "Paris to Frankfurt",
    layer: "layer2",
    sourceSiteId: "s1",
    sourceConnectorId: "c1",
    destinationSiteId: "s2",
    destinationConnectorId: "c2",
    bandwidth: 100,
    vlanType: "specific",
    vlanId: 100,
  };
  const messages = (input: unknown) => {
    const result = pathCreateSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}:${decodeMessage(issue.message).key}`);
  };

  it("needs a prefix for Layer 3 (once) and reports every bad entry", () => {
    expect(messages({ ...base, layer: "layer3" })).toEqual(["prefix:validation.prefixRequired"]);
    expect(messages({ ...base, layer: "layer3", prefix: " , " })).toEqual(["prefix:validation.prefixRequired"]);
    expect(messages({ ...base, layer: "layer3", prefix: "10.0.0.0/8, 300.1.1.1/24, 10.1.0.0/33" })).toEqual([
      "prefix:validation.prefixInvalid",
      "prefix:validation.prefixInvalid",
    ]);
    expect(pathCreateSchema.parse({ ...base, layer: "layer3", prefix: " 10.0.0.0/8 ,172.16.0.0/12 " }).prefix).toEqual(["10.0.0.0/8", "172.16.0.0/12"]);
    expect(pathCreateSchema.parse({ ...base, layer: "layer3", prefix: ["10.0.0.0/8"] }).prefix).toEqual(["10.0.0.0/8"]);
  });

  it("refuses a prefix on Layer 2 but takes a blank field as none", () => {
    expect(messages({ ...base, prefix: "10.0.0.0/8" })).toEqual(["prefix:validation.prefixLayer2"]);
    expect(messages({ ...base, prefix: "" })).toEqual([]);
    expect(messages({ ...base, prefix: null })).toEqual([]);
  });

  it("wants one VLAN 0–4094 for Specific and none for All", () => {
    expect(messages({ ...base, vlanId: undefined })).toEqual(["vlanId:validation.vlanRange"]);
    expect(messages({ ...base, vlanId: "" })).toEqual(["vlanId:validation.vlanRange"]);
    expect(messages({ ...base, vlanId: 4095 })).toEqual(["vlanId:validation.vlanRange"]);
    expect(messages({ ...base, vlanId: -1 })).toEqual(["vlanId:validation.vlanRange"]);
    expect(messages({ ...base, vlanId: 0 })).toEqual([]);
    expect(messages({ ...base, vlanId: 4094 })).toEqual([]);
    expect(messages({ ...base, vlanType: "all", vlanId: undefined })).toEqual([]);
    expect(messages({ ...base, vlanType: "some" })).toEqual(["vlanType:validation.vlanTypeRequired"]);
    expect(pathCreateSchema.parse({ ...base, vlanType: undefined }).vlanType).toBe("specific");
  });

  it("names each missing end, and refuses one connector at both ends", () => {
    expect(messages({ name: "ok name", layer: "layer2", bandwidth: 1, vlanType: "all" })).toEqual([
      "sourceSiteId:validation.sourceSiteRequired",
      "sourceConnectorId:validation.sourceConnectorRequired",
      "destinationSiteId:validation.destinationSiteRequired",
      "destinationConnectorId:validation.destinationConnectorRequired",
    ]);
    expect(messages({ ...base, destinationConnectorId: "c1" })).toEqual(["destinationConnectorId:validation.pathSameConnector"]);
  });

  it("leaves the bandwidth range to pathBandwidthIssue but wants a whole number", () => {
    expect(messages({ ...base, bandwidth: 0 })).toEqual([]);
    expect(messages({ ...base, bandwidth: 1.5 })).toEqual(["bandwidth:validation.bandwidthPositive"]);
    expect(messages({ ...base, bandwidth: "fast" })).toEqual(["bandwidth:validation.bandwidthPositive"]);
  });
});

describe("pathUpdateSchema", () => {
  it("takes any subset and fills in nothing (a rename keeps VLAN type All)", () => {
    expect(pathUpdateSchema.parse({ name: "Renamed" })).toEqual({ name: "Renamed" });
    expect(pathUpdateSchema.safeParse({ colour: "red" }).success).toBe(false);
  });
});
