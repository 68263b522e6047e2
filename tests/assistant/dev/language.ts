// The answer's language follows the question's when it differs from the interface's (facts in the question's words),
// and questions outside what the assistant does are said to be so.
import { absent, number, text, type EvalCase } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, NORTHWIND_ADMIN, orgPaths, orgSites, type ApiSite } from "../../../scripts/assistant-eval/world";
import { CONTOSO, currentOf, dv, INITECH, INITECH_ADMIN, NORTHWIND, path, slack, WORDS } from "./support";

export function languageCases(): EvalCase[] {
  return [
    // --- language: a French question in the English interface, and the reverse ---
    dv("lang-fr-in-en-paths", "language", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "Quels sont nos chemins ?",
      facts: async (world) => [text("French words", "chemin"), ...(await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).map((found) => text(`the path ${found.name}`, found.name))],
    }),
    dv("lang-fr-in-en-inactive", "language", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quels sites sont inactifs ?",
      facts: async (world) => {
        const sites = (await orgSites(world, CONTOSO_ADMIN, CONTOSO)) as (ApiSite & { active: boolean })[];
        return [text("French words", "inactif"), ...sites.filter((site) => !site.active).map((site) => text(`the inactive site ${site.name}`, site.name))];
      },
    }),
    dv("lang-fr-in-en-gigue", "language", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "quelle est la gigue sur Madrid ⇄ Milan ?",
      facts: async (world) => {
        const current = await currentOf(world, INITECH_ADMIN, await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan"));
        return [text("French words", "gigue"), number("the current jitter", current.jitterMs ?? -1, slack(current.jitterMs ?? 0, 0.1))];
      },
    }),
    dv("lang-fr-in-en-azure", "language", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "comment créer un site Azure ?",
      facts: async () => [text("French words", "abonnement"), text("a region", "région")],
    }),
    dv("lang-en-in-fr-connectors", "language", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "list my sites with their connectors",
      facts: async (world) => [text("English words", "connector"), ...(await orgSites(world, CONTOSO_ADMIN, CONTOSO)).map((site) => text(`the site ${site.name}`, site.name))],
    }),
    dv("lang-en-in-fr-latency", "language", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what's the latency of paris ⇄ azure?",
      facts: async (world) => {
        const current = await currentOf(world, CONTOSO_ADMIN, await path(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure"));
        return [text("English words", "latency"), number("the current latency", current.latencyMs ?? -1, slack(current.latencyMs ?? 0))];
      },
    }),
    dv("lang-en-in-fr-alarms", "language", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "show me the open alarms",
      facts: async () => [text("English words", "open", "acknowledged"), absent("French words", "alarmes")],
    }),
    dv("lang-en-in-fr-claim", "language", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how do I claim a device?",
      facts: async () => [text("English words", "serial number")],
    }),

    // --- out of scope ---
    dv("oos-weather", "out-of-scope", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "whats the wheather like in frankfurt tomorow?",
      facts: async () => [text("that it is outside what it does", ...WORDS.outside.en)],
    }),
    dv("oos-joke", "out-of-scope", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "tell me a joke",
      facts: async () => [text("that it is outside what it does", ...WORDS.outside.en)],
    }),
    dv("oos-match-fr", "out-of-scope", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "qui a gagné le match hier soir ?",
      facts: async () => [text("that it is outside what it does", ...WORDS.outside.fr)],
    }),
    dv("oos-python", "out-of-scope", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "write me a python script that parses syslog",
      facts: async () => [text("that it is outside what it does", ...WORDS.outside.en)],
    }),
    dv("oos-meteo-fr", "out-of-scope", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quelle météo à Lyon ce week-end ?",
      facts: async () => [text("that it is outside what it does", ...WORDS.outside.fr)],
    }),
  ];
}
