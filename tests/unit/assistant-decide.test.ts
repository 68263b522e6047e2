import { translatorFor } from "@/lib/i18n/messages";
import type { LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import {
  ASSISTANT_TOOL_NAMES,
  type ExplainPathSlaOutput,
  type GuidePathCreationOutput,
  type GuideSiteCreationOutput,
  type ListOpenAlarmsOutput,
  type ListSitesOutput,
  type RecentEventsOutput,
} from "@/lib/assistant/tools";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { MIN_SLA_SAMPLES } from "@/lib/health";
import { decide } from "@/server/assistant/decide";
import { summarizeToolResult } from "@/server/assistant/summaries";

// The embedded model's decisions: which tool a question asks for (English and French, any case or accents), with what
// input, and the answers it writes from each tool's output, failures included.

const ALL = ASSISTANT_TOOL_NAMES;
const SITE_ID = "6f1c2a7e-8c3b-4d2e-9a61-0b7d4e3f2c10";
const PATH_ID = "0b7d4e3f-2c10-4d2e-9a61-6f1c2a7e8c3b";

function question(text: string, system?: string): LanguageModelV4Prompt {
  return [...(system ? [{ role: "system" as const, content: system }] : []), { role: "user", content: [{ type: "text", text }] }];
}

const ask = (text: string, options: { locale?: "en" | "fr"; system?: string; tools?: readonly string[] } = {}) =>
  decide(question(text, options.system), options.locale ?? "en", options.tools ?? ALL);

describe("decide: picking a tool from the question", () => {
  it.each([
    ["list my sites", "listSites", {}],
    // Getting started: the organization's way in, not a how-to of one thing ("how do I create a path" is the path's).
    ["im new here, where do i start?", "gettingStarted", {}],
    ["first time using this console, what should i do first", "gettingStarted", {}],
    ["je débute, par quoi je commence ?", "gettingStarted", {}],
    ["whats next for us", "gettingStarted", {}],
    ["just got my login, where do i even start?", "gettingStarted", {}],
    // Who a node's failure hits: its blast radius.
    ["if nw-core-fra dies who gets hit?", "blastRadius", { node: "nw-core-fra" }],
    ["si nw-edge-par-01 tombe, qui est touché ?", "blastRadius", { node: "nw-edge-par-01" }],
    ["blast radius of nw-core-lon", "blastRadius", { node: "nw-core-lon" }],
    // Who has access; what an entity is; where a setting is, however it is said.
    ["who has access to our console and with what role?", "listUsers", {}],
    ["qui sont les admins ?", "listUsers", { role: "admin" }],
    ["what's a connector?", "guideTask", { task: "connector", define: true }],
    ["c'est quoi un connecteur au juste ?", "guideTask", { task: "connector", define: true }],
    ["un cpe ça sert à quoi ?", "guideTask", { task: "cpeNode", define: true }],
    ["can i name a site just 'X'?", "explainRules", { topic: "name" }],
    ["what is a subinterface for?", "guideTask", { task: "subinterface", define: true }],
    ["where do i rename our org?", "guideScreen", { screen: "organizationSettings" }],
    ["how do i switch the console to french?", "guideScreen", { screen: "userSettings" }],
    ["je veux changer mon prénom affiché, c'est où ?", "guideScreen", { screen: "userSettings" }],
    // Whether a role, or the asker, may do a task: yes or no first.
    ["can a read only user ack alarms?", "guideTask", { task: "acknowledge", role: "read-only", may: true }],
    ["un utilisateur en configuration uniquement peut inviter des gens ?", "guideTask", { task: "invite", role: "configure", may: true }],
    ["je peux redémarrer un boîtier avec mon compte ?", "guideTask", { task: "schedule", may: true }],
    ["im configure only, can i onboard a new customer org myself?", "guideTask", { task: "customer", may: true }],
    ["mes sites", "listSites", {}],
    ["Quels sont mes sites ?", "listSites", {}],
    ["LIST ALL SITES", "listSites", {}],
    ["list sites named Paris", "listSites", { query: "Paris" }],
    ['show the sites matching "Frankfurt DC"', "listSites", { query: "Frankfurt DC" }],
    ["How is the Paris HQ site doing?", "siteDetail", { site: "Paris HQ" }],
    ["open alarms", "listOpenAlarms", {}],
    ["alarmes", "listOpenAlarms", {}],
    ["Quelles alertes sont ouvertes ?", "listOpenAlarms", {}],
    ["recent events", "recentEvents", {}],
    ["événements récents", "recentEvents", {}],
    ["EVENEMENTS RECENTS", "recentEvents", {}],
    ["show the last 5 events", "recentEvents", { limit: 5 }],
    ["les 50 derniers événements", "recentEvents", { limit: 20 }],
    // Today's events: from midnight (tests/unit/assistant-time-ranges.test.ts checks the instants).
    ["what happened today?", "recentEvents", { from: expect.any(String), to: expect.any(String) }],
    ["why is Lyon ⇄ Paris bad?", "explainPathSla", { path: "Lyon ⇄ Paris" }],
    ["pourquoi le chemin Paris ⇄ Azure est dégradé", "explainPathSla", { path: "Paris ⇄ Azure" }],
    ["Pourquoi le chemin de Lyon à Paris est-il dégradé ?", "explainPathSla", { path: "Lyon ⇄ Paris" }],
    ["le chemin Madrid ⇄ Milan est-il en alerte ?", "explainPathSla", { path: "Madrid ⇄ Milan" }],
    ["What's the latency on Frankfurt DC to AWS eu-central-1?", "explainPathSla", { path: "Frankfurt DC ⇄ AWS eu-central-1" }],
    ["Is the path between Madrid Office and Milan Branch healthy?", "explainPathSla", { path: "Madrid Office ⇄ Milan Branch" }],
    ['Explain the SLA of "Seattle ⇄ Dublin"', "explainPathSla", { path: "Seattle ⇄ Dublin" }],
    ["why is site Lyon Branch bad?", "siteDetail", { site: "Lyon Branch" }],
    [`sla of path ${PATH_ID}`, "explainPathSla", { path: PATH_ID }],
    ["how do I create a site", "guideSiteCreation", {}],
    ["how do I create an AWS site named Berlin Office in Berlin", "guideSiteCreation", { name: "Berlin Office", city: "Berlin", type: "aws" }],
    ["comment créer un site nommé Bureau de Lyon à Lyon", "guideSiteCreation", { name: "Bureau de Lyon", city: "Lyon" }],
    // Asked to be done, a site is an action too (its dry run asks for the account and region).
    ["create an AWS site named Berlin Office in Berlin", "createSite", { name: "Berlin Office", location: "Berlin", type: "aws" }],
    ["créer un site nommé Bureau de Lyon à Lyon", "createSite", { name: "Bureau de Lyon", location: "Lyon" }],
    ["Comment ajouter un site Azure à Amsterdam ?", "guideSiteCreation", { city: "Amsterdam", type: "azure" }],
    ["créer un chemin", "guidePathCreation", {}],
    // A request with both ends is an action: its dry run asks for what is missing (scope 5).
    ["create a layer 3 path from Paris HQ to Frankfurt DC", "createPath", { layer: "layer3", source: "Paris HQ", destination: "Frankfurt DC" }],
    ["créer un chemin de couche 2 entre Paris HQ et Frankfurt DC", "createPath", { layer: "layer2", source: "Paris HQ", destination: "Frankfurt DC" }],
    ["I want to create a path from Seattle Office to Dublin Office", "createPath", { source: "Seattle Office", destination: "Dublin Office" }],
    // The console's own suggestions name no site: "two sites" is not a site called "two".
    ["How do I create a path between two sites?", "guidePathCreation", {}],
    ["Comment créer un chemin entre deux sites ?", "guidePathCreation", {}],
    ["how do I add a path between both of my sites", "guidePathCreation", {}],
  ] as const)("%j → %s %j", (text, toolName, input) => {
    expect(ask(text)).toEqual({ type: "tool-call", toolName, input });
  });

  it("reads the screen of the page the user is on: 'what can I do here?' is that screen's guide", () => {
    const on = (page: string) => `The user is Ann. They are looking at the console page ${page}, relative to /organization/o/. Rules: alarms, events, chat.`;
    expect(ask("what can i do on this page", { system: on("alarms") })).toEqual({ type: "tool-call", toolName: "guideScreen", input: { screen: "alarms" } });
    expect(ask("je peux faire quoi ici ?", { system: "La personne regarde la page de la console msp/inventory, relative à /organization/o/.", locale: "fr" })).toEqual({
      type: "tool-call",
      toolName: "guideScreen",
      input: { screen: "inventory" },
    });
    expect(ask("what's this screen for?", { system: on(`msp/edgeNode/${SITE_ID}/monitor`) })).toEqual({ type: "tool-call", toolName: "guideScreen", input: { screen: "nodeMonitor" } });
    // No page: the words of the instructions are no page.
    expect(ask("what can i do on this page", { system: "Rules: alarms, events, chat." })).not.toMatchObject({ toolName: "guideScreen", input: { screen: "alarms" } });
  });

  it("reads the path or site of the page the user is on from the instructions", () => {
    const page = `They are looking at the console page customer/dashboard/${SITE_ID}/path/${PATH_ID}, relative to /organization/o/.`;
    expect(ask("why is this path degraded?", { system: page })).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: PATH_ID } });
    expect(ask("pourquoi ce chemin est-il lent ?", { system: `La personne regarde la page de la console paths/${PATH_ID}`, locale: "fr" })).toEqual({
      type: "tool-call",
      toolName: "explainPathSla",
      input: { path: PATH_ID },
    });
    expect(ask("create a path", { system: `page customer/site/${SITE_ID}` })).toEqual({
      type: "tool-call",
      toolName: "guidePathCreation",
      input: { source: SITE_ID },
    });
    // A path named in the question wins over the page's.
    expect(ask("why is Lyon ⇄ Paris bad?", { system: page })).toMatchObject({ input: { path: "Lyon ⇄ Paris" } });
  });

  it("asks which path when a path question names none and no page shows one", () => {
    expect(ask("why is this path degraded?")).toEqual({ type: "text", text: "Which path do you mean? Give its name, or its two sites as “A to B”." });
    expect(ask("pourquoi ce chemin est-il dégradé ?", { locale: "fr" })).toEqual({
      type: "text",
      text: "De quel chemin parlez-vous ? Donnez son nom, ou ses deux sites sous la forme « A vers B ».",
    });
  });

  it("answers greetings and unknown questions with what it can do, in the reader's language", () => {
    const en = ask("hello");
    expect(en.type).toBe("text");
    expect(en.type === "text" && en.text).toContain("- list your sites");
    const fr = ask("bonjour", { locale: "fr" });
    expect(fr.type === "text" && fr.text).toContain("- lister vos sites");
  });

  it("says a question outside the network is outside what it does, in the question's language", () => {
    const fr = ask("quel est le sens de la vie ?", { locale: "fr" });
    expect(fr).toEqual({ type: "text", text: translatorFor("fr")("assistant.outOfScope") });
    // A question in the other language than the console's is answered in its own (issue 40, scope 8).
    expect(ask("what is the meaning of life?", { locale: "fr" })).toEqual({ type: "text", text: translatorFor("en")("assistant.outOfScope") });
  });

  it("only calls the tools it is offered", () => {
    expect(ask("open alarms", { tools: ["listSites"] }).type).toBe("text");
    expect(ask("open alarms", { tools: [] }).type).toBe("text");
    expect(ask("list my sites", { tools: ["listSites"] })).toMatchObject({ type: "tool-call", toolName: "listSites" });
  });
});

