import { describe, expect, it } from "vitest";
import { pageFocus, pathReference } from "@/server/assistant/intent";
import { matchPaths, matchSite, pathEnds, pathLayerFromWords, siteTypeFromWords } from "@/server/assistant/text";

// How the assistant reads names: path ends, paths and sites matched case- and accent-insensitively, site types and
// layers in English and French, and the page a question is asked from.

const PATHS = [
  { id: "1", name: "Lyon ⇄ Paris", sourceSiteName: "Lyon Branch", destinationSiteName: "Paris HQ" },
  { id: "2", name: "Paris ⇄ Azure", sourceSiteName: "Paris HQ", destinationSiteName: "Azure West Europe" },
  { id: "3", name: "Frankfurt ⇄ AWS", sourceSiteName: "Frankfurt DC", destinationSiteName: "AWS eu-central-1" },
  { id: "4", name: "Zürich backup", sourceSiteName: "Zürich Office", destinationSiteName: "Frankfurt DC" },
];
const ids = (query: string) => matchPaths(query, PATHS).map((path) => path.id);

describe("path names", () => {
  it("splits a path into its two ends", () => {
    expect(pathEnds("Lyon ⇄ Paris")).toEqual(["Lyon", "Paris"]);
    expect(pathEnds("Lyon -> Paris")).toEqual(["Lyon", "Paris"]);
    expect(pathEnds("Lyon to Paris HQ")).toEqual(["Lyon", "Paris HQ"]);
    expect(pathEnds("Lyon à Paris")).toEqual(["Lyon", "Paris"]);
    expect(pathEnds("Zürich backup")).toEqual(["Zürich backup"]);
    expect(pathEnds("  ")).toEqual([]);
  });

  it("matches a path by exact name, part of its name, its two sites either way round, or one site", () => {
    expect(ids("lyon ⇄ paris")).toEqual(["1"]);
    expect(ids("LYON <-> PARIS")).toEqual(["1"]);
    expect(ids("Paris")).toEqual(["1", "2"]);
    expect(ids("paris hq to lyon branch")).toEqual(["1"]);
    expect(ids("AWS eu-central-1 to Frankfurt DC")).toEqual(["3"]);
    expect(ids("zurich")).toEqual(["4"]);
    expect(ids("Azure West Europe")).toEqual(["2"]);
    expect(ids("Oslo")).toEqual([]);
    expect(ids("Oslo to Paris")).toEqual([]);
  });

  it("matches one site by id, exact name, or the only name containing the words", () => {
    const sites = [
      { id: "a", name: "Paris HQ" },
      { id: "b", name: "Paris HQ annex" },
      { id: "c", name: "Frankfurt DC" },
    ];
    expect(matchSite("paris hq", sites)?.id).toBe("a");
    expect(matchSite("frankfurt", sites)?.id).toBe("c");
    expect(matchSite("b", sites)?.id).toBe("b");
    expect(matchSite("paris", sites)).toBeNull();
    expect(matchSite("Oslo", sites)).toBeNull();
  });

  it("finds the path a question names, its words set aside", () => {
    expect(pathReference("why is Lyon ⇄ Paris bad?")).toBe("Lyon ⇄ Paris");
    expect(pathReference("Pourquoi l'état du chemin « Paris ⇄ Azure » est-il mauvais ?")).toBe("Paris ⇄ Azure");
    expect(pathReference("what's wrong with the path between Paris HQ and Azure West Europe?")).toBe("Paris HQ ⇄ Azure West Europe");
    expect(pathReference("why is this path bad?")).toBeNull();
  });
});

describe("site types, layers and pages", () => {
  it("reads a site type in either language", () => {
    expect(siteTypeFromWords("AWS")).toBe("aws");
    expect(siteTypeFromWords("aws-direct-connect")).toBe("aws-direct-connect");
    expect(siteTypeFromWords("a Direct Connect site")).toBe("aws-direct-connect");
    expect(siteTypeFromWords("Google Cloud")).toBe("gcp");
    expect(siteTypeFromWords("OCI")).toBe("oracle");
    expect(siteTypeFromWords("un site physique")).toBe("standard");
    expect(siteTypeFromWords("mainframe")).toBeNull();
  });

  it("reads a path layer in either language", () => {
    expect(pathLayerFromWords("layer 2")).toBe("layer2");
    expect(pathLayerFromWords("L3")).toBe("layer3");
    expect(pathLayerFromWords("couche 3")).toBe("layer3");
    expect(pathLayerFromWords("Niveau 2")).toBe("layer2");
    expect(pathLayerFromWords("routed")).toBeNull();
  });

  it("reads the path and site of a console route", () => {
    const site = "11111111-2222-3333-4444-555555555555";
    const path = "66666666-7777-8888-9999-000000000000";
    expect(pageFocus(`page customer/dashboard/${site}/path/${path}.`)).toEqual({ siteId: site, pathId: path });
    expect(pageFocus(`page customer/site/${site}/configuration`)).toEqual({ siteId: site });
    expect(pageFocus(`page paths/${path}/pathTopology`)).toEqual({ pathId: path });
    expect(pageFocus(`page msp/dashboard/${path}/${site}`)).toEqual({ siteId: site });
    expect(pageFocus("page alarms")).toEqual({});
  });
});
