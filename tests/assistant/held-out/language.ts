// The question's own language against the interface's, questions outside what the assistant does, and first steps.
import { SLA_THRESHOLDS } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import { absent, link, number, text, type EvalCase } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, devices, NORTHWIND_ADMIN, orgPaths, pathNamed } from "../../../scripts/assistant-eval/world";
import {
  alarmsOf,
  BLUEWAVE,
  BLUEWAVE_ADMIN,
  CONTOSO,
  diagnosisFacts,
  heldOut,
  type Lang,
  METRIC,
  mspNodes,
  NONE,
  NORTHWIND,
  OUT_OF_SCOPE,
  say,
  SLA,
  sitesOf,
  worstPath,
  reachabilityFacts,
} from "./facts";

const outOfScope = (lang: Lang) => say("that it is outside what the assistant does", OUT_OF_SCOPE, lang);

export function languageCases(): EvalCase[] {
  return [
    // A question in French with the English interface (and the reverse): the answer in the question's language. Only
    // whole numbers are checked here, since decimals are read the interface's way.
    heldOut({
      id: "lang-alerte-in-en-ui-fr",
      category: "language",
      locale: "en",
      user: CONTOSO_ADMIN,
      question: "quels chemins sont en alerte en ce moment ?",
      facts: async (world, lang) => {
        const warning = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((path) => path.slaHealth === "warning");
        if (warning.length === 0) return [say("that none is, in French", NONE, lang)];
        return [text("the French word for warning", ...SLA[lang].warning), ...warning.map((path) => text(`the path ${path.name}`, path.name))];
      },
    }),
    heldOut({
      id: "lang-gigue-in-en-ui-fr",
      category: "language",
      locale: "en",
      user: CONTOSO_ADMIN,
      question: "quelle est la gigue sur Frankfurt ⇄ AWS ?",
      facts: async (_world, lang) => [text("the path", "Frankfurt ⇄ AWS"), text("the French word for jitter", ...METRIC[lang].jitterMs)],
    }),
    heldOut({
      id: "lang-alarmes-in-en-ui-fr",
      category: "language",
      locale: "en",
      user: CONTOSO_ADMIN,
      question: "combien d'alarmes ouvertes chez nous ?",
      facts: async (world) => [number("how many are open", (await alarmsOf(world, CONTOSO_ADMIN)).length, 0), text("the French word", "alarme")],
    }),
    heldOut({
      id: "lang-loss-in-fr-ui-en",
      category: "language",
      locale: "fr",
      user: CONTOSO_ADMIN,
      question: "what's the loss on Paris ⇄ Azure right now?",
      facts: async (_world, lang) => [text("the path", "Paris ⇄ Azure"), text("the English word for loss", ...METRIC[lang].lossPercent)],
    }),
    heldOut({
      id: "lang-sites-in-fr-ui-en",
      category: "language",
      locale: "fr",
      user: CONTOSO_ADMIN,
      question: "how many sites do we have?",
      facts: async (world) => [number("how many sites", (await sitesOf(world, CONTOSO_ADMIN, CONTOSO)).length, 0), text("English wording", "you have", "there are", "in total", "total of", "active")],
    }),
    heldOut({
      id: "lang-joignable-in-en-ui-fr",
      category: "language",
      locale: "en",
      user: NORTHWIND_ADMIN,
      question: "l'équipement de nw-edge-fra-01 est-il joignable ?",
      facts: async (world, lang) => reachabilityFacts(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-fra-01", lang),
    }),
    heldOut({
      id: "lang-assigned-in-fr-ui-en",
      category: "language",
      locale: "fr",
      user: NORTHWIND_ADMIN,
      question: "is MX-E200-0150 assigned to a node?",
      facts: async (world) => {
        const device = (await devices(world, NORTHWIND_ADMIN)).find((candidate) => candidate.serialNumber === "MX-E200-0150");
        if (!device) throw new Error("no device MX-E200-0150");
        const words = device.status === "assigned" ? ["is assigned", "assigned to"] : ["not assigned", "unassigned", "spare", "isn't assigned", "no node"];
        return [text("the serial", device.serialNumber), text(`its status in English (${device.status})`, ...words)];
      },
    }),
    heldOut({
      id: "lang-inviter-in-en-ui-fr",
      category: "language",
      locale: "en",
      user: CONTOSO_ADMIN,
      question: "comment inviter un collègue en configuration uniquement ?",
      facts: async (_world, lang) => [text("the role's French name", translatorFor(lang)("people.roles.configure" as never)), link("the users page", "user")],
    }),
    heldOut({
      id: "lang-thresholds-in-fr-ui-en",
      category: "language",
      locale: "fr",
      user: CONTOSO_ADMIN,
      question: "what are the jitter thresholds?",
      facts: async (_world, lang) => [
        text("the English word for jitter", ...METRIC[lang].jitterMs),
        number("the warning threshold", SLA_THRESHOLDS.jitterMs.warning, 0),
        number("the bad threshold", SLA_THRESHOLDS.jitterMs.bad, 0),
        text("the English word for warning", "warning"),
      ],
    }),
    heldOut({
      id: "lang-pourquoi-in-en-ui-fr",
      category: "language",
      locale: "en",
      user: CONTOSO_ADMIN,
      question: async (world) => `pourquoi ${(await worstPath(world, CONTOSO_ADMIN, CONTOSO)).name} est-il dégradé ?`,
      facts: async (world, lang) => diagnosisFacts(world, CONTOSO_ADMIN, await worstPath(world, CONTOSO_ADMIN, CONTOSO), lang, { values: false }),
    }),
    heldOut({
      id: "lang-quiet-in-fr-ui-en",
      category: "language",
      locale: "fr",
      user: NORTHWIND_ADMIN,
      question: "which devices have gone quiet?",
      facts: async (world) => {
        const silent = (await alarmsOf(world, NORTHWIND_ADMIN)).filter((alarm) => alarm.type === "device-unreachable");
        if (silent.length === 0) return [text("that all report, in English", "all devices", "every device", "no device")];
        return [text("the English word", "device"), ...silent.map((alarm) => text(`the silent device ${alarm.source}`, alarm.source))];
      },
    }),
    heldOut({
      id: "lang-english-from-fr-user-en",
      category: "language",
      locale: "fr",
      user: BLUEWAVE_ADMIN,
      question: "show me my edge nodes",
      facts: async (world) => [
        ...(await mspNodes(world, BLUEWAVE_ADMIN, BLUEWAVE)).filter((node) => node.kind === "edge").map((node) => text(`the edge node ${node.name}`, node.name)),
        text("the English word", "node"),
      ],
    }),

    heldOut({
      id: "oos-weather-en",
      category: "out-of-scope",
      user: CONTOSO_ADMIN,
      question: "what's the weather like in Frankfurt tomorrow?",
      facts: async (_world, lang) => [outOfScope(lang), absent("a site list", "Paris HQ"), absent("a site list", "AWS eu-central-1")],
    }),
    heldOut({
      id: "oos-joke-en",
      category: "out-of-scope",
      user: CONTOSO_ADMIN,
      question: "tell me a joke",
      facts: async (_world, lang) => [outOfScope(lang)],
    }),
    heldOut({
      id: "oos-coupe-du-monde-fr",
      category: "out-of-scope",
      user: CONTOSO_ADMIN,
      question: "qui a gagné la coupe du monde 2018 ?",
      facts: async (_world, lang) => [outOfScope(lang)],
    }),
    heldOut({
      id: "oos-capital-en",
      sloppy: true,
      category: "out-of-scope",
      user: NORTHWIND_ADMIN,
      question: "whats the capital of australia",
      facts: async (_world, lang) => [outOfScope(lang)],
    }),
    heldOut({
      id: "oos-poeme-fr",
      category: "out-of-scope",
      user: NORTHWIND_ADMIN,
      question: "écris-moi un poème sur les routeurs",
      facts: async (_world, lang) => [outOfScope(lang)],
    }),
    heldOut({
      id: "oos-currency-en",
      sloppy: true,
      category: "out-of-scope",
      user: CONTOSO_ADMIN,
      question: "convert 100 usd to eur",
      facts: async (_world, lang) => [outOfScope(lang)],
    }),
    heldOut({
      id: "oos-meteo-paris-fr",
      category: "out-of-scope",
      user: CONTOSO_ADMIN,
      question: "quel temps fait-il à Paris ?",
      facts: async (_world, lang) => [outOfScope(lang), absent("a site search", "Paris HQ")],
    }),
    heldOut({
      id: "oos-recipe-en",
      category: "out-of-scope",
      user: CONTOSO_ADMIN,
      question: "got a good lasagna recipe?",
      facts: async (_world, lang) => [outOfScope(lang)],
    }),

    heldOut({
      id: "onb-new-here-en",
      sloppy: true,
      category: "onboarding",
      user: CONTOSO_ADMIN,
      question: "im new here, where do i start?",
      facts: async () => [text("the dashboard", "dashboard"), text("sites", "site"), text("paths", "path")],
    }),
    heldOut({
      id: "onb-connecteur-fr",
      category: "onboarding",
      user: CONTOSO_ADMIN,
      question: "c'est quoi un connecteur ?",
      facts: async () => [text("that it belongs to a site", "site"), text("a kind", "IPsec"), text("another kind", "fibre", "physique", "internet", "virtuel", "externe")],
    }),
    heldOut({
      id: "onb-loss-bad-en",
      category: "onboarding",
      user: CONTOSO_ADMIN,
      question: "at what loss % does a path go bad?",
      facts: async (_world, lang) => [number("the loss bad threshold", SLA_THRESHOLDS.lossPercent.bad, 0), text("the metric", ...METRIC[lang].lossPercent)],
    }),
    heldOut({
      id: "onb-edge-vs-cpe-en",
      sloppy: true,
      category: "onboarding",
      user: NORTHWIND_ADMIN,
      question: "edge node vs cpe node, whats the diff?",
      facts: async () => [
        text("a CPE sits at the customer", "premises", "customer site", "at the customer", "customer's site", "branch", "IPsec", "internet"),
        text("an edge node sits at the provider", "core", "fabric", "data cent", "PoP", "provider", "switch"),
      ],
    }),
    heldOut({
      id: "onb-topologie-fr",
      category: "onboarding",
      user: NORTHWIND_ADMIN,
      question: "à quoi sert la page topologie ?",
      facts: async () => [text("the links", "lien"), link("the topology page", "msp/topology")],
    }),
    heldOut({
      id: "onb-vlan-all-fr",
      category: "onboarding",
      user: CONTOSO_ADMIN,
      question: "VLAN « All » ou « Specific », c'est quoi la différence ?",
      facts: async () => [text("VLAN", "VLAN"), text("All: both ends must match", "deux extrémités", "deux côtés", "chaque extrémité", "deux connecteurs", "tous les VLAN", "correspondre", "identique")],
    }),
    heldOut({
      id: "onb-path-unknown-state-fr",
      category: "onboarding",
      user: CONTOSO_ADMIN,
      question: async (world) => `ça veut dire quoi « inconnu » pour ${(await pathNamed(world, CONTOSO_ADMIN, CONTOSO, "Lyon ⇄ Paris")).name} ?`,
      facts: async () => [text("insufficient data", "données insuffisantes", "pas assez", "aucune mesure", "aucun échantillon", "échantillons", "inactif")],
    }),
  ];
}
