// A fresh batch of development questions, written apart from the rules by someone who had not read them: phrased the
// way network engineers and MSP staff type into a console chat (terse, lowercase, typos, "rn", "xconnect", "pls",
// French with and without accents, questions that carry their context), across onboarding, how-to coverage of every
// screen and entity, follow-ups, plans, live figures, root cause, names and typos. Every fact is read from the API
// when the question is asked.
import { hasScopes, ROLE_SCOPES, type Role } from "@/lib/auth/scopes";
import { CLAIM_CODE_LENGTH, VLAN_MAX, type Locale } from "@/lib/constants";
import { connectorLoad } from "@/lib/paths/headroom";
import { approval, link, number, text, type EvalCase, type EvalWorld, type Fact } from "../../../scripts/assistant-eval/harness";
import { customerPathRoute, slaFacts } from "../../../scripts/assistant-eval/cases";
import {
  average,
  connectorNamed,
  CONTOSO_ADMIN,
  devices,
  FABRIKAM_ADMIN,
  METRIC_WORDS,
  nodeNamed,
  NORTHWIND_ADMIN,
  openAlarms,
  operations,
  OPERATOR,
  orgPaths,
  orgSites,
  siteConnectors,
  siteNamed,
  SLA_WORDS,
  type ApiAlarm,
  type ApiPath,
  type ApiSite,
} from "../../../scripts/assistant-eval/world";
import {
  BLUEWAVE_ADMIN,
  BLUEWAVE,
  candidates,
  CONTOSO,
  currentOf,
  dv,
  FABRIKAM,
  HOUR,
  INITECH,
  INITECH_ADMIN,
  NORTHWIND,
  NORTHWIND_CONFIGURE,
  path,
  pointsBetween,
  siteHealth,
  slack,
  WORDS,
} from "./support";
import { createSiteFacts } from "./actions";
import { uptimeWords } from "./plans";

const contoso = (world: EvalWorld, name: string) => path(world, CONTOSO_ADMIN, CONTOSO, name);
const initech = (world: EvalWorld, name: string) => path(world, INITECH_ADMIN, INITECH, name);

const SLA_RANK = { bad: 3, warning: 2, unknown: 1, healthy: 0 } as const;
const notHealthy = (paths: ApiPath[]) => paths.filter((found) => found.slaHealth === "warning" || found.slaHealth === "bad");

/** What a right answer says of every path in warning or bad (or that all are healthy). */
export async function troubleFacts(world: EvalWorld, email: string, organization: string, locale: Locale): Promise<Fact[]> {
  const troubled = notHealthy(await orgPaths(world, email, organization));
  if (troubled.length === 0) return [text("that every path is healthy", ...SLA_WORDS[locale].healthy)];
  return (await Promise.all(troubled.map((found) => slaFacts(world, email, found, locale)))).flat();
}

/** Mbps left on a connector for one more path. */
async function freeOn(world: EvalWorld, email: string, organization: string, connector: string) {
  return connectorLoad(await connectorNamed(world, email, organization, connector), await orgPaths(world, email, organization)).free;
}

async function nodeDevice(world: EvalWorld, name: string) {
  const node = await nodeNamed(world, name);
  const status = await (await world.session(NORTHWIND_ADMIN)).get<{ device: { uptimeSeconds: number | null; softwareVersion: string; serialNumber?: string } | null }>(
    `/telemetry/node/${node.id}/device`,
  );
  return { node, device: status.device };
}

/** A device that restarted moments ago is up for minutes. */
const minuteWords = (seconds: number) =>
  seconds < 3600 ? [...new Set([Math.floor(seconds / 60), Math.round(seconds / 60)])].flatMap((count) => [`${count} min`, `${count}min`]) : [];

export async function uptimeFacts(world: EvalWorld, name: string): Promise<Fact[]> {
  const { node, device } = await nodeDevice(world, name);
  const seconds = device?.uptimeSeconds;
  return [text("the node", node.name), seconds ? text("its uptime", ...minuteWords(seconds), ...uptimeWords(seconds)) : text("that no uptime is reported", "no uptime", "not reported", "unknown", "inconnu")];
}

/** A reboot proposal for a device with nothing pending, or the refusal naming what is pending. */
export async function rebootFacts(world: EvalWorld, serial: string, time: string): Promise<Fact[]> {
  const pending = (await operations(world, NORTHWIND_ADMIN, "scheduled")).find((operation) => operation.serialNumber === serial);
  if (pending) return [approval("no preview while another operation is pending", false), text("why it cannot be proposed", "already", "pending", "first", "cancel")];
  return [approval("a preview to approve", true), text("the device", serial), text("the time asked", time)];
}

export const connectorHealth = async (world: EvalWorld, email: string, organization: string) =>
  (await (await world.session(email)).get<{ items: { name: string; utilizationPercent: number | null }[] }>(
    `/telemetry/organization/${await world.organization(organization)}/connector-health?limit=100`,
  )).items;

async function utilisationFacts(world: EvalWorld, name: string): Promise<Fact[]> {
  const found = (await connectorHealth(world, CONTOSO_ADMIN, CONTOSO)).find((connector) => connector.name === name);
  if (!found) throw new Error(`no connector ${name}`);
  const value = found.utilizationPercent;
  return [text("the connector", found.name), value === null ? text("that it has not reported", "no data", "not reported", "never reported") : number("its utilisation %", value, slack(value, 0.15, 1))];
}

const mspNodes = async (world: EvalWorld) =>
  (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string; kind: string }[] }>(`/config/msp/${await world.organization(NORTHWIND)}/node?limit=100`)).items;

