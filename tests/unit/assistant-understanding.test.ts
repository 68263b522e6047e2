import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { properNames, readIntent } from "@/server/assistant/intent";
import { pickByName } from "@/server/assistant/resolve";
import { INTENT_CATALOGUE } from "@/server/assistant/understanding/intents";
import { timeInstant, timeRange } from "@/server/assistant/understanding/time";

// The understanding layer (issue 16, scope 1): the intent catalogue over English and French questions, the names a
// question gives, entity resolution among what the caller sees, and time expressions.

const NOW = Date.parse("2026-11-26T15:00:00Z");
const PATH_ID = "0b7d4e3f-2c10-4d2e-9a61-6f1c2a7e8c3b";
const read = (text: string, locale: "en" | "fr" = "en", focus = {}) => readIntent(text, focus, ASSISTANT_TOOL_NAMES, { locale, now: NOW });

describe("the intent catalogue", () => {
  it.each([
    // Paths by SLA, and one path by name, partial name, ends, id or the page.
    ["Which paths are not healthy, and why?", "en", "unhealthy-paths", "listPaths", { health: "unhealthy" }],
    ["Quels chemins ne sont pas en bonne santé, et pourquoi ?", "fr", "unhealthy-paths", "listPaths", { health: "unhealthy" }],
    // The glossary's words, as the assistant writes them ("quels chemins ne sont pas sains ?" is its own suggestion).
    ["quels chemins ne sont pas sains ?", "fr", "unhealthy-paths", "listPaths", { health: "unhealthy" }],
    ["quels chemins sont sains ?", "fr", "paths-in-state", "listPaths", { health: "healthy" }],
    ["are any of my paths breaching their SLA?", "en", "unhealthy-paths", "listPaths", { health: "unhealthy" }],
    ["How is the Paris to Frankfurt path doing?", "en", "path-sla", "explainPathSla", { path: "Paris ⇄ Frankfurt" }],
    ["Comment va le chemin de Paris vers Frankfurt ?", "fr", "path-sla", "explainPathSla", { path: "Paris ⇄ Frankfurt" }],
    ["status of azure path?", "en", "path-sla", "explainPathSla", { path: "azure" }],
    [`What is the state of path ${PATH_ID}?`, "en", "path-sla", "explainPathSla", { path: PATH_ID }],
    ["Why is Paris ⇄ Azure degraded?", "en", "path-sla", "explainPathSla", { path: "Paris ⇄ Azure" }],
    // A name that is a noun and a number: the number is the name's, not a figure.
    ["Why is Path 00000 bad?", "en", "path-sla", "explainPathSla", { path: "Path 00000" }],
    ["Pourquoi le chemin 12 est-il dégradé ?", "fr", "path-sla", "explainPathSla", { path: "chemin 12" }],
    // Figures over a range.
    ["What was the average latency of Paris ⇄ Azure over the last hour?", "en", "path-statistics", "pathStatistics", { path: "Paris ⇄ Azure", metric: "latencyMs", from: "2026-11-26T14:00:00.000Z", to: "2026-11-26T15:00:00.000Z" }],
    ["Perte moyenne sur Paris ⇄ Frankfurt ces 7 derniers jours ?", "fr", "path-statistics", "pathStatistics", { path: "Paris ⇄ Frankfurt", metric: "lossPercent", from: "2026-11-19T15:00:00.000Z", to: "2026-11-26T15:00:00.000Z" }],
    // Devices, nodes, ports, lifecycle, inventory.
    ["Which ports are down on nw-edge-par-01?", "en", "device-or-node", "nodeStatus", { node: "nw-edge-par-01" }],
    ["Quelle version tourne sur MX-E400-0101 ?", "fr", "device-or-node", "nodeStatus", { node: "MX-E400-0101" }],
    ["When is the install on MX-E400-0101 scheduled?", "en", "device-lifecycle", "lifecycleOperations", { device: "MX-E400-0101" }],
    ["Is MX-E200-0150 claimed?", "en", "device-claim", "inventory", { serial: "MX-E200-0150" }],
    // Any vendor's serial written in capitals; versions, prefixes and times are not serials.
    // "now" is no time to schedule at: the operation starts at once.
    ["restart FDO2231X0AB now", "en", "action-reboot", "scheduleOperation", { device: "FDO2231X0AB", operation: "reboot" }],
    ["restart E2E-MWXZTKWWC6-R on Sunday at 03:30", "en", "action-reboot", "scheduleOperation", { device: "E2E-MWXZTKWWC6-R", operation: "reboot", at: "2026-11-29T03:30:00.000Z" }],
    ["install 25.1.2 on JN11F2A3BAFA at 2026-12-01T02:00:00Z", "en", "action-install", "scheduleOperation", { device: "JN11F2A3BAFA", operation: "install-version", version: "25.1.2", at: "2026-12-01T02:00:00.000Z" }],
    ["Which devices have stopped reporting?", "en", "silent-devices", "inventory", { silent: true }],
    ["Quels équipements ne remontent plus de données ?", "fr", "silent-devices", "inventory", { silent: true }],
    ["Did any software install or reboot fail recently?", "en", "lifecycle-operations", "lifecycleOperations", { tab: "finished", status: "failed" }],
    ["Quelles opérations de cycle de vie sont planifiées ?", "fr", "lifecycle-operations", "lifecycleOperations", { tab: "scheduled" }],
    ["Which devices in my inventory are not assigned to a node?", "en", "inventory", "inventory", { status: "unassigned" }],
    // Alarms, traffic, connectors, sites, changes.
    ["Show the open alarms", "en", "alarms", "listOpenAlarms", {}],
    ["Quelles sont les alarmes critiques ?", "fr", "alarms", "listOpenAlarms", { severity: "critical" }],
    ["Show me Fabrikam's alarms", "en", "alarms", "listOpenAlarms", { about: "Fabrikam" }],
    ["Who are the top talkers at Paris HQ?", "en", "top-talkers", "siteTraffic", { site: "Paris HQ", talkers: true }],
    ["What is the utilisation of connector Paris fiber A?", "en", "connector-utilisation", "connectorUsage", { connector: "Paris fiber" }],
    ["Is there room for another 500 Mbps path on connector Paris fiber A?", "en", "headroom-check", "connectorUsage", { connector: "Paris fiber", bandwidthMbps: 500 }],
    ["Puis-je ajouter un chemin de 1 Gbps sur Paris DIA ?", "fr", "headroom-check", "connectorUsage", { connector: "Paris DIA", bandwidthMbps: 1000 }],
    ["Which sites have no paths?", "en", "sites-without-paths", "listSites", { withoutPaths: true }],
    ["Tell me about the site frankf", "en", "site-detail", "siteDetail", { site: "frankf" }],
    ["What changed recently on Paris ⇄ Frankfurt?", "en", "changes", "recentEvents", { about: "Paris ⇄ Frankfurt" }],
    ["List the other customers of my MSP", "en", "organizations", "listOrganizations", {}],
    // Rules and how-to, from the modules the validation uses.
    ["What VLAN range can I use?", "en", "rule-or-definition", "explainRules", { topic: "vlan" }],
    ["Quelles valeurs de MTU sont autorisées ?", "fr", "rule-or-definition", "explainRules", { topic: "mtu" }],
    ["How long is a claim code?", "en", "rule-or-definition", "explainRules", { topic: "claimCode" }],
    ["le format du code de rattachement ?", "fr", "rule-or-definition", "explainRules", { topic: "claimCode" }],
    ["What does an unknown SLA mean?", "en", "rule-or-definition", "explainRules", { topic: "unknownSla" }],
    ["Should I use a layer 2 or a layer 3 path?", "en", "rule-or-definition", "explainRules", { topic: "layers" }],
    ["How do I invite a read-only colleague?", "en", "how-to", "guideTask", { task: "invite" }],
    ["Comment réclamer un équipement ?", "fr", "how-to", "guideTask", { task: "claim" }],
    ["Comment rattacher un équipement ?", "fr", "how-to", "guideTask", { task: "claim" }],
    // How-to questions as people type them: where a thing goes, how things get somewhere, step by step.
    ["je viens de recevoir un boitier, je le claim ou ?", "fr", "how-to", "guideTask", { task: "claim" }],
    ["comment les équipements arrivent dans le stock ?", "fr", "how-to", "guideTask", { task: "claim" }],
    ["how do devices get into stock?", "en", "how-to", "guideTask", { task: "claim" }],
    ["how do we bring on our first customer? step by step pls", "en", "how-to", "guideTask", { task: "customer" }],
    ["comment mon nouveau client reçoit ses accès à la console ?", "fr", "how-to", "guideTask", { task: "customer" }],
    ["comment rattacher un boîtier à un nœud ?", "fr", "how-to", "guideTask", { task: "assignDevice" }],
    ["comment configurer une fabric de cœur ?", "fr", "how-to", "guideTask", { task: "coreFabric" }],
    ["comment ajouter un nœud de périphérie ?", "fr", "how-to", "guideTask", { task: "edgeNode" }],
    ["How do I schedule a software install?", "en", "how-to", "guideTask", { task: "schedule" }],
    ["How do I create an Azure site?", "en", "how-to", "guideSiteCreation", { type: "azure" }],
  ])("%s (%s) → %s", (text, locale, intent, toolName, input) => {
    const understood = read(text, locale as "en" | "fr");
    expect(understood.intent).toBe(intent);
    expect(understood).toMatchObject({ kind: "tool", toolName });
    expect((understood as { input: Record<string, unknown> }).input).toEqual(input);
  });

  it("reads the path from the page the question is asked on", () => {
    expect(read("Why is this path in this state?", "en", { pathId: PATH_ID })).toMatchObject({ toolName: "explainPathSla", input: { path: PATH_ID } });
    expect(read("Pourquoi ce chemin est-il dans cet état ?", "fr", { pathId: PATH_ID })).toMatchObject({ toolName: "explainPathSla", input: { path: PATH_ID } });
  });

  it("asks which path when a question about a path names none and no page shows one", () => {
    expect(read("why is this path bad?")).toMatchObject({ kind: "ask-path" });
  });

  it("answers with what it can do when nothing in the catalogue applies", () => {
    expect(read("hello")).toMatchObject({ kind: "help" });
  });

  it("falls to the next intent whose tool is offered", () => {
    const understood = readIntent("Which paths are not healthy?", {}, ["explainPathSla"], { now: NOW });
    expect(understood.kind).not.toBe("tool");
  });

  it("names every rule once", () => {
    const names = INTENT_CATALOGUE.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("names in a question", () => {
  it("finds proper names that are not the question's words", () => {
    expect(properNames("Show me Fabrikam's alarms")).toEqual(["Fabrikam"]);
    expect(properNames("Show the open alarms")).toEqual([]);
  });
});

describe("entity resolution", () => {
  const sites = [
    { id: "s1", name: "Paris HQ" },
    { id: "s2", name: "Frankfurt DC" },
    { id: "s3", name: "Paris Annex" },
  ];

  it("finds by id, exact name, part of a name, and every word", () => {
    expect(pickByName("s2", sites)).toEqual({ status: "found", item: sites[1] });
    expect(pickByName("paris hq", sites)).toEqual({ status: "found", item: sites[0] });
    expect(pickByName("frankf", sites)).toEqual({ status: "found", item: sites[1] });
    expect(pickByName("Pâris annex", sites)).toEqual({ status: "found", item: sites[2] });
  });

  it("gives the candidates when several match, and not-visible when none does", () => {
    expect(pickByName("Paris", sites)).toEqual({ status: "ambiguous", candidates: [sites[0], sites[2]] });
    expect(pickByName("Seattle", sites)).toEqual({ status: "not-visible" });
    expect(pickByName("  ", sites)).toEqual({ status: "not-visible" });
  });

  it("matches aliases such as a node's device serial", () => {
    const nodes = [{ id: "n1", name: "nw-edge-par-01", serial: "MX-E400-0101" }];
    expect(pickByName("mx-e400-0101", nodes, (node) => [node.serial])).toEqual({ status: "found", item: nodes[0] });
  });
});

describe("time expressions", () => {
  it.each([
    ["over the last hour", 1, false],
    ["in the past 3 days", 72, false],
    ["sur la dernière heure", 1, false],
    ["ces 7 derniers jours", 168, false],
    ["sur les dernières 24 heures", 24, false],
    ["this week against last week", 168, true],
    ["cette semaine par rapport à la semaine dernière", 168, true],
  ])("%s → %i hours (compared: %s)", (text, hours, compared) => {
    const range = timeRange(text, NOW)!;
    expect(range.hours).toBe(hours);
    expect(range.to).toBe(new Date(NOW).toISOString());
    expect(range.from).toBe(new Date(NOW - hours * 3600_000).toISOString());
    expect(range.compare !== null).toBe(compared);
    if (compared) expect(range.compare).toEqual({ from: new Date(NOW - 2 * hours * 3600_000).toISOString(), to: range.from });
  });

  it("finds no range where none is said", () => {
    expect(timeRange("why is Paris ⇄ Azure bad?", NOW)).toBeNull();
  });

  it.each([
    ["restart it on Sunday at 03:30", "en", "2026-11-29T03:30:00.000Z"],
    ["tonight at 02:00", "en", "2026-11-27T02:00:00.000Z"],
    ["tomorrow at 2pm", "en", "2026-11-27T14:00:00.000Z"],
    ["demain à 14 h", "fr", "2026-11-27T14:00:00.000Z"],
    ["redémarre-le dimanche à 3 h 30", "fr", "2026-11-29T03:30:00.000Z"],
  ])("%s (%s) → %s", (text, locale, expected) => {
    expect(timeInstant(text, locale as "en" | "fr", NOW)?.toISOString()).toBe(expected);
  });

  it("finds no instant where none is said", () => {
    expect(timeInstant("restart MX-E400-0101", "en", NOW)).toBeNull();
  });
});

describe("a request completed in the next message", () => {
  it("reads the missing prefix with the refused request, and a new question on its own", async () => {
    const { decide } = await import("@/server/assistant/decide");
    const refused = [
      { role: "user" as const, content: [{ type: "text" as const, text: "set up a layer 3 path between Frankfurt DC and Paris HQ, 50 Mbps" }] },
      { role: "assistant" as const, content: [{ type: "tool-call" as const, toolCallId: "c1", toolName: "createPath", input: {} }] },
      { role: "tool" as const, content: [{ type: "tool-result" as const, toolCallId: "c1", toolName: "createPath", output: { type: "execution-denied" as const, reason: "I need the prefix" } }] },
    ];
    const next = (text: string) => decide([...refused, { role: "user", content: [{ type: "text", text }] }], "en", ASSISTANT_TOOL_NAMES);
    expect(next("prefix 10.77.0.0/24")).toEqual({
      type: "tool-call",
      toolName: "createPath",
      input: { source: "Frankfurt DC", destination: "Paris HQ", layer: "layer3", bandwidthMbps: 50, prefix: "10.77.0.0/24" },
    });
    expect(next("Show the open alarms")).toEqual({ type: "tool-call", toolName: "listOpenAlarms", input: {} });
  });
});
