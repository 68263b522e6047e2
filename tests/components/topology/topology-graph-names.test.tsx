import { describe, expect, it } from "vitest";
import { shorten, TopologyGraph } from "@/components/topology/topology-graph";
import type { PathTopology, TopologyConnection, TopologyElement } from "@/lib/paths/topology-schema";
import { renderWithProviders } from "../providers";

// Issue 42 (axe: label-content-name-mismatch): each button of the route drawing is named by the words it shows, in
// their order, so that a person who says what they see ("Edge node nw-edge-par-01") reaches it by voice.

/** The words of a text as axe compares them: letters and digits only, in lower case. */
const words = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The text a button shows as axe reads it: its text nodes joined as they stand (an SVG title is not shown). */
const shownText = (node: Node): string =>
  node.nodeType === Node.TEXT_NODE ? (node.nodeValue ?? "") : node.nodeName === "title" ? "" : [...node.childNodes].map(shownText).join("");

const element = (id: string, type: TopologyElement["type"], name: string, layer: number, extra: Partial<TopologyElement> = {}): TopologyElement => ({
  id,
  type,
  objectId: id,
  name,
  layer,
  role: layer === 0 ? "source" : "transit",
  tone: "healthy",
  state: "healthy",
  kind: null,
  location: null,
  bandwidthMbps: null,
  rxBps: null,
  txBps: null,
  utilizationPercent: null,
  port: null,
  ...extra,
});

const connection = (id: string, type: TopologyConnection["type"], source: string, target: string, extra: Partial<TopologyConnection> = {}): TopologyConnection => ({
  id,
  type,
  source,
  target,
  linkId: null,
  name: null,
  linkType: null,
  tone: "healthy",
  state: "healthy",
  status: null,
  latencyMs: null,
  lossPercent: null,
  bandwidthMbps: null,
  rxBps: null,
  txBps: null,
  cost: null,
  ...extra,
});

const topology: PathTopology = {
  path: {
    id: "p1",
    name: "Paris ⇄ Azure",
    organizationId: "o1",
    organizationName: "Contoso",
    layer: "layer3",
    bandwidthMbps: 100,
    sla: "healthy",
    tone: "healthy",
    latencyMs: 6.9,
    jitterMs: 0.4,
    lossPercent: 0,
  } as PathTopology["path"],
  reachable: true,
  unreachableReason: null,
  routeCost: 10,
  elements: [
    element("site:s1", "site", "Paris HQ", 0),
    element("connector:c1", "connector", "Azure ExpressRoute West Europe Amsterdam", 1, { kind: "physical", bandwidthMbps: 1000 }),
    element("edge:e1", "edge", "nw-edge-par-01", 2),
    element("core:k1", "core", "nw-core-fra-with-a-very-long-hostname", 3),
  ],
  connections: [
    connection("a1", "attachment", "site:s1", "connector:c1"),
    connection("x1", "access", "connector:c1", "edge:e1", { bandwidthMbps: 1000 }),
    connection("l1", "link", "edge:e1", "core:k1", { name: "par-fra", linkType: "fiber", latencyMs: 6.9, lossPercent: 0, bandwidthMbps: 10000 }),
  ],
  generatedAt: "2026-12-07T09:00:00.000Z",
} as PathTopology;

describe("the route drawing's buttons", () => {
  it("are named with the words they show, in the order they show them", () => {
    const { getByTestId } = renderWithProviders(<TopologyGraph topology={topology} activeId={null} onHover={() => {}} onSelect={() => {}} />);
    const buttons = [...getByTestId("topology-graph").querySelectorAll("[role=button]")];
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      const shown = shownText(button);
      expect(shown.trim(), button.getAttribute("aria-label")!).not.toBe("");
      expect(words(button.getAttribute("aria-label")!), shown).toContain(words(shown));
    }
  });

  it("keep a name's whole words when it is cut", () => {
    expect(shorten("nw-edge-par-01")).toBe("nw-edge-par-01");
    expect(shorten("Azure ExpressRoute West Europe Amsterdam")).toBe("Azure ExpressRoute…");
    expect(words("Azure ExpressRoute West Europe Amsterdam")).toContain(words(shorten("Azure ExpressRoute West Europe Amsterdam")));
    expect(shorten("abcdefghijklmnopqrstuvwxyz")).toBe("abcdefghijklmnopqrstu…");
  });
});
