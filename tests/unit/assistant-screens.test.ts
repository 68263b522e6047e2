import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { readIntent } from "@/server/assistant/intent";
import { NameIndex, type NamedEntry } from "@/server/assistant/names/name-index";
import { screenOfPage } from "@/server/assistant/understanding/screens";

// Questions about the console's screens (issue 40, scope 6): where something is, what a screen shows, how one does
// there what the screen does — each read to guideScreen with the screen, in English and French; the task guides and
// the live answers next to them keep their questions.

const NOW = Date.parse("2026-11-26T15:00:00Z");
const ENTRIES: NamedEntry[] = [
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
  { kind: "node", id: "n1", name: "nw-edge-par-01" },
];
const names = new NameIndex(ENTRIES);
const asked = (text: string, locale: "en" | "fr" = "en") => {
  const intent = readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale, now: NOW, names });
  return intent.kind === "tool" ? { tool: intent.toolName, input: intent.input } : { kind: intent.kind };
};

describe("a screen asked about", () => {
  it.each([
    ["comment comparer la bande passante avec la semaine dernière sur le tableau de bord ?", "fr", { screen: "dashboard" }],
    ["how do I compare bandwidth with last month on the dashboard?", "en", { screen: "dashboard" }],
    ["what does the dashboard show?", "en", { screen: "dashboard" }],
    ["how do i filter paths?", "en", { screen: "paths" }],
    ["comment filtrer les chemins ?", "fr", { screen: "paths" }],
    ["where do I change my language?", "en", { screen: "userSettings" }],
    ["comment changer ma langue ?", "fr", { screen: "userSettings" }],
    ["où puis-je modifier mon prénom ?", "fr", { screen: "userSettings" }],
    ["where can i see the events of a node", "en", { screen: "events" }],
    ["how do I open the API docs?", "en", { screen: "apiDocs" }],
    ["how do I switch organization?", "en", { screen: "organizationSelector" }],
    ["comment passer à un autre client ?", "fr", { screen: "organizationSelector" }],
    ["how do I open a support ticket?", "en", { screen: "support" }],
    // Issue 43's automation: features, asked about however the question is put; "who changed X" stays a live answer.
    ["how do i make an api key for our script", "en", { screen: "apiTokens" }],
    ["c'est quoi un jeton d'api ?", "fr", { screen: "apiTokens" }],
    ["how are webhook payloads signed?", "en", { screen: "webhooks" }],
    ["can we get alarms pushed into our ticketing system?", "en", { screen: "webhooks" }],
    ["where is the audit log?", "en", { screen: "audit" }],
    ["je peux exporter les chemins en csv ?", "fr", { screen: "csv" }],
    ["can i import devices in bulk?", "en", { screen: "csv" }],
    ["do you expose prometheus metrics?", "en", { screen: "metrics" }],
    ["where do I see a node's uptime?", "en", { screen: "nodeMonitor" }],
    ["where's the front panel of a cpe node?", "en", { screen: "nodeMonitor", nodeKind: "cpe" }],
    ["où voir la face avant d'un nœud ?", "fr", { screen: "nodeMonitor" }],
    ["what does the topology page show?", "en", { screen: "topology" }],
    ["que montre l'onglet cycle de vie ?", "fr", { screen: "lifecycle" }],
    ["which page lists the inactive sites of each customer?", "en", { screen: "customers" }],
    ["where do I find the link editor?", "en", { screen: "coreFabrics" }],
    ["where do I configure switch ports?", "en", { screen: "switchPorts" }],
    // The pages' French words, as the assistant now writes them.
    ["où régler les ports de commutateur ?", "fr", { screen: "switchPorts" }],
    ["que montre la page Fabrics de cœur ?", "fr", { screen: "coreFabrics" }],
    ["que montre la page des nœuds de cœur ?", "fr", { screen: "coreNodes" }],
    ["where are the ipsec endpoints of a node?", "en", { screen: "nodeConfiguration" }],
    ["où se trouve la page des MSP ?", "fr", { screen: "msps" }],
    ["how do I view a path's topology?", "en", { screen: "pathTopology" }],
    ["where do I see acknowledged alarms?", "en", { screen: "alarms" }],
    ["which page shows the MSPs and their attachments?", "en", { screen: "msps" }],
    ["comment basculer sur la console d'un de mes clients ?", "fr", { screen: "organizationSelector" }],
    ["what can I do on the lifecycle page?", "en", { screen: "lifecycle" }],
    ["where do I compare this week's bandwidth with last week?", "en", { screen: "dashboard" }],
    ["que montre la page inventaire ?", "fr", { screen: "inventory" }],
    ["how can I open a support ticket?", "en", { screen: "support" }],
  ] as const)("%j → guideScreen %j", (text, locale, input) => {
    expect(asked(text, locale)).toEqual({ tool: "guideScreen", input });
  });

  it.each([
    ["how do i unack an alarm", "guideTask"],
    ["how do I set up a new core fabirc?", "guideTask"],
    ["how do i create an edge node with a switch?", "guideTask"],
    ["how do I add a subinterface on a node?", "guideTask"],
    ["comment affecter un boîtier à un nœud ?", "guideTask"],
    ["how do I add a site?", "guideSiteCreation"],
    ["comment créer un chemin entre Paris HQ et Frankfurt DC ?", "guidePathCreation"],
    ["uptime of nw-edge-par-01?", "nodeStatus"],
    ["which invitations are pending?", "listInvitations"],
    ["open alarms", "listOpenAlarms"],
    ["compare Paris HQ traffic this week with last week", "siteTraffic"],
    ["How does Paris HQ's bandwidth this week compare with last week?", "siteTraffic"],
    ["How many open alarms are there by severity?", "listOpenAlarms"],
    ["Show me the front panel of nw-edge-par-01", "nodeStatus"],
    ["who changed Paris ⇄ Frankfurt yesterday?", "recentEvents"],
  ] as const)("%j keeps %s", (text, tool) => {
    expect(asked(text)).toMatchObject({ tool });
  });

  it("reads a screen the rules do not, with the classifier's screen label and the screen from the words", () => {
    const intent = readIntent("the screen with the front panel", {}, ASSISTANT_TOOL_NAMES, { locale: "en", now: NOW, names });
    expect(intent).toMatchObject({ kind: "tool", toolName: "guideScreen", input: { screen: "nodeMonitor" }, intent: "classified:screen" });
  });
});