const json = (value: unknown): LanguageModelV4ToolResultOutput => ({ type: "json", value: value as never });

describe("decide: answering from the latest turn's tool results", () => {
  const sites: ListSitesOutput = {
    organizationName: "Contoso",
    query: null,
    withoutPaths: false,
          kind: null,
          pick: null,
    total: 1,
    sites: [
      {
        id: SITE_ID,
        name: "Paris HQ",
        organizationId: "org",
        organizationName: "Contoso",
        type: "standard",
        city: "Paris, France",
        active: true,
        connectors: 2,
        paths: 3,
        sla: "warning",
      },
    ],
    links: [],
  };

  it("writes the answer from the tool result after the question", () => {
    const prompt: LanguageModelV4Prompt = [
      { role: "system", content: "instructions" },
      { role: "user", content: [{ type: "text", text: "list my sites" }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "listSites", input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "listSites", output: json(sites) }] },
    ];
    expect(decide(prompt, "en", ALL)).toEqual({
      type: "text",
      text: "Contoso has 1 site:\n- Paris HQ (standard, Paris, France): 2 connectors, 3 paths, worst path SLA in warning",
    });
    const french = prompt.map((message) => (message.role === "user" ? { ...message, content: [{ type: "text" as const, text: "liste mes sites" }] } : message));
    expect(decide(french, "fr", ALL)).toEqual({
      type: "text",
      text: "Contoso a 1 site :\n- Paris HQ (standard, Paris, France) : 2 connecteurs, 3 chemins, pire SLA de chemin : en avertissement",
    });
    // The English question in the French console is answered in English.
    expect(decide(prompt, "fr", ALL)).toEqual(decide(prompt, "en", ALL));
  });

  it("ignores the results of earlier turns and answers the new question", () => {
    const prompt: LanguageModelV4Prompt = [
      { role: "user", content: [{ type: "text", text: "list my sites" }] },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "listSites", input: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "listSites", output: json(sites) }] },
      { role: "assistant", content: [{ type: "text", text: "Contoso has 1 site" }] },
      { role: "user", content: [{ type: "text", text: "and the open alarms?" }] },
    ];
    expect(decide(prompt, "en", ALL)).toEqual({ type: "tool-call", toolName: "listOpenAlarms", input: {} });
  });

  it("answers every result of the turn, failures included", () => {
    const prompt: LanguageModelV4Prompt = [
      { role: "user", content: [{ type: "text", text: "sites and alarms" }] },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "a", toolName: "listSites", output: json(sites) },
          { type: "tool-result", toolCallId: "b", toolName: "listOpenAlarms", output: { type: "error-text", value: "database unavailable" } },
        ],
      },
    ];
    const answer = decide(prompt, "en", ALL);
    expect(answer.type === "text" && answer.text.split("\n\n")).toEqual([
      "Contoso has 1 site:\n- Paris HQ (standard, Paris, France): 2 connectors, 3 paths, worst path SLA in warning",
      "I could not get the open alarms: database unavailable",
    ]);
  });
});