export const alarmsOn = (alarms: ApiAlarm[], source: string) => alarms.filter((alarm) => alarm.source.includes(source));

export const SEVERITY_WORDS: Record<Locale, Record<string, string[]>> = {
  en: { critical: ["critical"], major: ["major"], minor: ["minor"], warning: ["warning"] },
  fr: { critical: ["critique"], major: ["majeur"], minor: ["mineur"], warning: ["avertissement", "alerte"] },
};

const roleLabel = (role: Role, locale: Locale) =>
  role.endsWith("read-only") ? (locale === "en" ? ["read-only", "Read Only", "read only"] : ["lecture seule"]) : role.endsWith("configure") ? (locale === "en" ? ["Configure Only", "configure"] : ["configuration", "Configurer"]) : ["admin"];

/** Every user the organization's Users tab lists. */
const usersOf = async (world: EvalWorld, email: string, organization: string) =>
  (await (await world.session(email)).get<{ items: { email: string; firstName: string; lastName: string; role: string }[] }>(`/organization/${await world.organization(organization)}/user`)).items;

/** A bandwidth as an answer writes it (a figure in a change log, "5000 → 100", is not it). */
export const mbps = (value: number) => {
  const figures = [String(value), value.toLocaleString("en-US"), value.toLocaleString("fr-FR").replace(/\u202f/g, " ")];
  return [...new Set(figures)].flatMap((figure) => [`${figure} Mbps`, `${figure} Mbit/s`, ...(value % 1000 === 0 ? [`${value / 1000} Gbps`, `${value / 1000} Gbit/s`] : [])]);
};

const trafficOf = (site: { rxBps: number | null; txBps: number | null }) => (site.rxBps ?? 0) + (site.txBps ?? 0);