describe("the screen of the page the user is on", () => {
  const onPage = (text: string, screen: string, locale: "en" | "fr" = "en") => {
    const intent = readIntent(text, { screen: screen as never }, ASSISTANT_TOOL_NAMES, { locale, now: NOW, names });
    return intent.kind === "tool" ? { tool: intent.toolName, input: intent.input } : { kind: intent.kind };
  };

  it.each([
    ["je peux changer quoi ici ?", "fr", "userSettings"],
    ["what do these columns mean", "en", "customers"],
    ["first time here, what am i looking at?", "en", "dashboard"],
    ["que veulent dire ces colonnes ?", "fr", "paths"],
  ] as const)("%s → that screen's guide", (text, locale, screen) => {
    expect(onPage(text, screen, locale)).toEqual({ tool: "guideScreen", input: { screen } });
  });

  it("still gives the steps to a newcomer who asks what to do first", () => {
    expect(onPage("ok im the new it guy, what do i do 1st in here", "dashboard")).toEqual({ tool: "gettingStarted", input: {} });
  });
});

describe("whether a new path works", () => {
  it.each([
    ["just made my first path, how do i tell if its actually working?", "en"],
    ["comment savoir si mon nouveau chemin fonctionne ?", "fr"],
  ] as const)("%s → the path page's guide", (text, locale) => {
    expect(asked(text, locale)).toEqual({ tool: "guideScreen", input: { screen: "pathDetail" } });
  });

  it("leaves a path named to its own state", () => {
    expect(asked("how do i tell if Paris ⇄ Frankfurt is working?")).not.toEqual({ tool: "guideScreen", input: { screen: "pathDetail" } });
  });
});

describe("where a setting is, asked the French way", () => {
  it.each([
    ["je voudrais la console en français, ça se règle où ?", "userSettings"],
    ["le thème sombre, ça se change où ?", "userSettings"],
  ] as const)("%s → %s", (text, screen) => {
    expect(asked(text, "fr")).toEqual({ tool: "guideScreen", input: { screen } });
  });
});

describe("a page's screen", () => {
  it("is the page's own, not a page whose route begins the same", () => {
    expect(screenOfPage("userSettings")).toBe("userSettings");
    expect(screenOfPage("user")).toBe("users");
  });
});
