import { describe, expect, it } from "vitest";
import { linksBody, newRow, rowOf } from "@/components/fabrics/link-rows";
import { fabricLinksFormSchema, fabricLinksReplaceSchema, meshPairPath } from "@/lib/fabrics/schema";
import type { Link } from "@/lib/links/schema";

// The link editor's form: the PUT body's schema with the full mesh over the fabric's core nodes (SPEC §5), its
// messages on the row or the pair at fault; and the rows as the API takes them.

const NODES = [
  { id: "a", name: "core-a" },
  { id: "b", name: "core-b" },
  { id: "c", name: "core-c" },
];
const schema = fabricLinksFormSchema(NODES);
const row = (source: string, destination: string, extra: object = {}) => ({
  ...newRow(),
  name: `${source}-${destination}`,
  sourceNodeId: source,
  sourceInterfaceId: `${source}-if`,
  destinationNodeId: destination,
  destinationInterfaceId: destination ? `${destination}-if` : null,
  ...extra,
});
const issues = (value: unknown) => schema.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("the link editor's schema", () => {
  it("puts a bad row's messages on that row and each missing pair on its pair", () => {
    expect(issues({ links: [row("a", "b"), row("a", "c"), row("b", "", { mtu: "100" })] })).toEqual([
      ["links.2.mtu", "validation.mtuRange"],
      ["links.2.destinationNodeId", "validation.destinationNodeRequired"],
      ["links.2.destinationInterfaceId", "validation.interfaceRequired"],
      [`mesh.${meshPairPath("b", "c")}`, 'validation.fabricMissingPair::{"a":"core-b","b":"core-c"}'],
    ]);
  });

  it("checks VLANs and accepts a full mesh whatever the direction of its links", () => {
    expect(issues({ links: [row("a", "b", { sourceVlan: "4095" }), row("c", "a"), row("c", "b")] })).toEqual([["links.0.sourceVlan", "validation.vlanRange"]]);
    expect(issues({ links: [row("a", "b"), row("c", "a"), row("c", "b")] })).toEqual([]);
  });

  it("sends empty VLANs as null (auto-assigned) and unused ends as null; the server's schema takes the body", () => {
    const parsed = schema.parse({ links: [row("a", "b", { sourceVlan: undefined, destinationVlan: "120", sourceIpsecEndpointId: "" }), row("c", "a"), row("c", "b")] });
    const body = linksBody(parsed);
    expect(body.links[0]).toMatchObject({ sourceVlan: null, destinationVlan: 120, sourceIpsecEndpointId: null, destinationIpsecEndpointId: null, mtu: 1500, bandwidth: 10000 });
    expect(fabricLinksReplaceSchema.safeParse(body).success).toBe(true);
  });

  it("edits a saved link as a row with its id", () => {
    const link = { id: "l1", name: "a-b", type: "fiber", bandwidth: 100000, cost: 12, mtu: 9216, sourceNodeId: "a", sourceInterfaceId: "a-if", sourceIpsecEndpointId: null, sourceVlan: 101, destinationNodeId: "b", destinationInterfaceId: "b-if", destinationIpsecEndpointId: null, destinationVlan: 102 } as Link;
    expect(rowOf(link)).toMatchObject({ id: "l1", sourceVlan: 101, destinationVlan: 102, cost: 12 });
    expect(issues({ links: [rowOf(link), row("a", "c"), row("b", "c")] })).toEqual([]);
  });
});
