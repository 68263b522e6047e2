import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { readIntent } from "@/server/assistant/intent";
import { NameIndex, type NamedEntry } from "@/server/assistant/names/name-index";

// The details a network engineer asks for (issue 40, scope 6): a node's uptime, load and the sites it serves, a path's
// VLAN and prefixes, a core fabric's status, the pending invitations and a site's traffic now — each read to the tool
// that answers it, in English and French, and the questions next to them still read as before.

const NOW = Date.parse("2026-11-26T15:00:00Z");
const PATH_ID = "0b7d4e3f-2c10-4d2e-9a61-6f1c2a7e8c3b";
const ENTRIES: NamedEntry[] = [
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "site", id: "s3", name: "AWS eu-central-1" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
  { kind: "path", id: "p2", name: "Frankfurt ⇄ AWS", aliases: ["Frankfurt DC ⇄ AWS eu-central-1"] },
  { kind: "node", id: "n1", name: "nw-edge-par-01" },
  { kind: "node", id: "n2", name: "nw-core-lon" },
  { kind: "fabric", id: "f1", name: "Northwind Global Core" },
];
const names = new NameIndex(ENTRIES);
const asked = (text: string, locale: "en" | "fr" = "en", focus = {}) => {
  const intent = readIntent(text, focus, ASSISTANT_TOOL_NAMES, { locale, now: NOW, names });
  return intent.kind === "tool" ? { tool: intent.toolName, input: intent.input } : { kind: intent.kind };
};

describe("a node's details", () => {
  it.each([
    ["uptime of nw-core-lon?", "en", { node: "nw-core-lon" }],
    ["cpu and memory on nw-edge-par-01?", "en", { node: "nw-edge-par-01" }],
    ["Which ports are down on nw-edge-par-01?", "en", { node: "nw-edge-par-01" }],
    ["quels sites sont raccordés à nw-edge-par-01 ?", "fr", { node: "nw-edge-par-01", sites: true }],
    ["which customers hang off nw-edge-par-01?", "en", { node: "nw-edge-par-01", sites: true }],
    ["what is connected to nw-edge-par-01", "en", { node: "nw-edge-par-01", sites: true }],
  ] as const)("%j → nodeStatus %j", (text, locale, input) => {
    expect(asked(text, locale)).toEqual({ tool: "nodeStatus", input });
  });

  it("reads a node named by its words when its details are asked", () => {
    expect(asked("whats the uptime on core-lon")).toEqual({ tool: "nodeStatus", input: { node: "nw-core-lon" } });
    // A clipped node name the names know is read as the node itself, so the node's own rule answers.
    expect(readIntent("whats the uptime on core-lon", {}, ASSISTANT_TOOL_NAMES, { now: NOW, names }).intent).toBe("device-or-node");
  });
});

describe("a path's configuration", () => {
  it.each([
    ["quels préfixes passent sur frankfurt ⇄ aws ?", "fr", "Frankfurt ⇄ AWS"],
    ["sur quel VLAN est Paris ⇄ Frankfurt ?", "fr", "Paris ⇄ Frankfurt"],
    ["which vlan is paris to frankfurt on", "en", "Paris ⇄ Frankfurt"],
    ["which layer is Paris ⇄ Frankfurt?", "en", "Paris ⇄ Frankfurt"],
    ["show me the config of the frankfurt aws path", "en", "Frankfurt ⇄ AWS"],
  ] as const)("%j → pathDetail of %s", (text, locale, path) => {
    expect(asked(text, locale)).toEqual({ tool: "pathDetail", input: { path } });
  });

  it("reads the page's path, and leaves the SLA questions and the rules as they were", () => {
    expect(asked("what vlan is this on?", "en", { pathId: PATH_ID })).toEqual({ tool: "pathDetail", input: { path: PATH_ID } });
    expect(asked("how is paris to frankfurt doing?")).toEqual({ tool: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
    expect(asked("What VLAN range can I use?")).toEqual({ tool: "explainRules", input: { topic: "vlan" } });
    expect(asked("which layer should I use, layer 2 or layer 3?")).toEqual({ tool: "explainRules", input: { topic: "layers" } });
    expect(asked("how do I create a layer 3 path from Paris HQ to Frankfurt DC?").tool).toBe("guidePathCreation");
  });
});

describe("a core fabric's status", () => {
  it.each([
    ["status of the global core fabric", "en", { fabric: "Northwind Global Core" }],
    ["how is the northwind global core doing?", "en", { fabric: "Northwind Global Core" }],
    ["état de la fabric global core ?", "fr", { fabric: "Northwind Global Core" }],
    ["is the backbone ok?", "en", {}],
  ] as const)("%j → fabricStatus %j", (text, locale, input) => {
    expect(asked(text, locale)).toEqual({ tool: "fabricStatus", input });
  });

  it("still guides the set-up of a core fabric", () => {
    expect(asked("how do I set up a core fabric?")).toEqual({ tool: "guideTask", input: { task: "coreFabric" } });
  });
});

describe("the invitations", () => {
  it.each([
    ["any pending invitations?", "en", { status: "pending" }],
    ["any pending invitaions?", "en", { status: "pending" }],
    ["which invitations have expired?", "en", { status: "expired" }],
    ["liste des invitations en attente", "fr", { status: "pending" }],
    ["who have we invited?", "en", {}],
  ] as const)("%j → listInvitations %j", (text, locale, input) => {
    expect(asked(text, locale)).toEqual({ tool: "listInvitations", input });
  });

  it("still guides an invitation, and answers whether the user may invite", () => {
    expect(asked("how do I invite a colleague?")).toEqual({ tool: "guideTask", input: { task: "invite" } });
    expect(asked("comment inviter un collègue ?", "fr")).toEqual({ tool: "guideTask", input: { task: "invite" } });
    expect(asked("can i invite people?")).toEqual({ tool: "guideTask", input: { task: "invite", may: true } });
  });
});

describe("a site's traffic now", () => {
  it("asks for the latest samples when the question says now, and for the range otherwise", () => {
    expect(asked("débit actuel de Frankfurt DC ?", "fr")).toEqual({ tool: "siteTraffic", input: { site: "Frankfurt DC", now: true } });
    expect(asked("how much traffic is Paris HQ pushing right now?")).toEqual({ tool: "siteTraffic", input: { site: "Paris HQ", now: true } });
    expect(asked("traffic at Paris HQ over the last hour")).toEqual({
      tool: "siteTraffic",
      input: { site: "Paris HQ", from: "2026-11-26T14:00:00.000Z", to: "2026-11-26T15:00:00.000Z" },
    });
  });
});
