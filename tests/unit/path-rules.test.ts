import { describe, expect, it } from "vitest";
import { pathBandwidthIssue, pathCreateSchema } from "@/lib/paths/schema";
import { decodeMessage } from "@/lib/validation/messages";

describe("pathBandwidthIssue (SPEC §5)", () => {
  it.each([
    [1, 100, 100, null],
    [100, 100, 1000, null],
    [101, 100, 1000, { key: "validation.pathBandwidthRange", values: { max: 100 } }],
    [0, 100, 100, { key: "validation.pathBandwidthRange", values: { max: 100 } }],
    [50, 1000, 50, null],
    [51, 1000, 50, { key: "validation.pathBandwidthRange", values: { max: 50 } }],
    [1, 1, 10, null],
    [2, 1, 10, { key: "validation.pathBandwidthOne" }],
    [0, 10, 1, { key: "validation.pathBandwidthOne" }],
    [1.5, 100, 100, { key: "validation.pathBandwidthRange", values: { max: 100 } }],
  ])("%d Mbps on %d / %d Mbps connectors", (bandwidth, source, destination, expected) => {
    const issue = pathBandwidthIssue(bandwidth, source, destination);
    expect(issue === null ? null : decodeMessage(issue)).toEqual(expected);
  });
});

describe("pathCreateSchema", () => {
  const base = {
    name: "Paris to Frankfurt",
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

  it("needs a prefix for Layer 3 and reports every bad entry", () => {
    expect(messages({ ...base, layer: "layer3" })).toEqual(["prefix:validation.prefixRequired"]);
    expect(messages({ ...base, layer: "layer3", prefix: "10.0.0.0/8, 300.1.1.1/24, 10.1.0.0/33" })).toEqual([
      "prefix:validation.prefixInvalid",
      "prefix:validation.prefixInvalid",
    ]);
    const parsed = pathCreateSchema.parse({ ...base, layer: "layer3", prefix: " 10.0.0.0/8 ,172.16.0.0/12 " });
    expect(parsed.prefix).toEqual(["10.0.0.0/8", "172.16.0.0/12"]);
  });

  it("refuses a prefix on Layer 2, a Specific path without VLAN, and a path on one connector", () => {
    expect(messages({ ...base, layer: "layer2", prefix: "10.0.0.0/8" })).toEqual(["prefix:validation.prefixLayer2"]);
    expect(messages({ ...base, layer: "layer2", vlanId: undefined })).toEqual(["vlanId:validation.vlanRange"]);
    expect(messages({ ...base, layer: "layer2", vlanId: 4095 })).toEqual(["vlanId:validation.vlanRange"]);
    expect(messages({ ...base, layer: "layer2", destinationConnectorId: "c1" })).toEqual(["destinationConnectorId:validation.pathSameConnector"]);
    expect(messages({ ...base, layer: "layer2", vlanType: "all", vlanId: undefined })).toEqual([]);
  });

  it("names each missing end", () => {
    expect(messages({ name: "ok name", layer: "layer2", bandwidth: 1, vlanType: "all" })).toEqual([
      "sourceSiteId:validation.sourceSiteRequired",
      "sourceConnectorId:validation.sourceConnectorRequired",
      "destinationSiteId:validation.destinationSiteRequired",
      "destinationConnectorId:validation.destinationConnectorRequired",
    ]);
  });
});