export function freshCases(): EvalCase[] {
  return [
    // --- onboarding: new sites (standard and cloud), paths, what they need, their limits ---
    dv("fresh-onb-new-branch", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "we're onboarding a new branch in bordeaux, what do I need?",
      facts: async () => [
        text("a name for the site", "name"),
        text("its location, picked from the search", "location", "address"),
        text("a connector to reach it", "connector"),
        link("the sites page", "customer/site"),
      ],
    }),
    dv("fresh-onb-aws-fields", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what info do i need to add an aws site? account id or smth?",
      facts: async () => [text("the AWS account ID", "account ID", "account id", "account number"), text("a region", "region")],
    }),
    dv("fresh-onb-gcp-fr", "onboarding", "fr", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "pour un site GCP il faut quoi comme infos ?",
      facts: async () => [text("the GCP project ID", "projet", "project"), text("a region", "région", "region")],
    }),
    dv("fresh-onb-azure-subscription", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "adding an azure site, where do i put the subscrption id?",
      facts: async () => [text("the subscription ID", "subscription"), link("the sites page", "customer/site")],
    }),
    dv("fresh-onb-oracle-noaccent-fr", "onboarding", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "creer un site oracle, quels champs faut il remplir",
      facts: async () => [text("the compartment ID", "compartiment", "compartment"), text("a region", "région", "region")],
    }),
    dv("fresh-onb-direct-connect", "onboarding", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "how do i add an aws direct connect site",
      facts: async () => [text("the site type", "Direct Connect"), text("the AWS account ID", "account ID", "account id"), text("a region", "region")],
    }),
    dv("fresh-onb-connect-lyon-frankfurt", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "i want to connect lyon branch to frankfurt dc, 100 mbps layer 3",
      facts: async (world) => {
        const free = await freeOn(world, CONTOSO_ADMIN, CONTOSO, "Lyon IPsec");
        // The Lyon tunnel is taken by Lyon ⇄ Paris: a competent answer says it has no room, before asking for a prefix.
        if (free < 100) return [approval("no preview beyond the connector", false), text("the full connector", "Lyon IPsec")];
        return [approval("no preview without a prefix", false), text("the missing prefix", "prefix")];
      },
    }),
    dv("fresh-onb-paris-to-aws-fr", "onboarding", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "on veut relier paris hq à notre site aws en L2, 500 Mbps, c'est faisable ?",
      facts: async (world) => {
        const free = await freeOn(world, CONTOSO_ADMIN, CONTOSO, "AWS hosted connection");
        if (free < 500) return [approval("no preview beyond the connector", false), text("the connector without room", "AWS hosted connection", "Frankfurt ⇄ AWS"), text("how much is left", `${free} Mbps`, "aucune", "plus de place", "complet", "saturé", "pas assez")];
        return [text("that it fits", "oui", "possible", "disponible")];
      },
    }),
    dv("fresh-onb-800-madrid-oracle-fr", "onboarding", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "je peux monter un chemin de 800 Mbps entre Madrid Office et Oracle Frankfurt ?",
      facts: async (world) => {
        const paths = await orgPaths(world, INITECH_ADMIN, INITECH);
        const best = async (site: string) => {
          const found = await siteNamed(world, INITECH_ADMIN, INITECH, site);
          return Math.max(...(await siteConnectors(world, INITECH_ADMIN, found.id)).map((connector) => connectorLoad(connector, paths).free));
        };
        const fits = Math.min(await best("Madrid Office"), await best("Oracle Frankfurt")) >= 800;
        if (fits) return [text("that it fits", "oui", "possible", "disponible")];
        return [approval("no preview beyond the connectors", false), text("that the bandwidth is the problem", "bande passante", "disponible", "libre", "reste", "pas assez", "dépasse")];
      },
    }),
    dv("fresh-onb-headroom-xconnect", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how much bw is left on the frankfurt xconnect for a new path",
      facts: async (world) => [text("the connector", "Frankfurt cross-connect"), number("what is free on it (Mbps)", await freeOn(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt cross-connect"), 0)],
    }),
    dv("fresh-onb-vlan-4095", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "can i use vlan 4095 on an l2 path?",
      facts: async () => [number("the highest VLAN", VLAN_MAX, 0)],
    }),
    dv("fresh-onb-several-prefixes", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "for a layer3 path can i put more than one prefix, like 10.1.0.0/24 and 10.2.0.0/24?",
      facts: async () => [text("that a comma-separated list is allowed", "comma", "several", "multiple", "more than one", "list")],
    }),
    dv("fresh-onb-vlan-all-vs-specific", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "whats the diff between vlan type all and specific when creating a path",
      facts: async () => [
        text("that All needs both ends to match", "both ends", "each end", "match"),
        text("that Specific carries one VLAN", "one VLAN", "single VLAN", "a VLAN id", "VLAN ID", "one vlan"),
      ],
    }),
    dv("fresh-onb-msp-site-fabrikam", "onboarding", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "need a new site for fabrikam in amsterdam, call it Amsterdam Lab pls",
      facts: async (world) => createSiteFacts(world, NORTHWIND_ADMIN, "Amsterdam Lab", "Amsterdam", FABRIKAM),
    }),

    // --- coverage: a how-to for every screen and entity ---
    dv("fresh-cov-dia-connector", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how to add an internet (DIA) connector at madrid... sorry at paris hq",
      facts: async () => [text("the connector kind", "internet", "DIA"), text("its bandwidth", "bandwidth"), link("the sites page", "customer/site")],
    }),
    dv("fresh-cov-virtual-connector-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "comment ajouter un connecteur virtuel sur le site azure ?",
      facts: async () => [text("the connector kind", "virtuel"), link("the sites page", "customer/site")],
    }),
    dv("fresh-cov-external-connector", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how do I add an external connector to the aws site",
      facts: async () => [text("the connector kind", "external"), text("its bandwidth", "bandwidth"), link("the sites page", "customer/site")],
    }),
    dv("fresh-cov-edge-standard", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "steps to add a std edge node pls",
      facts: async () => [text("the edge type", "Standard"), text("its location", "location"), link("the edge nodes page", "msp/edgeNode")],
    }),
    dv("fresh-cov-core-node-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment rajouter un noeud core dans la fabric globale ?",
      facts: async () => [text("the core fabric", "fabric", "fabrique"), text("the step that adds it", "ajoutez", "ajouter", "choisissez"), text("its links to every other core node", "lien", "maillage"), link("the core fabrics page", "msp/coreFabric")],
    }),
    dv("fresh-cov-ipsec-endpoint", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how do i add an ipsec endpoint on a cpe?",
      facts: async () => [text("its public IP", "public IP"), link("the CPE nodes page", "msp/cpeNode")],
    }),
    dv("fresh-cov-switch-port-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment configurer un port du switch sur nw-edge-par-01 ?",
      facts: async () => [text("the port bandwidth unit", "Gbps", "Gbit/s"), text("the customer and site it serves", "client"), text("the site", "site")],
    }),
    dv("fresh-cov-interface-types", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "what interface types can a node port be set to?",
      facts: async () => [text("access", "access"), text("fabric", "fabric"), text("hybrid", "hybrid")],
    }),
    dv("fresh-cov-claim-noaccent-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment on claim un boitier, il faut quoi ?",
      facts: async () => [text("its serial number", "série", "serial"), number("the claim code length", CLAIM_CODE_LENGTH, 0), link("the inventory page", "msp/inventory")],
    }),
    dv("fresh-cov-unassign-device", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how do i unassign a device from its node",
      facts: async () => [text("the action", "unassign", "Unassign"), link("the inventory page", "msp/inventory")],
    }),
    dv("fresh-cov-cancel-op-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment annuler une opération planifiée ?",
      facts: async () => [text("the action", "annuler", "Annuler"), link("the lifecycle page", "msp/lifecycle")],
    }),
    dv("fresh-cov-invite-configure", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "pls how do i add a coworker as configure only",
      facts: async () => [text("the invitation", "invit"), text("the role", "Configure Only", "configure"), link("the users page", "user")],
    }),
    dv("fresh-cov-change-role", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how do i change someone's role to read only",
      facts: async () => [text("the role", "Read Only", "read-only", "read only"), text("where it is changed", "Open Users", "Users tab", "Users page", "Users list", "in Users"), link("the users page", "user")],
    }),
    dv("fresh-cov-events-node-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "comment chercher les événements d'un noeud entre deux dates ?",
      facts: async () => [text("the start of the range", "début", "start"), text("the node filter", "nœud", "noeud", "node"), link("the events page", "events")],
    }),
    dv("fresh-cov-top-talkers", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "where in the console do i see top talkers?",
      facts: async () => [text("the dashboard", "dashboard"), link("the dashboard", "customer/dashboard")],
    }),
    dv("fresh-cov-path-topology", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how can i see which nodes a customer path goes through?",
      facts: async () => [text("the path topology view", "topology")],
    }),
    dv("fresh-cov-new-customer-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "on a signé un nouveau client, je le crée comment dans la console ?",
      facts: async () => [text("its first user's email", "e-mail", "email", "courriel"), link("the customers page", "msp/customerOrganization")],
    }),
    dv("fresh-cov-language-setting", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how do i switch the console to french?",
      facts: async () => [text("the language setting", "language", "Language"), link("the user settings", "userSettings")],
    }),
    dv("fresh-cov-operator-add-device", "coverage", "en", {
      user: OPERATOR,
      organization: "Maia",
      question: "how do i add new boxes to the stock?",
      facts: async () => [text("the serial number", "serial"), link("the operator's inventory", "core/inventory")],
    }),
    dv("fresh-cov-configure-msp-fr", "coverage", "fr", {
      user: NORTHWIND_CONFIGURE,
      organization: NORTHWIND,
      question: "qu'est ce que j'ai le droit de faire avec mon compte ?",
      facts: async (world) => {
        const me = await (await world.session(NORTHWIND_CONFIGURE)).get<{ role: Role }>("/config/user");
        const scopes = ROLE_SCOPES[me.role];
        return [
          text("the role", ...roleLabel(me.role, "fr"), me.role),
          ...(hasScopes(scopes, ["common:user:write"]) ? [] : [text("that it may not manage users", "utilisateurs", "inviter")]),
        ];
      },
    }),

    // --- conversation: follow-ups that lean on the turn before ---
    dv("fresh-conv-and-lyon", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["how's the paris hq site doing?"],
      question: "and lyon?",
      facts: async () => [text("the site", "Lyon Branch"), text("that it is inactive", ...WORDS.inactive.en)],
    }),
    dv("fresh-conv-same-past-week", "conversation", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["avg loss on madrid ⇄ oracle over the last 24h"],
      question: "same over the past 7 days",
      facts: async (world) => {
        const found = await initech(world, "Madrid ⇄ Oracle");
        const value = average((await pointsBetween(world, INITECH_ADMIN, found, world.now - 7 * 24 * HOUR, world.now)).map((point) => point.lossPercent));
        return [text("the path", found.name), text("the metric", METRIC_WORDS.en.lossPercent), number("the average loss over 7 days", value, slack(value, 0.1, 0.02))];
      },
    }),
    dv("fresh-conv-which-worse", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["compare paris ⇄ azure and frankfurt ⇄ aws"],
      question: "which one is worse?",
      facts: async (world) => {
        const pair = await Promise.all([contoso(world, "Paris ⇄ Azure"), contoso(world, "Frankfurt ⇄ AWS")]);
        const latency = await Promise.all(pair.map(async (found) => (await currentOf(world, CONTOSO_ADMIN, found)).latencyMs ?? 0));
        const worse = SLA_RANK[pair[0].slaHealth] !== SLA_RANK[pair[1].slaHealth] ? (SLA_RANK[pair[0].slaHealth] > SLA_RANK[pair[1].slaHealth] ? 0 : 1) : latency[0] >= latency[1] ? 0 : 1;
        return slaFacts(world, CONTOSO_ADMIN, pair[worse], "en");
      },
    }),
    dv("fresh-conv-second-one", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["hows the frankfurt path"],
      question: "the second one",
      facts: async (world) => {
        // The candidates in the order a list shows them: by name.
        const both = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((found) => found.name.includes("Frankfurt")).sort((a, b) => a.name.localeCompare(b.name));
        return slaFacts(world, CONTOSO_ADMIN, both[1], "en");
      },
    }),
    dv("fresh-conv-its-alarms", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["tell me about lyon ⇄ paris"],
      question: "what about its alarms?",
      facts: async (world) => {
        const alarms = alarmsOn(await openAlarms(world, CONTOSO_ADMIN, CONTOSO), "Lyon ⇄ Paris");
        if (alarms.length === 0) return [text("that none is open", ...WORDS.none.en, "no open alarm")];
        return alarms.map((alarm) => text(`its ${alarm.severity} alarm`, ...SEVERITY_WORDS.en[alarm.severity]));
      },
    }),
    dv("fresh-conv-why-after-list", "conversation", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["any of our circuits in trouble atm?"],
      question: "why?",
      facts: async (world) => troubleFacts(world, INITECH_ADMIN, INITECH, "en"),
    }),
    dv("fresh-conv-do-it-l2", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["how would i create a layer 2 path from paris hq to frankfurt dc at 30 mbps on vlan 612?"],
      question: "ok do it",
      facts: async () => [approval("a preview to approve", true), text("the source", "Paris HQ"), text("the destination", "Frankfurt DC"), text("the VLAN", "612")],
    }),
    dv("fresh-conv-et-milan-fr", "conversation", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["latence de madrid ⇄ oracle ?"],
      question: "et pour milan ?",
      facts: async (world) => {
        const found = await initech(world, "Madrid ⇄ Milan");
        const latency = (await currentOf(world, INITECH_ADMIN, found)).latencyMs ?? -1;
        return [text("the path", found.name), number("its current latency", latency, slack(latency))];
      },
    }),
    dv("fresh-conv-majeures-fr", "conversation", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["combien d'alarmes ouvertes chez nous ?"],
      question: "lesquelles sont majeures ?",
      facts: async (world) => {
        const major = (await openAlarms(world, CONTOSO_ADMIN, CONTOSO)).filter((alarm) => alarm.severity === "major");
        if (major.length === 0) return [text("that none is major", ...WORDS.none.fr)];
        return major.map((alarm) => text(`the major alarm on ${alarm.source}`, alarm.source));
      },
    }),
    dv("fresh-conv-the-aws-one-bw", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["status of our cloud paths"],
      question: "the aws one, what bandwidth is it provisioned at?",
      facts: async (world) => {
        const found = await contoso(world, "Frankfurt ⇄ AWS");
        return [text("the path", found.name), text("its bandwidth", ...mbps(found.bandwidth))];
      },
    }),
    dv("fresh-conv-reboot-it", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["what's running on nw-edge-fra-01?"],
      question: "ok reboot it sunday 5am",
      facts: async (world) => rebootFacts(world, "MX-E200-0102", "05:00"),
    }),
    dv("fresh-conv-node-uptime", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["show me nw-core-fra"],
      question: "uptime?",
      facts: async (world) => uptimeFacts(world, "nw-core-fra"),
    }),
    dv("fresh-conv-ses-connecteurs-fr", "conversation", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["parle moi de paris hq"],
      question: "et ses connecteurs ?",
      facts: async (world) => {
        const site = await siteNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris HQ");
        return (await siteConnectors(world, CONTOSO_ADMIN, site.id)).map((connector) => text(`its connector ${connector.name}`, connector.name));
      },
    }),
    dv("fresh-conv-prefixe-fr", "conversation", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["crée un chemin L3 entre frankfurt dc et paris hq, 25 Mbps"],
      question: "préfixe 10.88.0.0/24 stp",
      facts: async () => [approval("a preview to approve", true), text("the prefix", "10.88.0.0/24"), text("the source", "Frankfurt DC"), text("the destination", "Paris HQ")],
    }),

    // --- plans: rank, count, compare, aggregate, two-part questions ---
    dv("fresh-plan-top5-msp-latency", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "top 5 customer paths by latency",
      facts: async (world) => {
        const all = [...(await orgPaths(world, NORTHWIND_ADMIN, CONTOSO)), ...(await orgPaths(world, NORTHWIND_ADMIN, FABRIKAM))];
        const measured = await Promise.all(all.map(async (found) => ({ found, latency: (await currentOf(world, NORTHWIND_ADMIN, found)).latencyMs })));
        const ranked = measured.filter((item): item is { found: ApiPath; latency: number } => item.latency !== null).sort((a, b) => b.latency - a.latency);
        return [...ranked.slice(0, 3).map((item) => text(`the path ${item.found.name}`, item.found.name)), number("the highest latency", ranked[0].latency, slack(ranked[0].latency))];
      },
    }),
    dv("fresh-plan-paths-per-state", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how many paths per sla state?",
      facts: async (world) => {
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const states = [...new Set(paths.map((found) => found.slaHealth))];
        return states.flatMap((state) => {
          const count = paths.filter((found) => found.slaHealth === state).length;
          return [text(`the ${state} state`, ...SLA_WORDS.en[state]), number(`how many are ${state}`, count, 0)];
        });
      },
    }),
    dv("fresh-plan-sites-by-type-fr", "plans", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "combien de sites par type, cloud vs standard ?",
      facts: async (world) => {
        const sites = await orgSites(world, CONTOSO_ADMIN, CONTOSO);
        const standard = sites.filter((site) => site.type === "standard").length;
        const cloud = sites.length - standard;
        // Counts said as counts (a lone "3" elsewhere in a list of sites is not one).
        return [
          text("how many standard sites", `${standard} standard`, `${standard} sites standard`, `standard : ${standard}`, `standard: ${standard}`),
          text("how many cloud sites", `${cloud} cloud`, `${cloud} sites cloud`, `cloud : ${cloud}`, `cloud: ${cloud}`),
        ];
      },
    }),
    dv("fresh-plan-least-loaded-connector", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "which connector has the least load rn",
      facts: async (world) => {
        const reported = (await connectorHealth(world, CONTOSO_ADMIN, CONTOSO)).filter((connector) => connector.utilizationPercent !== null);
        const least = Math.min(...reported.map((connector) => connector.utilizationPercent ?? 0));
        // Any connector within half a point of the least is a fair answer.
        return [text("the least loaded connector", ...reported.filter((connector) => (connector.utilizationPercent ?? 0) <= least + 0.5).map((connector) => connector.name))];
      },
    }),
    dv("fresh-plan-compare-site-traffic", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "compare traffic at paris hq vs frankfurt dc right now, which is busier?",
      facts: async (world) => {
        const sites = (await siteHealth(world, CONTOSO_ADMIN, CONTOSO)).filter((site) => site.name === "Paris HQ" || site.name === "Frankfurt DC");
        const busier = [...sites].sort((a, b) => trafficOf(b) - trafficOf(a))[0];
        return [...sites.map((site) => text(`the site ${site.name}`, site.name)), text("the busier site, named as such", `${busier.name} is busier`, `${busier.name} carries more`, `busier: ${busier.name}`, `busiest: ${busier.name}`, `${busier.name} has more`, `${busier.name} is the busier`, `${busier.name} (busier)`)];
      },
    }),
    dv("fresh-plan-customer-most-paths", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "which customer has the most paths?",
      facts: async (world) => {
        const counts = await Promise.all([CONTOSO, FABRIKAM].map(async (name) => ({ name, count: (await orgPaths(world, NORTHWIND_ADMIN, name)).length })));
        const top = counts.sort((a, b) => b.count - a.count)[0];
        return [text("the customer", top.name), number("its paths", top.count, 0)];
      },
    }),
    dv("fresh-plan-site-most-paths", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "which of our sites has the most paths on it?",
      facts: async (world) => {
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const counted = (await orgSites(world, CONTOSO_ADMIN, CONTOSO)).map((site) => ({
          name: site.name,
          count: paths.filter((found) => found.sourceSiteId === site.id || found.destinationSiteId === site.id).length,
        }));
        const top = counted.sort((a, b) => b.count - a.count)[0];
        return [text("the site", top.name), number("its paths", top.count, 0)];
      },
    }),
    dv("fresh-plan-l3-prefixes-fr", "plans", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "liste les chemins L3 avec leurs préfixes",
      facts: async (world) =>
        ((await orgPaths(world, CONTOSO_ADMIN, CONTOSO)) as (ApiPath & { prefix: string[] })[])
          .filter((found) => found.layer === "layer3")
          .flatMap((found) => [text(`the path ${found.name}`, found.name), ...found.prefix.map((prefix) => text(`its prefix ${prefix}`, prefix))]),
    }),
    dv("fresh-plan-l2-vs-l3", "plans", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "how many L2 vs L3 paths do we have",
      facts: async (world) => {
        const paths = await orgPaths(world, INITECH_ADMIN, INITECH);
        return [number("how many Layer 2", paths.filter((found) => found.layer === "layer2").length, 0), number("how many Layer 3", paths.filter((found) => found.layer === "layer3").length, 0)];
      },
    }),
    dv("fresh-plan-nodes-by-kind", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how many nodes of each kind do we run? edge/cpe/core",
      facts: async (world) => {
        const nodes = await mspNodes(world);
        return (["edge", "cpe", "core"] as const).flatMap((kind) => [text(`the ${kind} kind`, kind), number(`how many ${kind} nodes`, nodes.filter((node) => node.kind === kind).length, 0)]);
      },
    }),
    dv("fresh-plan-total-bandwidth-fr", "plans", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "bande passante totale de tous nos chemins ?",
      facts: async (world) => [number("the total (Mbps)", (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).reduce((sum, found) => sum + found.bandwidth, 0), 0)],
    }),
    dv("fresh-plan-worst-jitter-msp-fr", "plans", "fr", {
      user: BLUEWAVE_ADMIN,
      organization: BLUEWAVE,
      question: "quel chemin client a la pire gigue ?",
      facts: async (world) => {
        const paths = await orgPaths(world, BLUEWAVE_ADMIN, INITECH);
        const measured = await Promise.all(paths.map(async (found) => ({ found, jitter: (await currentOf(world, BLUEWAVE_ADMIN, found)).jitterMs })));
        const [worst] = measured.filter((item): item is { found: ApiPath; jitter: number } => item.jitter !== null).sort((a, b) => b.jitter - a.jitter);
        return [text("the path with the most jitter", worst.found.name), number("its jitter", worst.jitter, slack(worst.jitter, 0.1))];
      },
    }),
    dv("fresh-plan-devices-by-version", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how many boxes per sw version?",
      facts: async (world) => {
        const all = await devices(world, NORTHWIND_ADMIN);
        const versions = [...new Set(all.map((device) => device.softwareVersion))];
        return versions.flatMap((version) => [text(`the version ${version}`, version), number(`how many run ${version}`, all.filter((device) => device.softwareVersion === version).length, 0)]);
      },
    }),
    dv("fresh-plan-madrid-alarms-paths", "plans", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "open alarms and paths for madrid office",
      facts: async (world) => {
        const site = await siteNamed(world, INITECH_ADMIN, INITECH, "Madrid Office");
        const paths = (await orgPaths(world, INITECH_ADMIN, INITECH)).filter((found) => found.sourceSiteId === site.id || found.destinationSiteId === site.id);
        const alarms = alarmsOn(await openAlarms(world, INITECH_ADMIN, INITECH), "Madrid");
        return [...paths.map((found) => text(`its path ${found.name}`, found.name)), ...alarms.map((alarm) => text(`the ${alarm.severity} alarm on ${alarm.source}`, ...SEVERITY_WORDS.en[alarm.severity]))];
      },
    }),

    // --- live data: current figures ---
    dv("fresh-live-loss-rn", "live-data", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "whats the loss on madrid ⇄ oracle rn",
      facts: async (world) => {
        const found = await initech(world, "Madrid ⇄ Oracle");
        const loss = (await currentOf(world, INITECH_ADMIN, found)).lossPercent ?? -1;
        return [text("the path", found.name), number("its current loss %", loss, slack(loss, 0.1, 0.05))];
      },
    }),
    dv("fresh-live-core-version-fr", "live-data", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "quelle version logicielle sur nw-core-sin ?",
      facts: async (world) => {
        const node = await nodeNamed(world, "nw-core-sin");
        const device = (await devices(world, NORTHWIND_ADMIN)).find((candidate) => candidate.serialNumber === node.deviceSerialNumber)!;
        return [text("the node", node.name), text("its version", device.softwareVersion)];
      },
    }),
    dv("fresh-live-expressroute-load", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how loaded is the azure expressroute?",
      facts: async (world) => utilisationFacts(world, "Azure ExpressRoute"),
    }),
    dv("fresh-live-acked-alarms", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "show me the acknowledged alarms, with their notes",
      facts: async (world) => {
        const acked = (await (await world.session(CONTOSO_ADMIN)).get<{ items: (ApiAlarm & { note: string | null })[] }>("/alarm?acknowledged=true&state=active&limit=100")).items;
        if (acked.length === 0) return [text("that none is acknowledged", ...WORDS.none.en)];
        return acked.flatMap((alarm) => [text(`the acknowledged alarm on ${alarm.source}`, alarm.source), ...(alarm.note ? [text("its note", alarm.note)] : [])]);
      },
    }),
    dv("fresh-live-who-has-access", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "who has access to our console and with what role?",
      facts: async (world) =>
        (await usersOf(world, CONTOSO_ADMIN, CONTOSO)).flatMap((user) => [text(`the user ${user.email}`, user.email, `${user.firstName} ${user.lastName}`)]),
    }),
    dv("fresh-live-msps", "live-data", "en", {
      user: OPERATOR,
      organization: "Maia",
      question: "list the msps and how many customers each has",
      facts: async (world) => {
        const msps = (await (await world.session(OPERATOR)).get<{ items: { name: string; customerCount: number }[] }>("/core/msp?limit=100")).items;
        return msps.flatMap((msp) => [text(`the MSP ${msp.name}`, msp.name), number(`its customers`, msp.customerCount, 0)]);
      },
    }),
    dv("fresh-live-all-active-fr", "live-data", "fr", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "nos sites sont tous actifs ?",
      facts: async (world) => {
        const sites = (await orgSites(world, FABRIKAM_ADMIN, FABRIKAM)) as (ApiSite & { active: boolean })[];
        const inactive = sites.filter((site) => !site.active);
        if (inactive.length === 0) return [text("that they are all active", "actifs", "tous actifs", "aucun site inactif", "oui")];
        return inactive.map((site) => text(`the inactive site ${site.name}`, site.name));
      },
    }),
    dv("fresh-live-running-ops", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "anything running in lifecycle rn?",
      facts: async (world) => {
        const running = await operations(world, NORTHWIND_ADMIN, "running");
        if (running.length === 0) return [text("that nothing is running", ...WORDS.none.en, "no running", "no operation", "no lifecycle operation", "not running", "isn't anything", "no active")];
        return running.map((operation) => text(`the running operation on ${operation.serialNumber}`, operation.serialNumber));
      },
    }),
    dv("fresh-live-gcp-path", "live-data", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "is gcp ⇄ seattle up?",
      facts: async (world) => slaFacts(world, FABRIKAM_ADMIN, await path(world, FABRIKAM_ADMIN, FABRIKAM, "GCP ⇄ Seattle"), "en"),
    }),
    dv("fresh-live-core-link-latency", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "latency on the lon-ash core link?",
      facts: async (world) => {
        const links = (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string; latencyMs: number | null }[] }>(
          `/telemetry/organization/${await world.organization(NORTHWIND)}/link-health?limit=100`,
        )).items;
        const found = links.find((candidate) => candidate.name === "nw-lon-ash");
        if (!found) throw new Error("no link nw-lon-ash");
        return [text("the link", found.name), found.latencyMs === null ? text("that it has not reported", "no data", "not reported", "unknown") : number("its latency", found.latencyMs, slack(found.latencyMs, 0.15, 0.5))];
      },
    }),
    dv("fresh-live-external-fabrics", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "what external fabrics have we got configured?",
      facts: async (world) =>
        (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string }[] }>(`/config/msp/${await world.organization(NORTHWIND)}/external-fabric`)).items.map((fabric) =>
          text(`the fabric ${fabric.name}`, fabric.name),
        ),
    }),

    // --- root cause ---
    dv("fresh-rc-users-complaining", "root-cause", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "users complaining the network is slow, what broke?",
      facts: async (world) => troubleFacts(world, CONTOSO_ADMIN, CONTOSO, "en"),
    }),
    dv("fresh-rc-lyon-down", "root-cause", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "why is lyon down",
      facts: async () => [text("the site", "Lyon Branch"), text("that it is inactive", ...WORDS.inactive.en)],
    }),
    dv("fresh-rc-page-orange-fr", "root-cause", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "pourquoi il est orange celui-là ?",
      page: async (world) => customerPathRoute(await contoso(world, "Paris ⇄ Azure")),
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await contoso(world, "Paris ⇄ Azure"), "fr"),
    }),
    dv("fresh-rc-gcp-unknown", "root-cause", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "why is gcp ⇄ seattle showing unknown??",
      facts: async (world) => {
        const found = await path(world, FABRIKAM_ADMIN, FABRIKAM, "GCP ⇄ Seattle");
        if (found.slaHealth !== "unknown") return slaFacts(world, FABRIKAM_ADMIN, found, "en");
        return [text("the path", found.name), text("that there is not enough data", "insufficient data", "not enough", "no data", "no measurement", "no sample", "not report", "no recent")];
      },
    }),
    dv("fresh-rc-jitter-spiking", "root-cause", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "madrid milan jitter spiking again, why?",
      facts: async (world) => slaFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Milan"), "en"),
    }),
    dv("fresh-rc-msp-customer-complaint", "root-cause", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "contoso says paris⇄azure is slow, whats going on",
      facts: async (world) => slaFacts(world, NORTHWIND_ADMIN, await path(world, NORTHWIND_ADMIN, CONTOSO, "Paris ⇄ Azure"), "en"),
    }),
    dv("fresh-rc-spare-major", "root-cause", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "why is there a major alarm on MX-C100-0151?",
      facts: async () => [text("the device", "MX-C100-0151"), text("that it is a spare that never reported", "never", "not assigned", "no node", "spare", "unassigned")],
    }),
    dv("fresh-rc-change-fr", "root-cause", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "on a changé un truc récemment qui casserait paris ⇄ azure ?",
      facts: async (world) => {
        const found = await contoso(world, "Paris ⇄ Azure");
        // A healthy path needs no more than its name; a breaching one, its breach.
        const state = found.slaHealth === "healthy" ? [text("the path", found.name)] : await slaFacts(world, CONTOSO_ADMIN, found, "fr");
        // The evaluation's changes are made after the path's state began: none explains it.
        return [
          ...state,
          text("that no change explains it", "aucun changement", "aucune modification", "pas de changement", "aucun des changements", "n'explique"),
        ];
      },
    }),

    // --- names: partial names, aliases, other languages' city names, ambiguity ---
    dv("fresh-names-francfort-aws-fr", "names", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "latence francfort aws ?",
      facts: async (world) => {
        const found = await contoso(world, "Frankfurt ⇄ AWS");
        const latency = (await currentOf(world, CONTOSO_ADMIN, found)).latencyMs ?? -1;
        return [text("the path", found.name), number("its latency", latency, slack(latency))];
      },
    }),
    dv("fresh-names-oracle-ambiguous", "names", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "hows the oracle path doing",
      facts: async (world) => candidates((await orgPaths(world, INITECH_ADMIN, INITECH)).filter((found) => found.name.includes("Oracle")).map((found) => found.name), "en"),
    }),
    dv("fresh-names-lyon-cpe", "names", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "status of the lyon cpe",
      facts: async () => [text("the node", "nw-cpe-contoso-lyon")],
    }),
    dv("fresh-names-box-in-seattle", "names", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "which box sits in seattle and what version is it on",
      facts: async (world) => {
        const node = await nodeNamed(world, "nw-edge-sea-01");
        const device = (await devices(world, NORTHWIND_ADMIN)).find((candidate) => candidate.serialNumber === node.deviceSerialNumber)!;
        return [text("the node or its device", node.name, device.serialNumber), text("its version", device.softwareVersion)];
      },
    }),
    dv("fresh-names-singapore-core", "names", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "is the singapore core node ok?",
      facts: async () => [text("the node", "nw-core-sin")],
    }),
    dv("fresh-names-expressroute", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "expressroute utilisation?",
      facts: async (world) => utilisationFacts(world, "Azure ExpressRoute"),
    }),
    dv("fresh-names-the-dc", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "hows the dc doing",
      facts: async () => [text("the only data centre", "Frankfurt DC")],
    }),
    dv("fresh-names-unknown-berlin-fr", "names", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      unseen: true,
      question: "état du site de berlin ?",
      facts: async () => [text("that there is no such site", ...WORDS.notFound.fr)],
    }),
    dv("fresh-names-milan-branch-fr", "names", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "infos sur l'agence de milan",
      facts: async (world) => {
        const site = await siteNamed(world, INITECH_ADMIN, INITECH, "Milan Branch");
        return [text("the site", site.name), ...(await siteConnectors(world, INITECH_ADMIN, site.id)).map((connector) => text(`its connector ${connector.name}`, connector.name))];
      },
    }),

    // --- typos and synonyms ---
    dv("fresh-typo-fabrikam-paths", "typos-synonyms", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "waht paths does fabrikm have",
      facts: async (world) => (await orgPaths(world, NORTHWIND_ADMIN, FABRIKAM)).map((found) => text(`the path ${found.name}`, found.name)),
    }),
    dv("fresh-typo-alarmes-fr", "typos-synonyms", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "alarmes ouvertse stp",
      facts: async (world) => {
        const open = await openAlarms(world, CONTOSO_ADMIN, CONTOSO);
        if (open.length === 0) return [text("that none is open", ...WORDS.none.fr)];
        return open.map((alarm) => text(`the alarm on ${alarm.source}`, alarm.source));
      },
    }),
    dv("fresh-typo-lifecycle", "typos-synonyms", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "whats schedueld in lifecyle",
      facts: async (world) => {
        const scheduled = await operations(world, NORTHWIND_ADMIN, "scheduled");
        if (scheduled.length === 0) return [text("that nothing is scheduled", ...WORDS.none.en)];
        return scheduled.map((operation) => text(`the operation on ${operation.serialNumber}`, operation.serialNumber));
      },
    }),
    dv("fresh-typo-inventroy", "typos-synonyms", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "unasigned devices in inventroy?",
      facts: async (world) => (await devices(world, NORTHWIND_ADMIN)).filter((device) => device.status === "unassigned").map((device) => text(`the spare ${device.serialNumber}`, device.serialNumber)),
    }),
    dv("fresh-typo-madird-loss", "typos-synonyms", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "packet loss on madird-milan?",
      facts: async (world) => {
        const found = await initech(world, "Madrid ⇄ Milan");
        const loss = (await currentOf(world, INITECH_ADMIN, found)).lossPercent ?? -1;
        return [text("the path", found.name), number("its loss %", loss, slack(loss, 0.1, 0.05))];
      },
    }),
    dv("fresh-typo-giggue-fr", "typos-synonyms", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "giggue sur paris azur ?",
      facts: async (world) => {
        const found = await contoso(world, "Paris ⇄ Azure");
        const jitter = (await currentOf(world, CONTOSO_ADMIN, found)).jitterMs ?? -1;
        return [text("the path", found.name), number("its jitter", jitter, slack(jitter, 0.1))];
      },
    }),
    dv("fresh-typo-uptme", "typos-synonyms", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "uptme nw-edge-sea-01",
      facts: async (world) => uptimeFacts(world, "nw-edge-sea-01"),
    }),
    dv("fresh-syn-wan-healthy", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "is our wan healthy?",
      facts: async (world) => troubleFacts(world, CONTOSO_ADMIN, CONTOSO, "en"),
    }),
    dv("fresh-syn-fat-pipe", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how fat is the pipe between paris and frankfurt",
      facts: async (world) => {
        const found = await contoso(world, "Paris ⇄ Frankfurt");
        return [text("the path", found.name), text("its bandwidth", ...mbps(found.bandwidth))];
      },
    }),
    dv("fresh-syn-boxes-offline-fr", "typos-synonyms", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "des boitiers hors ligne en ce moment ?",
      facts: async (world) => {
        const nodes = (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string; deviceReachable: boolean | null }[] }>(
          `/config/msp/${await world.organization(NORTHWIND)}/node?limit=100`,
        )).items;
        const down = nodes.filter((node) => node.deviceReachable === false);
        const silent = (await openAlarms(world, NORTHWIND_ADMIN, NORTHWIND)).filter((alarm) => alarm.type === "device-unreachable");
        const named = [...down.map((node) => node.name), ...silent.map((alarm) => alarm.source)];
        if (named.length === 0) return [text("that none is offline", ...WORDS.none.fr, "joignables")];
        return [text("an offline box", ...named)];
      },
    }),
  ];
}