describe("summaries of each tool's output", () => {
  const summary = (tool: string, value: unknown, locale: "en" | "fr" = "en") => summarizeToolResult(tool, json(value), locale);

  it("listSites: none, filtered, other organizations, inactive, cut lists", () => {
    expect(summary("listSites", { organizationName: "Contoso", query: null, total: 0, sites: [], links: [] })).toBe("Contoso has no sites yet.");
    expect(summary("listSites", { organizationName: "Contoso", query: "Oslo", total: 0, sites: [], links: [] }, "fr")).toBe(
      "Je ne vois pas « Oslo » : rien de ce nom ne vous est visible ici.",
    );
    const output: ListSitesOutput = {
      organizationName: "Northwind Networks",
      query: null,
      withoutPaths: false,
          kind: null,
          pick: null,
      total: 23,
      sites: [
        {
          id: "s1",
          name: "Lyon Branch",
          organizationId: "c",
          organizationName: "Contoso",
          type: "aws-direct-connect",
          city: "Lyon, France",
          active: false,
          connectors: 1,
          paths: 0,
          sla: "unknown",
        },
      ],
      links: [],
    };
    expect(summary("listSites", output)).toBe(
      "Northwind Networks has 23 sites:\n- Lyon Branch (Contoso; AWS Direct Connect, Lyon, France): 1 connector, no paths, inactive\n\n…and 22 more.",
    );
    expect(summary("listSites", { ...output, query: "Lyon", total: 1 }, "fr")).toBe(
      "1 site correspond à « Lyon » :\n- Lyon Branch (Contoso ; AWS Direct Connect, Lyon, France) : 1 connecteur, aucun chemin, inactif",
    );
  });

  const path = {
    id: PATH_ID,
    name: "Lyon ⇄ Paris",
    sourceSiteName: "Lyon Branch",
    destinationSiteName: "Paris HQ",
    organizationId: "c",
    layer: "layer3" as const,
    sourceSiteId: "s1",
    destinationSiteId: "s2",
    bandwidthMbps: 200,
  };
  const found = (overrides: Partial<Extract<ExplainPathSlaOutput, { status: "found" }>> & { sla: "healthy" | "warning" | "bad" | "unknown" }) => {
    const { sla, ...rest } = overrides;
    return {
      status: "found",
      query: "Lyon ⇄ Paris",
      path: { ...path, sla },
      measurement: null,
      thresholds: SLA_THRESHOLDS,
      minSamples: MIN_SLA_SAMPLES,
      windowMinutes: 5,
      breaches: [],
      unknownReason: null,
      rootCause: null,
      links: [],
      ...rest,
    } satisfies ExplainPathSlaOutput;
  };
  const measurement = { latencyMs: 132, jitterMs: 12.5, lossPercent: 6.2, samples: 10, lastSampleAt: "2026-11-20T10:04:00Z", evaluatedAt: "2026-11-20T10:05:00Z" };
  /** A root cause with no onset, no inactive end and no change. */
  const UNJUDGED = { onset: null, inactiveEnds: [], changes: [], ruledOut: { after: 0, cosmetic: 0, reverted: 0 }, ruledOutChanges: [] };
  const THRESHOLDS_EN =
    "Thresholds: latency warning above 80 ms, bad above 100 ms; jitter warning above 20 ms, bad above 30 ms; loss warning above 1%, bad above 5%.";

  it("explainPathSla: a bad path, each breach against its threshold, in English and French", () => {
    const output = found({
      sla: "bad",
      measurement,
      breaches: [
        { metric: "latencyMs", value: 132, level: "bad", threshold: 100 },
        { metric: "lossPercent", value: 6.2, level: "bad", threshold: 5 },
      ],
    });
    expect(summary("explainPathSla", output)).toBe(
      [
        "The path Lyon ⇄ Paris (Lyon Branch ⇄ Paris HQ) is bad.",
        "Latest figures: latency 132 ms, jitter 13 ms, loss 6.2% (10 samples, the last at 20 Nov 2026, 10:04 UTC).",
        "What crosses the thresholds:",
        "- latency 132 ms is above the bad threshold of 100 ms",
        "- loss 6.2% is above the bad threshold of 5%",
        "",
        THRESHOLDS_EN,
      ].join("\n"),
    );
    const fr = summary("explainPathSla", output, "fr");
    expect(fr).toContain("Le chemin Lyon ⇄ Paris (Lyon Branch ⇄ Paris HQ) est dégradé.");
    expect(fr).toContain("- pertes 6,2 % au-dessus du seuil de 5 % (SLA dégradé)");
    expect(fr).toContain("Seuils : latence en avertissement au-delà de 80 ms, dégradé au-delà de 100 ms");
  });

  it("explainPathSla: a root cause in the reader's words, with the alarms it does not list counted", () => {
    const output = found({
      sla: "warning",
      rootCause: {
        route: [
          { name: "Frankfurt cross-connect", type: "connector", state: "warning", healthy: false },
          { name: "nw-edge-fra-01", type: "edge", state: "up", healthy: true },
          { name: "fra ⇄ ams", type: "link", state: "down", healthy: false },
        ],
        alarms: [{ severity: "critical", message: "Link fra ⇄ ams is down", source: "nw-edge-fra-01" }],
        alarmsTotal: 4,
        echoes: [],
        ...UNJUDGED,
        likely: "route",
      },
    });
    const en = summary("explainPathSla", output);
    expect(en).toContain("Route: Frankfurt cross-connect (warning) → nw-edge-fra-01 (up) → fra ⇄ ams (down).");
    expect(en).toContain("Not healthy on its route: Frankfurt cross-connect: warning, fra ⇄ ams: down.");
    expect(en).toContain("Open alarms on it or its route:\n- [critical] Link fra ⇄ ams is down (nw-edge-fra-01)\n\n…and 3 more.");
    const fr = summary("explainPathSla", output, "fr");
    expect(fr).toContain("Route : Frankfurt cross-connect (avertissement) → nw-edge-fra-01 (actif) → fra ⇄ ams (hors service).");
    expect(fr).toContain("Pas sain sur sa route : Frankfurt cross-connect : avertissement, fra ⇄ ams : hors service.");
    expect(fr).toContain("… et 3 de plus.");
    // Connectors whose state only echoes this path's own SLA are said to, in the singular and the plural.
    const echoes = (names: string[]) => found({ sla: "bad", rootCause: { route: [], alarms: [], alarmsTotal: 0, echoes: names, ...UNJUDGED, likely: "path" } });
    // Elements that report nothing are not called healthy: the route "reports no fault".
    expect(summary("explainPathSla", echoes(["Lyon IPsec"]))).toContain("No node, connector or link on its route reports a fault.");
    expect(summary("explainPathSla", echoes(["Lyon IPsec"]))).toContain(
      "Lyon IPsec shows this path’s own SLA (no other path over it is degraded and its last mile is up), not a fault of its own.",
    );
    expect(summary("explainPathSla", echoes(["Lyon IPsec", "Paris DIA"]), "fr")).toContain(
      "Lyon IPsec et Paris DIA reflètent le SLA de ce chemin (aucun autre chemin qui les emprunte n’est dégradé et leurs derniers kilomètres sont actifs), pas un défaut qui leur est propre.",
    );
  });

  it("explainPathSla: healthy, warning without figures, and each reason for unknown", () => {
    expect(summary("explainPathSla", found({ sla: "healthy", measurement: { ...measurement, latencyMs: 20, lossPercent: 0 } }))).toContain(
      "All three are within the thresholds.",
    );
    expect(summary("explainPathSla", found({ sla: "warning" }))).toContain(
      "No measurement is recorded for it, so I cannot say which metric is responsible.",
    );
    expect(summary("explainPathSla", found({ sla: "unknown", unknownReason: "no-data" }))).toContain(
      "It has no measurements yet: the SLA stays unknown (insufficient data) until at least 3 samples arrive within 5 minutes.",
    );
    expect(summary("explainPathSla", found({ sla: "unknown", unknownReason: "insufficient-samples", measurement: { ...measurement, samples: 2 } }))).toContain(
      "Only 2 samples arrived in the last 5 minutes; at least 3 are needed, so the SLA is unknown (insufficient data).",
    );
    expect(
      summary("explainPathSla", found({ sla: "unknown", unknownReason: "insufficient-samples", measurement: { ...measurement, samples: 1 } }), "fr"),
    ).toContain("Seulement 1 échantillon est arrivé ces 5 dernières minutes ; il en faut au moins 3");
    expect(summary("explainPathSla", found({ sla: "unknown", unknownReason: "stale", measurement }))).toContain(
      "No samples since 20 Nov 2026, 10:04 UTC: with fewer than 3 samples in the last 5 minutes the SLA is unknown (insufficient data).",
    );
  });

  it("explainPathSla: ambiguous and unknown names answer candidates", () => {
    const candidate = { id: "p", name: "Paris ⇄ Azure", sourceSiteName: "Paris HQ", destinationSiteName: "Azure West Europe", sla: "warning" as const };
    expect(summary("explainPathSla", { status: "ambiguous", query: "Paris", candidates: [candidate, { ...candidate, name: "Lyon ⇄ Paris", sla: "unknown" }], links: [] })).toBe(
      "Several paths match “Paris”:\n- Paris ⇄ Azure (Paris HQ ⇄ Azure West Europe): in warning\n- Lyon ⇄ Paris (Paris HQ ⇄ Azure West Europe): unknown\n\nWhich one do you mean?",
    );
    // An MSP's customers name paths alike: each candidate says whose it is.
    const owned = [
      { ...candidate, name: "Path 00000", organizationName: "Scale Customer 001" },
      { ...candidate, name: "Path 00000", organizationName: "Scale Customer 002" },
    ];
    expect(summary("explainPathSla", { status: "ambiguous", query: "Path 00000", candidates: owned, links: [] })).toBe(
      "Several paths match “Path 00000”:\n- Path 00000 of Scale Customer 001 (Paris HQ ⇄ Azure West Europe): in warning\n- Path 00000 of Scale Customer 002 (Paris HQ ⇄ Azure West Europe): in warning\n\nWhich one do you mean?",
    );
    expect(summary("explainPathSla", { status: "ambiguous", query: "Path 00000", candidates: owned, links: [] }, "fr")).toContain("- Path 00000 de Scale Customer 002 (Paris HQ ⇄ Azure West Europe) : en avertissement");
    expect(summary("explainPathSla", { status: "not-found", query: "Oslo", candidates: [candidate], links: [] }, "fr")).toBe(
      "Je ne vois pas « Oslo » : rien de ce nom ne vous est visible ici.\nChemins sur lesquels vous pouvez m’interroger :\n- Paris ⇄ Azure (Paris HQ ⇄ Azure West Europe) : en avertissement",
    );
    expect(summary("explainPathSla", { status: "not-found", query: "Oslo", candidates: [], links: [] })).toBe(
      "I cannot see “Oslo”: nothing by that name is visible to you here.\nThere are no paths here yet.",
    );
  });

  it("listOpenAlarms and recentEvents", () => {
    const alarms: ListOpenAlarmsOutput = {
      total: 4,
      filters: { severity: null, type: null, about: null },
      bySeverity: {},
      aboutNotVisible: false,
      alarms: [
        {
          id: "a",
          organizationId: "c",
          severity: "major",
          type: "sla-bad",
          message: "Path Lyon ⇄ Paris: loss 6.2 % above 5 %",
          source: "Lyon ⇄ Paris",
          raisedAt: "2026-11-20T08:00:00Z",
        },
      ],
      links: [],
    };
    expect(summary("listOpenAlarms", alarms)).toBe(
      "4 open alarms are not acknowledged yet:\n- [major] SLA breach: Path Lyon ⇄ Paris: loss 6.2 % above 5 % (Lyon ⇄ Paris, 20 Nov 2026, 08:00 UTC)\n\n…and 3 more.",
    );
    expect(summary("listOpenAlarms", { total: 0, alarms: [], links: [] }, "fr")).toBe("Il n’y a aucune alarme ouverte non acquittée.");
    // In French, the page's words for every alarm type and the narrow no-break space before each colon, the counts'
    // included.
    const N = "\u202f";
    const french = summary(
      "listOpenAlarms",
      {
        ...alarms,
        total: 2,
        bySeverity: { critical: 1, warning: 1 },
        alarms: [
          { ...alarms.alarms[0], id: "w", severity: "warning", type: "sla-warning", message: "Chemin Lyon ⇄ Paris : latence 86 ms au-dessus de 80 ms" },
          { ...alarms.alarms[0], id: "l", severity: "critical", type: "link-down", message: "Lien fra ⇄ ams hors service", source: "nw-edge-fra-01" },
        ],
      },
      "fr",
    );
    expect(french).toContain(`Par gravité${N}: critique${N}: 1, avertissement${N}: 1.`);
    expect(french).toContain(`- [avertissement] SLA en avertissement${N}: Chemin Lyon ⇄ Paris : latence 86 ms au-dessus de 80 ms (Lyon ⇄ Paris, 20 nov. 2026, 08:00 UTC)`);
    expect(french).toContain(`- [critique] lien hors service${N}: Lien fra ⇄ ams hors service (nw-edge-fra-01,`);
    const change = { entityName: null, changes: [] };
    const events: RecentEventsOutput = {
      about: null,
      aboutNotVisible: false,
      events: [
        { id: "1", organizationId: "c", timestamp: "2026-11-19T09:30:00Z", type: "path.updated", entityType: "path", entityId: "p", source: "carla@contoso.example", actor: "Carla Diaz", ...change },
        { id: "2", organizationId: "c", timestamp: "2026-11-18T09:30:00Z", type: "alarm.raised", entityType: "alarm", entityId: "a", source: "alarm-engine", actor: null, ...change },
      ],
      links: [],
    };
    expect(summary("recentEvents", events)).toBe(
      "The latest 2 events:\n- 19 Nov 2026, 09:30 UTC: Path updated on path, by Carla Diaz\n- 18 Nov 2026, 09:30 UTC: Alarm raised on alarm, by alarm-engine",
    );
    expect(summary("recentEvents", { events: [], links: [] }, "fr")).toBe("Aucun événement n’est encore enregistré.");
  });

  it("guides: numbered steps, an unknown type, and what a read-only user is told", () => {
    const site: GuideSiteCreationOutput = {
      organizationName: "Contoso",
      canWrite: false,
      name: "Oslo Office",
      city: null,
      type: null,
      unknownType: "mainframe",
      cloud: null,
      locations: [],
      steps: ["Open Sites.", "Name: Oslo Office."],
      links: [],
    };
    expect(summary("guideSiteCreation", site)).toBe(
      [
        "To create the site Oslo Office in Contoso:",
        "1. Open Sites.",
        "2. Name: Oslo Office.",
        "",
        "“mainframe” is not a site type: choose standard, AWS, AWS Direct Connect, Azure, GCP or Oracle.",
        "Your role is read-only: ask an administrator of Contoso to do it, or to give you the configure role.",
      ].join("\n"),
    );
    const pathGuide: GuidePathCreationOutput = {
      organizationName: "Contoso",
      canWrite: true,
      layer: "layer2",
      source: { id: "s1", name: "Paris HQ", connectors: [] },
      destination: null,
      unresolved: ["Oslo"],
      steps: ["Open the source site."],
      links: [],
    };
    expect(summary("guidePathCreation", pathGuide, "fr")).toBe(
      [
        "Pour créer un chemin depuis Paris HQ :",
        "1. Open the source site.",
        "",
        "Je n’ai trouvé aucun site unique nommé Oslo : vérifiez les noms dans Sites.",
        "Votre rôle vous permet de le faire.",
      ].join("\n"),
    );
  });

  it("inventory: a device that stopped reporting, and one that never reported", () => {
    const device = { model: "MX-C100", softwareVersion: "24.2.4", status: "assigned" as const, nodeName: "nw-cpe-lyon", mspName: "Northwind", reachable: false };
    const output = {
      query: null,
      status: null,
      silent: true,
      total: 3,
      devices: [
        { ...device, serialNumber: "MX-1", lastSeenAt: "2026-11-27T10:00:00.000Z" },
        { ...device, serialNumber: "MX-2", status: "unassigned" as const, nodeName: null, lastSeenAt: null },
      ],
      links: [],
    };
    const text = summary("inventory", output);
    expect(text).toContain("3 devices stopped reporting:");
    expect(text).toContain("- **MX-1** (MX-C100, 24.2.4): assigned to nw-cpe-lyon, not reachable since 27 Nov 2026, 10:00 UTC");
    expect(text).toContain("- **MX-2** (MX-C100, 24.2.4): claimed, not assigned to a node, not reachable: it has never reported");
    expect(text).not.toContain("since never");
    expect(summary("inventory", output, "fr")).toContain("- **MX-2** (MX-C100, 24.2.4) : rattaché, sans nœud affecté, injoignable : il n’a jamais remonté de données");
  });

  it("failed, refused and unreadable results", () => {
    expect(summarizeToolResult("recentEvents", { type: "error-text", value: "timeout" }, "en")).toBe("I could not get the recent events: timeout");
    // The AI SDK hands the model error.toString(): the "Error: " is not for the reader.
    expect(summarizeToolResult("recentEvents", { type: "error-text", value: "Error: timeout" }, "en")).toBe("I could not get the recent events: timeout");
    expect(summarizeToolResult("recentEvents", { type: "error-json", value: { message: "boom" } }, "fr")).toBe(
      "Je n’ai pas pu obtenir les événements récents : boom",
    );
    expect(summarizeToolResult("recentEvents", { type: "error-json", value: { code: 1 } }, "en")).toBe(
      "I could not get the recent events: something went wrong while reading the data. Please try again.",
    );
    expect(summarizeToolResult("listOpenAlarms", { type: "execution-denied" }, "en")).toBe("I did not run the open alarms.");
    expect(summarizeToolResult("listOpenAlarms", { type: "execution-denied", reason: "not allowed" }, "fr")).toBe(
      "Je n’ai pas exécuté les alarmes ouvertes : not allowed",
    );
    expect(summarizeToolResult("listSites", json({ sites: "nope" }), "en")).toBe("I could not read the site list.");
    expect(summarizeToolResult("listSites", { type: "text", value: "plain" }, "en")).toBe("I could not read the site list.");
    expect(summarizeToolResult("somethingElse", json({}), "en")).toBe("I could not read somethingElse.");
  });
});
