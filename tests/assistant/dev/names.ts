// Names and aliases (partial names, a path by its ends, French city names, names with digits, unknown and ambiguous
// names, leftover words that are not names) and typos and synonyms, as people type them into the console's chat.
import { connectorLoad } from "@/lib/paths/headroom";
import { absent, number, text, type EvalCase } from "../../../scripts/assistant-eval/harness";
import { slaFacts } from "../../../scripts/assistant-eval/cases";
import {
  CANNOT_SEE,
  connectorNamed,
  CONTOSO_ADMIN,
  METRIC_WORDS,
  nodeNamed,
  NORTHWIND_ADMIN,
  openAlarms,
  orgPaths,
  orgSites,
  SLA_WORDS,
  type ApiSite,
} from "../../../scripts/assistant-eval/world";
import { BLUEWAVE_ADMIN, candidates, CONTOSO, currentOf, dv, INITECH, INITECH_ADMIN, NORTHWIND, path, slack, WORDS } from "./support";

const ofContoso = async (world: Parameters<typeof orgPaths>[0], name: string) => path(world, CONTOSO_ADMIN, CONTOSO, name);

export function nameCases(): EvalCase[] {
  return [
    // --- names ---
    dv("names-count-inactive", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how many sites have we got, and which ones are inactive?",
      facts: async (world) => {
        const sites = (await orgSites(world, CONTOSO_ADMIN, CONTOSO)) as (ApiSite & { active: boolean })[];
        return [number("how many sites", sites.length, 0), ...sites.filter((site) => !site.active).map((site) => text(`the inactive site ${site.name}`, site.name))];
      },
    }),
    dv("names-avons-nous-paths", "names", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "combien de chemins avons-nous ?",
      facts: async (world) => [number("how many paths", (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).length, 0)],
    }),
    dv("names-ends-to", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how's frankfurt to aws looking?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await ofContoso(world, "Frankfurt ⇄ AWS"), "en"),
    }),
    dv("names-francfort", "names", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "etat du chemin paris francfort",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await ofContoso(world, "Paris ⇄ Frankfurt"), "fr"),
    }),
    dv("names-milano", "names", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "how is madrid to milano doing today",
      facts: async (world) => slaFacts(world, INITECH_ADMIN, await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan"), "en"),
    }),
    dv("names-node-digits", "names", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "give me the status of edge-fra-01",
      facts: async (world) => {
        const node = await nodeNamed(world, "nw-edge-fra-01");
        return [text("the node", node.name), text("its device", node.deviceSerialNumber ?? "")];
      },
    }),
    dv("names-unknown-path", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      unseen: true,
      question: "what's the jitter on Berlin ⇄ Vienna?",
      facts: async () => [text("that there is no such path", ...WORDS.notFound.en)],
    }),
    dv("names-whole-quoted", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      unseen: true,
      question: "Is path 'Bogus-Circuit-9' up?",
      facts: async () => [text("that there is no such path", ...WORDS.notFound.en), text("the whole name asked about", "Bogus-Circuit-9")],
    }),
    dv("names-ambiguous-frankfurt", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "show me the frankfurt path",
      facts: async (world) => {
        const found = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((candidate) => candidate.name.includes("Frankfurt"));
        return candidates(found.map((candidate) => candidate.name), "en");
      },
    }),
    dv("names-ambiguous-fr", "names", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "comment va le chemin de Madrid ?",
      facts: async (world) => {
        const found = (await orgPaths(world, INITECH_ADMIN, INITECH)).filter((candidate) => candidate.name.includes("Madrid"));
        return candidates(found.map((candidate) => candidate.name), "fr");
      },
    }),
    dv("names-leftover-please", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "hey, could you pls check on lyon branch for me",
      facts: async () => [text("the site", "Lyon Branch"), text("that it is inactive", ...WORDS.inactive.en)],
    }),
    dv("names-connector-fr", "names", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "parle-moi du cross-connect de Francfort",
      facts: async (world) => {
        const connector = await connectorNamed(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt cross-connect");
        return [text("the connector", connector.name), number("its bandwidth", connector.bandwidth, 0)];
      },
    }),
    dv("names-customer-lowercase", "names", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how many sites does fabrikam have?",
      facts: async (world) => [number("Fabrikam's sites", (await orgSites(world, NORTHWIND_ADMIN, "Fabrikam")).length, 0), text("the customer", "Fabrikam")],
    }),
    dv("names-customer-paths-fr", "names", "fr", {
      user: BLUEWAVE_ADMIN,
      organization: "Bluewave Telecom",
      question: "quels sont les chemins d'initec ?",
      facts: async (world) => (await orgPaths(world, BLUEWAVE_ADMIN, INITECH)).map((candidate) => text(`the path ${candidate.name}`, candidate.name)),
    }),

    // --- typos and synonyms ---
    dv("typo-latncy", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "whats the latncy on frankfrut to aws",
      facts: async (world) => {
        const found = await ofContoso(world, "Frankfurt ⇄ AWS");
        const current = await currentOf(world, CONTOSO_ADMIN, found);
        return [text("the path", found.name), number("the current latency", current.latencyMs ?? -1, slack(current.latencyMs ?? 0))];
      },
    }),
    dv("syn-circuit-ok", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "is teh paris-azure circuit ok?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await ofContoso(world, "Paris ⇄ Azure"), "en"),
    }),
    dv("syn-tunnel", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "is the lyon tunnel up?",
      facts: async () => [text("the IPsec tunnel or its path", "Lyon IPsec", "Lyon ⇄ Paris"), text("that its site is inactive or unmeasured", ...WORDS.inactive.en, ...SLA_WORDS.en.unknown)],
    }),
    dv("syn-flapping", "typos-synonyms", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "any flapping ports on nw-edge-par-01?",
      facts: async (world) => {
        const node = await nodeNamed(world, "nw-edge-par-01");
        const panel = await (await world.session(NORTHWIND_ADMIN)).get<{ ports: { portId: string; status: string | null }[] }>(`/telemetry/node/${node.id}/ports`);
        const down = panel.ports.filter((port) => port.status === "down");
        return [text("the node", node.name), ...(down.length > 0 ? down.map((port) => text(`the down port ${port.portId}`, port.portId)) : [text("that no port is down", "no port", "none")])];
      },
    }),
    dv("typo-open-alarms", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "shw me opne alarms",
      facts: async (world) => {
        const alarms = await openAlarms(world, CONTOSO_ADMIN, CONTOSO);
        return [number("how many are open", alarms.length, 0), ...alarms.slice(0, 3).map((alarm) => text(`the alarm on ${alarm.source}`, alarm.source))];
      },
    }),
    dv("typo-latense-fr", "typos-synonyms", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "quelle est la latense du chemin paris azur",
      facts: async (world) => {
        const found = await ofContoso(world, "Paris ⇄ Azure");
        const current = await currentOf(world, CONTOSO_ADMIN, found);
        return [text("the path", found.name), text("the metric", METRIC_WORDS.fr.latencyMs), number("the current latency", current.latencyMs ?? -1, slack(current.latencyMs ?? 0))];
      },
    }),
    dv("typo-jiter", "typos-synonyms", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "jiter on madrid milan?",
      facts: async (world) => {
        const found = await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan");
        const current = await currentOf(world, INITECH_ADMIN, found);
        return [text("the path", found.name), number("the current jitter", current.jitterMs ?? -1, slack(current.jitterMs ?? 0, 0.1))];
      },
    }),
    dv("syn-packet-drops", "typos-synonyms", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "are we seeing packet drops on madrid ⇄ oracle?",
      facts: async (world) => {
        const found = await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Oracle");
        const current = await currentOf(world, INITECH_ADMIN, found);
        return [text("the path", found.name), text("the metric", "loss"), number("the current loss", current.lossPercent ?? -1, slack(current.lossPercent ?? 0, 0.1, 0.05))];
      },
    }),
    dv("syn-office-location", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "where's our lyon office?",
      facts: async () => [text("the site", "Lyon Branch"), text("its place", "Lyon, France")],
    }),
    dv("syn-xconnect-saturated", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "is the frankfurt xconnect saturated?",
      facts: async (world) => {
        const connector = await connectorNamed(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt cross-connect");
        const load = connectorLoad(connector, await orgPaths(world, CONTOSO_ADMIN, CONTOSO));
        return [text("the connector", connector.name), text("a share of its bandwidth", "%"), number("what the paths leave free", load.free, 0)];
      },
    }),
    dv("syn-circuits-list", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "list all my circuits",
      facts: async (world) => (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).map((candidate) => text(`the path ${candidate.name}`, candidate.name)),
    }),
    dv("syn-lien-fr", "typos-synonyms", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "le lien paris-francfort est ok ?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await ofContoso(world, "Paris ⇄ Frankfurt"), "fr"),
    }),
    dv("syn-went-dark", "typos-synonyms", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "any boxes gone dark?",
      facts: async (world) => {
        const silent = (await openAlarms(world, NORTHWIND_ADMIN, NORTHWIND)).filter((alarm) => alarm.type === "device-unreachable");
        if (silent.length === 0) return [text("that all report", "every device is reporting", "all devices are reporting", "none")];
        return silent.map((alarm) => text(`the silent device ${alarm.source}`, alarm.source));
      },
    }),
    dv("typo-fr-alarmes", "typos-synonyms", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "y a t il des alarmmes critiques ouvertes",
      facts: async (world) => {
        const critical = (await openAlarms(world, NORTHWIND_ADMIN, NORTHWIND)).filter((alarm) => alarm.severity === "critical");
        if (critical.length === 0) return [text("that there is none", "aucune alarme critique", "aucune alarme critique n’est ouverte", "Aucune alarme critique")];
        return critical.map((alarm) => text(`the critical alarm on ${alarm.source}`, alarm.source));
      },
    }),
    dv("syn-degraded-down-fr", "typos-synonyms", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "des liaisons en panne ou lentes chez nous ?",
      facts: async (world) => {
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const bad = paths.filter((candidate) => candidate.slaHealth === "warning" || candidate.slaHealth === "bad");
        if (bad.length === 0) return [text("that every path is healthy", ...SLA_WORDS.fr.healthy)];
        return bad.map((candidate) => text(`the path not healthy ${candidate.name}`, candidate.name));
      },
    }),
    dv("invisible-fr-seattle", "names", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      unseen: true,
      question: "latence de seattle vers dublin ?",
      facts: async () => [text("that it cannot see it", ...CANNOT_SEE.fr), absent("another tenant's site", "Seattle Office")],
    }),
  ];
}
