// A second fresh batch of development questions, written without reading the assistant's rules: typed the way network
// engineers, MSP staff and customer admins type into a console chat (terse, lowercase, typos, "rn", "bw", "lat",
// French with and without accents, French in the English interface), weighted toward onboarding, live figures,
// follow-ups and coverage of every screen and entity. Every fact is read from the API when the question is asked.
import { hasScopes, ROLE_SCOPES, type Role, type Scope } from "@/lib/auth/scopes";
import { MTU_MAX, MTU_MIN, SLA_THRESHOLDS, type Locale } from "@/lib/constants";
import { PROBE_LEVELS, type PathSla } from "@/lib/health";
import { translatorFor } from "@/lib/i18n/messages";
import { connectorLoad } from "@/lib/paths/headroom";
import { absent, approval, link, number, text, type EvalCase, type EvalWorld, type Fact } from "../../../scripts/assistant-eval/harness";
import { slaFacts, worstPath } from "../../../scripts/assistant-eval/cases";
import {
  average,
  CONTOSO_ADMIN,
  CONTOSO_READONLY,
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
import { createSiteFacts } from "./actions";
import { NO_CHANGES } from "./coverage";
import { alarmsOn, connectorHealth, mbps, rebootFacts, SEVERITY_WORDS, troubleFacts, uptimeFacts } from "./fresh";
import {
  BLUEWAVE,
  BLUEWAVE_ADMIN,
  candidates,
  CONTOSO,
  currentOf,
  DAY,
  dayStart,
  dv,
  FABRIKAM,
  HOUR,
  INITECH,
  INITECH_ADMIN,
  NORTHWIND,
  NORTHWIND_CONFIGURE,
  NORTHWIND_READONLY,
  path,
  pointsBetween,
  siteHealth,
  slack,
  WORDS,
  yesterday,
} from "./support";
import { eventFacts, lastWeek } from "./time";

const contoso = (world: EvalWorld, name: string) => path(world, CONTOSO_ADMIN, CONTOSO, name);
const initech = (world: EvalWorld, name: string) => path(world, INITECH_ADMIN, INITECH, name);
const fabrikam = (world: EvalWorld, name: string) => path(world, FABRIKAM_ADMIN, FABRIKAM, name);

export type Metric = "latencyMs" | "jitterMs" | "lossPercent";

/** How far a figure may move while the answer is written, per metric. */
export const METRIC_SLACK: Record<Metric, (value: number) => number> = {
  latencyMs: (value) => slack(value),
  jitterMs: (value) => slack(value, 0.1),
  lossPercent: (value) => slack(value, 0.1, 0.05),
};

export const NO_DATA: Record<Locale, string[]> = {
  en: ["no data", "no measurement", "not reported", "no recent", "unknown", "insufficient", "never reported", "no sample"],
  fr: ["aucune donnée", "aucune mesure", "pas de mesure", "pas de données", "inconnu", "insuffisant", "jamais"],
};

/** A path's current figure for one metric, or that it has none. */
export async function metricFacts(world: EvalWorld, email: string, found: ApiPath, metric: Metric, locale: Locale = "en"): Promise<Fact[]> {
  const value = (await currentOf(world, email, found))[metric];
  if (value === null) return [text("the path", found.name), text("that it has no measurement", ...NO_DATA[locale])];
  return [text("the path", found.name), number(`its current ${metric}`, value, METRIC_SLACK[metric](value))];
}

/** The average of a path's metric over a range, or that it has no measurement there. */
export async function averageFacts(world: EvalWorld, email: string, found: ApiPath, metric: Metric, [from, to]: [number, number], locale: Locale): Promise<Fact[]> {
  const points = await pointsBetween(world, email, found, from, to);
  if (points.length === 0) return [text("the path", found.name), text("that there is no measurement", ...NO_DATA[locale])];
  const value = average(points.map((point) => point[metric]));
  return [text("the path", found.name), text("the metric", METRIC_WORDS[locale][metric]), number(`the average ${metric}`, value, METRIC_SLACK[metric](value))];
}

/** A node of an MSP by name, as that MSP's user sees it. */
async function mspNode(world: EvalWorld, email: string, msp: string, name: string) {
  const nodes = (await (await world.session(email)).get<{ items: { id: string; name: string; kind: string }[] }>(`/config/msp/${await world.organization(msp)}/node?limit=100`)).items;
  const found = nodes.find((node) => node.name === name);
  if (!found) throw new Error(`no node ${name} in ${msp}`);
  return found;
}

interface NodeDevice {
  serialNumber: string;
  softwareVersion: string;
  uptimeSeconds: number | null;
  reachable: boolean;
  cpuPercent: number | null;
  memoryPercent: number | null;
}

export async function nodeDevice(world: EvalWorld, email: string, msp: string, name: string) {
  const node = await mspNode(world, email, msp, name);
  const status = await (await world.session(email)).get<{ device: NodeDevice | null }>(`/telemetry/node/${node.id}/device`);
  return { node, device: status.device };
}

/** A node's CPU (and memory) now, or that its device reports none. */
export async function loadOfNode(world: EvalWorld, email: string, msp: string, name: string, withMemory: boolean, locale: Locale = "en"): Promise<Fact[]> {
  const { node, device } = await nodeDevice(world, email, msp, name);
  const figure = (why: string, value: number | null | undefined) => (value == null ? text(`that its ${why} is not reported`, ...NO_DATA[locale]) : number(`its ${why}`, value, slack(value, 0.1, 3)));
  return [text("the node", node.name), figure("CPU %", device?.cpuPercent), ...(withMemory ? [figure("memory %", device?.memoryPercent)] : [])];
}

/** The words for a device's reachability, in each language. */
const REACHABLE: Record<Locale, { yes: string[]; no: string[] }> = {
  en: { yes: ["reachable", "online"], no: ["unreachable", "not reachable", "offline", "silent"] },
  fr: { yes: ["joignable", "en ligne", "accessible"], no: ["injoignable", "pas joignable", "hors ligne", "inaccessible"] },
};

export async function reachableFacts(world: EvalWorld, email: string, msp: string, name: string, locale: Locale): Promise<Fact[]> {
  const { node, device } = await nodeDevice(world, email, msp, name);
  const words = REACHABLE[locale];
  const state = device?.reachable ? [text("that it is reachable", ...words.yes), absent("that it is unreachable", words.no[0])] : [text("that it is unreachable", ...words.no)];
  return [text("the node", node.name), ...state];
}

/** A site's traffic now, both directions in Mbit/s, or that it reports none. */
export async function trafficFacts(world: EvalWorld, email: string, organization: string, name: string, locale: Locale): Promise<Fact[]> {
  const site = (await siteHealth(world, email, organization)).find((candidate) => candidate.name === name);
  if (!site) throw new Error(`no site ${name}`);
  if (site.rxBps === null && site.txBps === null) return [text("the site", site.name), text("that it reports no traffic", ...NO_DATA[locale])];
  const rx = (site.rxBps ?? 0) / 1e6;
  const tx = (site.txBps ?? 0) / 1e6;
  return [text("the site", site.name), number("what it receives now (Mbit/s)", rx, slack(rx, 0.15, 5)), number("what it sends now (Mbit/s)", tx, slack(tx, 0.15, 5))];
}

export interface ConnectorRow {
  connectorId: string;
  name: string;
  bandwidthMbps: number;
  status: string | null;
  utilizationPercent: number | null;
}

/**
 * How busy a connector is: its utilisation now (the busier direction against its bandwidth), or over the last hour on
 * average — both are a fair answer to "how busy is it".
 */
export async function busyFacts(world: EvalWorld, email: string, organization: string, name: string): Promise<Fact[]> {
  const found = ((await connectorHealth(world, email, organization)) as ConnectorRow[]).find((connector) => connector.name === name);
  if (!found) throw new Error(`no connector ${name}`);
  const query = `from=${encodeURIComponent(new Date(world.now - HOUR).toISOString())}&to=${encodeURIComponent(new Date(world.now).toISOString())}`;
  const points = (await (await world.session(email)).get<{ points: { rxBps: number; txBps: number }[] }>(`/telemetry/connector/${found.connectorId}/bandwidth?${query}`)).points;
  const hour = points.length === 0 ? null : Math.max(average(points.map((point) => point.rxBps)), average(points.map((point) => point.txBps))) / (found.bandwidthMbps * 1e4);
  const values = [found.utilizationPercent, hour].filter((value): value is number => value !== null);
  if (values.length === 0) return [text("the connector", found.name), text("that it has not reported", ...NO_DATA.en, ...NO_DATA.fr)];
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return [text("the connector", found.name), number("its utilisation % (now or over the last hour)", (low + high) / 2, (high - low) / 2 + slack(high, 0.15, 1))];
}

/** An install proposal (a reboot's facts and the version), or the refusal naming what is pending. */
export async function installFacts(world: EvalWorld, serial: string, version: string, time: string): Promise<Fact[]> {
  const facts = await rebootFacts(world, serial, time);
  return facts.some((fact) => fact.kind === "approval" && fact.expected) ? [...facts, text("the version", version)] : facts;
}

const ALLOWED: Record<Locale, string[]> = { en: ["yes", "you may", "allows you", "are allowed", "is allowed"], fr: ["oui", "vous pouvez", "vous permet", "a le droit", "est autorisé"] };

/** Whether a role holds a scope: yes, or the refusal in the words the question calls for. */
export const mayFacts = (role: Role, scope: Scope, locale: Locale, refusal: string[]): Fact[] =>
  hasScopes(ROLE_SCOPES[role], [scope]) ? [text("that it may", ...ALLOWED[locale])] : [text("that it may not", ...refusal)];

export const myRole = async (world: EvalWorld, email: string) => (await (await world.session(email)).get<{ role: Role }>("/config/user")).role;

/** Every alarm raised, acknowledged or cleared ones included, that the user sees. */
export const allAlarms = async (world: EvalWorld, email: string) =>
  (await (await world.session(email)).get<{ items: (ApiAlarm & { raisedAt: string; clearedAt: string | null })[] }>("/alarm?acknowledged=all&state=all&limit=100")).items;

/** The most recent midnight falling on a weekday (0 = Sunday); today's unless `beforeToday`. */
export function lastWeekday(now: number, weekday: number, beforeToday = false): number {
  const start = dayStart(now);
  let back = (new Date(start).getUTCDay() - weekday + 7) % 7;
  if (back === 0 && beforeToday) back = 7;
  return start - back * DAY;
}

const PROBE_WORDS: Record<(typeof PROBE_LEVELS)[number], string[]> = {
  healthy: ["healthy"],
  "elevated-latency": ["elevated latency", "elevated"],
  "concerning-loss": ["concerning loss", "loss"],
  severe: ["severe"],
  issues: ["issues"],
};

/** The items ranked first by a figure, with every other item within `within` of it (a fair answer too). */
export function leaders<T>(items: T[], value: (item: T) => number, highest: boolean, within: number): { top: T; tied: T[] } {
  const sorted = [...items].sort((a, b) => (highest ? value(b) - value(a) : value(a) - value(b)));
  const top = sorted[0];
  return { top, tied: sorted.filter((item) => Math.abs(value(item) - value(top)) <= within) };
}

const SLA_RANK: Record<PathSla, number> = { bad: 3, warning: 2, unknown: 1, healthy: 0 };

export function fresh2Cases(): EvalCase[] {
  return [
    // --- onboarding: first steps for each kind of user, claiming, the first site and path ---
    dv("f2-onb-where-start", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "just got my login, where do i even start?",
      facts: async () => [text("adding sites", "site"), text("a connector at each site", "connector"), text("paths between sites", "path"), link("the sites page", "customer/site")],
    }),
    dv("f2-onb-msp-premiers-pas-fr", "onboarding", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "premiers pas cote msp, je commence par quoi ?",
      facts: async () => [
        text("the devices in the inventory", "inventaire", "rattach", "équipement"),
        text("the nodes", "nœud", "noeud"),
        text("the customers", "client"),
      ],
    }),
    dv("f2-onb-operator-new-msp", "onboarding", "en", {
      user: OPERATOR,
      organization: "Maia",
      question: "new msp signing up, what do i set up on our side first?",
      facts: async () => [link("the MSPs page", "core/msp"), text("the email of its first user", "email", "e-mail")],
    }),
    dv("f2-onb-readonly-look", "onboarding", "en", {
      user: CONTOSO_READONLY,
      organization: CONTOSO,
      question: "new here w/ a read only acc, what can i actually look at?",
      facts: async (world) => {
        const role = await myRole(world, CONTOSO_READONLY);
        return [
          ...(hasScopes(ROLE_SCOPES[role], ["common:config:write"]) ? [] : [text("that it changes nothing", ...NO_CHANGES.en)]),
          text("the dashboard", "dashboard"),
        ];
      },
    }),
    dv("f2-onb-claim-serial", "onboarding", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "new box just landed, serial MX-E200-0903. how do i claim it",
      facts: async (world) => {
        const device = (await devices(world, OPERATOR)).find((candidate) => candidate.serialNumber === "MX-E200-0903");
        if (device && device.status !== "unclaimed") return [text("that it is already claimed", "already")];
        return [text("the claim code it needs", "claim code"), approval("no preview without the claim code", false), link("the inventory page", "msp/inventory")];
      },
    }),
    dv("f2-onb-after-claim", "onboarding", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "claimed a device, whats next to get it in service?",
      facts: async () => [text("the step that assigns it to a node", "assign it", "assign the device", "assign a device", "choose Assign", "assign to a node"), link("the inventory page", "msp/inventory")],
    }),
    dv("f2-onb-claim-fr-in-en", "onboarding", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "je viens de recevoir un boitier, je le claim ou ?",
      facts: async () => [text("its serial number, in French", "numéro de série"), text("its claim code", "code"), link("the inventory page", "msp/inventory")],
    }),
    dv("f2-onb-first-site", "onboarding", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "how do i hook up my first site to the network",
      facts: async () => [text("its location", "location"), text("a connector", "connector"), link("the sites page", "customer/site")],
    }),
    dv("f2-onb-premier-chemin-fr", "onboarding", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "premier chemin entre deux sites, ca se fait comment ?",
      facts: async () => [
        text("its source and destination", "source"),
        text("a connector at each end", "connecteur"),
        text("its bandwidth", "bande passante"),
        text("its layer", "couche", "Layer 2", "L2", "niveau 2", "Layer 3", "L3"),
      ],
    }),
    dv("f2-onb-connector-first", "onboarding", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "do i need a connector b4 i can add a path?",
      facts: async () => [
        text("that it is needed", "yes", "need", "required", "must"),
        text("one at each end", "each end", "both ends", "both sites", "source and destination", "each site", "either end"),
        absent("a leftover word taken for a name", "b4"),
      ],
    }),
    dv("f2-onb-client-acces-fr", "onboarding", "fr", {
      user: BLUEWAVE_ADMIN,
      organization: BLUEWAVE,
      question: "comment mon nouveau client recoit ses acces a la console ?",
      facts: async () => [text("its first user's email", "e-mail", "email", "courriel", "adresse"), text("an invitation", "invit"), link("the customers page", "msp/customerOrganization")],
    }),
    dv("f2-onb-fiber-port-who", "onboarding", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "we need a new fiber port at milan, who sets that up?",
      facts: async () => [text("the provider does", "Bluewave", "your MSP", "the MSP", "your provider", "service provider"), approval("nothing to approve", false)],
    }),
    dv("f2-onb-first-edge-node", "onboarding", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "setting up our first edge node in milan, what do i need ready?",
      facts: async () => [text("its location", "location"), text("the edge type", "Standard", "With Switch", "a switch"), link("the edge nodes page", "msp/edgeNode")],
    }),
    dv("f2-onb-l2-or-l3", "onboarding", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "first path for us, l2 or l3? whats the diff",
      facts: async () => [text("that Layer 3 needs a prefix", "prefix"), text("the VLAN of Layer 2", "VLAN")],
    }),
    dv("f2-onb-bulk-import", "onboarding", "en", {
      user: OPERATOR,
      organization: "Maia",
      question: "got 200 new boxes to add, can i import them in bulk instead of 1 by 1?",
      facts: async () => [text("a CSV import", "CSV"), link("the operator's inventory", "core/inventory")],
    }),
    dv("f2-onb-equipe-fr", "onboarding", "fr", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "je viens d'arriver, comment je donne acces a mon equipe ?",
      facts: async () => [text("an invitation", "invit"), text("a role", "rôle"), link("the users page", "user")],
    }),
    dv("f2-onb-first-l3-en-in-fr", "onboarding", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what do i need for my first layer 3 path?",
      facts: async () => [text("English words", "bandwidth"), text("the prefix", "prefix"), absent("a leftover word taken for a name", "what for")],
    }),
    dv("f2-onb-configure-new-customer", "onboarding", "en", {
      user: NORTHWIND_CONFIGURE,
      organization: NORTHWIND,
      question: "im configure only, can i onboard a new customer org myself?",
      facts: async (world) => {
        const role = await myRole(world, NORTHWIND_CONFIGURE);
        const facts = mayFacts(role, "common:config:write", "en", ["cannot create", "can't create", "cannot onboard", "can't onboard", "not allowed", "may not", "only an admin", "only admins"]);
        return hasScopes(ROLE_SCOPES[role], ["common:config:write"]) ? [...facts, link("the customers page", "msp/customerOrganization")] : facts;
      },
    }),

    // --- live data: figures right now ---
    dv("f2-live-lat-paris-fra", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "lat on paris-frankfurt rn?",
      facts: async (world) => metricFacts(world, CONTOSO_ADMIN, await contoso(world, "Paris ⇄ Frankfurt"), "latencyMs"),
    }),
    dv("f2-live-gigue-aws-fr", "live-data", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "gigue actuelle sur le chemin aws",
      facts: async (world) => metricFacts(world, CONTOSO_ADMIN, await contoso(world, "Frankfurt ⇄ AWS"), "jitterMs", "fr"),
    }),
    dv("f2-live-loss-oracle-aws", "live-data", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "any loss on oracle to aws paris atm",
      facts: async (world) => metricFacts(world, INITECH_ADMIN, await initech(world, "Oracle ⇄ AWS Paris"), "lossPercent"),
    }),
    dv("f2-live-alarm-count", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how many open alarms do we have rn",
      facts: async (world) => {
        const open = await openAlarms(world, NORTHWIND_ADMIN, NORTHWIND);
        return open.length === 0 ? [text("that none is open", ...WORDS.none.en)] : [number("how many are open", open.length, 0)];
      },
    }),
    dv("f2-live-crit-major-fr", "live-data", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "combien d'alarmes critiques ou majeures chez nous là ?",
      facts: async (world) => {
        const serious = (await openAlarms(world, INITECH_ADMIN, INITECH)).filter((alarm) => alarm.severity === "critical" || alarm.severity === "major");
        if (serious.length === 0) return [text("that there is none", ...WORDS.none.fr), text("of either severity asked", "critique"), text("of either severity asked", "majeure")];
        return [number("how many", serious.length, 0), ...serious.map((alarm) => text(`the alarm on ${alarm.source}`, alarm.source))];
      },
    }),
    dv("f2-live-cpu-core-lon", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "is nw-core-lon cpu pegged?",
      facts: async (world) => loadOfNode(world, NORTHWIND_ADMIN, NORTHWIND, "nw-core-lon", false),
    }),
    dv("f2-live-uptime-cpe-fr", "live-data", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "depuis combien de temps le cpe de lyon est up ?",
      facts: async (world) => uptimeFacts(world, "nw-cpe-contoso-lyon"),
    }),
    dv("f2-live-sea-reachable", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "is the seattle edge box reachable?",
      facts: async (world) => reachableFacts(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-sea-01", "en"),
    }),
    dv("f2-live-seattle-traffic", "live-data", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "how much traffic is seattle office doing rn",
      facts: async (world) => trafficFacts(world, FABRIKAM_ADMIN, FABRIKAM, "Seattle Office", "en"),
    }),
    dv("f2-live-util-paris-fiber", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "paris fiber a util %",
      facts: async (world) => busyFacts(world, CONTOSO_ADMIN, CONTOSO, "Paris fiber A"),
    }),
    dv("f2-live-util-gcp-fr", "live-data", "fr", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "taux d'utilisation de l'interconnect gcp ?",
      facts: async (world) => busyFacts(world, FABRIKAM_ADMIN, FABRIKAM, "GCP Partner Interconnect"),
    }),
    dv("f2-live-cpe-tunnel-loss", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "loss on the lyon cpe tunnel to fra?",
      facts: async (world) => {
        const links = (await (await world.session(NORTHWIND_ADMIN)).get<{ items: { name: string; lossPercent: number | null }[] }>(
          `/telemetry/organization/${await world.organization(NORTHWIND)}/link-health?limit=100`,
        )).items;
        const found = links.find((candidate) => candidate.name === "nw-cpe-contoso-lyon ⇄ nw-edge-fra-01");
        if (!found) throw new Error("no link nw-cpe-contoso-lyon ⇄ nw-edge-fra-01");
        return [text("the link", found.name, "nw-cpe-contoso-lyon"), found.lossPercent === null ? text("that it has not reported", ...NO_DATA.en) : number("its loss %", found.lossPercent, slack(found.lossPercent, 0.1, 0.05))];
      },
    }),
    dv("f2-live-sites-active", "live-data", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "how many of our sites are active rn, out of how many?",
      facts: async (world) => {
        const sites = (await orgSites(world, FABRIKAM_ADMIN, FABRIKAM)) as (ApiSite & { active: boolean })[];
        return [number("how many are active", sites.filter((site) => site.active).length, 0), number("how many there are", sites.length, 0)];
      },
    }),
    dv("f2-live-probes-paris", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "hows the probes from paris hq looking",
      facts: async (world) => {
        const site = await siteNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris HQ");
        const probes = (await (await world.session(CONTOSO_ADMIN)).get<{ items: { target: string; level: (typeof PROBE_LEVELS)[number] }[] }>(`/telemetry/site/${site.id}/probes`)).items;
        if (probes.length === 0) return [text("that no probe reports", "no probe", ...NO_DATA.en)];
        // The list is worst first: a right answer names the worst probe and its level.
        const worst = probes[0];
        return [text("the worst probe's target", worst.target), text(`its level (${worst.level})`, ...PROBE_WORDS[worst.level])];
      },
    }),
    dv("f2-live-aws-connector-up", "live-data", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "is the aws hosted connection up?",
      facts: async (world) => {
        const found = (await connectorHealth(world, CONTOSO_ADMIN, CONTOSO)).find((connector) => connector.name === "AWS hosted connection");
        if (!found) throw new Error("no connector AWS hosted connection");
        const status = (found as ConnectorRow).status;
        const words = status === "up" ? ["is up", "status up", "up and running", "operational", "online"] : status === null ? NO_DATA.en : ["down"];
        return [text("the connector", found.name), text(`its status (${status})`, ...words)];
      },
    }),
    dv("f2-live-cpu-mem-mad-fr", "live-data", "fr", {
      user: BLUEWAVE_ADMIN,
      organization: BLUEWAVE,
      question: "charge cpu et mémoire de bw-edge-mad-01 ?",
      facts: async (world) => loadOfNode(world, BLUEWAVE_ADMIN, BLUEWAVE, "bw-edge-mad-01", true, "fr"),
    }),
    dv("f2-live-serial-status", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "MX-E200-0102 status?",
      facts: async (world) => {
        const device = (await devices(world, NORTHWIND_ADMIN)).find((candidate) => candidate.serialNumber === "MX-E200-0102");
        if (!device) throw new Error("no device MX-E200-0102");
        return [text("the device", device.serialNumber), ...(device.nodeName ? [text("its node", device.nodeName)] : []), text("its version", device.softwareVersion)];
      },
    }),
    dv("f2-live-bad-paths-fr-in-en", "live-data", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "combien de chemins en bad chez nos clients là ?",
      facts: async (world) => {
        const paths = [...(await orgPaths(world, NORTHWIND_ADMIN, CONTOSO)), ...(await orgPaths(world, NORTHWIND_ADMIN, FABRIKAM))];
        const bad = paths.filter((found) => found.slaHealth === "bad");
        return [text("French words", "chemin"), bad.length === 0 ? text("that none is bad", "aucun", "0 chemin") : number("how many are bad", bad.length, 0)];
      },
    }),

    // --- conversation: follow-ups, pronouns, corrections, "do it" ---
    dv("f2-conv-other-seattle", "conversation", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      history: ["hows seattle ⇄ dublin"],
      question: "and the other seattle one?",
      facts: async (world) => slaFacts(world, FABRIKAM_ADMIN, await fabrikam(world, "GCP ⇄ Seattle"), "en"),
    }),
    dv("f2-conv-last-week", "conversation", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["avg latency on madrid ⇄ milan today"],
      question: "what about last week",
      facts: async (world) => averageFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Milan"), "latencyMs", lastWeek(world.now), "en"),
    }),
    dv("f2-conv-why-after-alarms", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["any alarms on paris ⇄ azure?"],
      question: "why?",
      facts: async (world) => slaFacts(world, CONTOSO_ADMIN, await contoso(world, "Paris ⇄ Azure"), "en"),
    }),
    dv("f2-conv-vas-y-install-fr", "conversation", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["comment installer la 24.3.2 sur nw-edge-sea-01 ?"],
      question: "ok vas-y, demain 2h",
      facts: async (world) => installFacts(world, "MX-E200-0103", "24.3.2", "02:00"),
    }),
    dv("f2-conv-the-one-to-aws", "conversation", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["show me the oracle paths"],
      question: "the one to aws",
      facts: async (world) => slaFacts(world, INITECH_ADMIN, await initech(world, "Oracle ⇄ AWS Paris"), "en"),
    }),
    dv("f2-conv-no-i-meant-lyon", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["hows the paris site"],
      question: "no i meant lyon",
      facts: async () => [text("the site", "Lyon Branch"), text("that it is inactive", ...WORDS.inactive.en)],
    }),
    dv("f2-conv-non-madrid-oracle-fr", "conversation", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["perte sur oracle ⇄ aws paris ?"],
      question: "non je voulais dire madrid ⇄ oracle",
      facts: async (world) => metricFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Oracle"), "lossPercent", "fr"),
    }),
    dv("f2-conv-three-jitter", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["list our cloud paths", "the azure one"],
      question: "jitter?",
      facts: async (world) => metricFacts(world, CONTOSO_ADMIN, await contoso(world, "Paris ⇄ Azure"), "jitterMs"),
    }),
    dv("f2-conv-three-yesterday", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["latency frankfurt ⇄ aws", "avg over the last 6h?"],
      question: "and yesterday",
      facts: async (world) => averageFacts(world, CONTOSO_ADMIN, await contoso(world, "Frankfurt ⇄ AWS"), "latencyMs", yesterday(world.now), "en"),
    }),
    dv("f2-conv-paths-from-madrid", "conversation", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["show me madrid office"],
      question: "which paths start there?",
      facts: async (world) => {
        const site = await siteNamed(world, INITECH_ADMIN, INITECH, "Madrid Office");
        const paths = await orgPaths(world, INITECH_ADMIN, INITECH);
        return [
          ...paths.filter((found) => found.sourceSiteId === site.id).map((found) => text(`the path ${found.name}`, found.name)),
          ...paths.filter((found) => found.sourceSiteId !== site.id && found.destinationSiteId !== site.id).map((found) => absent(`a path not at Madrid (${found.name})`, found.name)),
        ];
      },
    }),
    dv("f2-conv-ack-lyon", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["open alarms pls"],
      question: "ack the lyon one, note ISP ticket 5512",
      facts: async (world) => {
        const lyon = (await openAlarms(world, CONTOSO_ADMIN, CONTOSO)).filter((alarm) => alarm.source.includes("Lyon"));
        if (lyon.length === 0) return [approval("nothing open to acknowledge", false)];
        return [approval("a preview to approve", true), text("the alarm", ...lyon.map((alarm) => alarm.source)), text("the note", "5512")];
      },
    }),
    dv("f2-conv-compare-with", "conversation", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["latency of madrid ⇄ milan"],
      question: "compare w/ madrid ⇄ oracle",
      facts: async (world) => [
        ...(await metricFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Milan"), "latencyMs")),
        ...(await metricFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Oracle"), "latencyMs")),
      ],
    }),
    dv("f2-conv-pourquoi-celle-fr", "conversation", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      history: ["y a des alarmes chez nous ?"],
      question: "pourquoi celle sur madrid ⇄ milan ?",
      facts: async (world) => {
        const found = await initech(world, "Madrid ⇄ Milan");
        // What the alarm was raised for: the metric its message names, with the value it had then.
        const raisedFor = alarmsOn(await openAlarms(world, INITECH_ADMIN, INITECH), found.name).flatMap((alarm) =>
          (Object.keys(METRIC_WORDS.en) as Metric[]).flatMap((metric) => {
            const value = new RegExp(`${METRIC_WORDS.en[metric]} ([\\d.]+)`, "i").exec(alarm.message)?.[1];
            return value ? [text(`the alarm's metric (${metric})`, METRIC_WORDS.fr[metric]), number(`the ${metric} it was raised at`, Number(value), 0.5)] : [];
          }),
        );
        return [...(await slaFacts(world, INITECH_ADMIN, found, "fr")), ...raisedFor];
      },
    }),
    dv("f2-conv-go-ahead-site", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["how would i add a site called Dublin Lab in dublin for fabrikam?"],
      question: "go ahead",
      facts: async (world) => createSiteFacts(world, NORTHWIND_ADMIN, "Dublin Lab", "Dublin", FABRIKAM),
    }),
    dv("f2-conv-its-uptime-version", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["whats on nw-edge-par-01"],
      question: "whats its uptime and sw version",
      facts: async (world) => {
        const { device } = await nodeDevice(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-par-01");
        return [...(await uptimeFacts(world, "nw-edge-par-01")), ...(device ? [text("its version", device.softwareVersion)] : [])];
      },
    }),
    dv("f2-conv-same-fabrikam", "conversation", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      history: ["how many paths does contoso have"],
      question: "same for fabrikam",
      facts: async (world) => [text("the customer", FABRIKAM), number("its paths", (await orgPaths(world, NORTHWIND_ADMIN, FABRIKAM)).length, 0)],
    }),
    dv("f2-conv-taux-fr", "conversation", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["quels connecteurs a frankfurt dc ?"],
      question: "et son taux d'utilisation ?",
      facts: async (world) => busyFacts(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt cross-connect"),
    }),
    dv("f2-conv-bump-bw", "conversation", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      history: ["what bw is paris ⇄ azure on?"],
      question: "bump it to 2000",
      facts: async (world) => {
        const found = await contoso(world, "Paris ⇄ Azure");
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const ends = await Promise.all(
          ([[found.sourceSiteId, found.sourceConnectorId], [found.destinationSiteId, found.destinationConnectorId]] as const).map(async ([site, id]) => {
            const connector = (await siteConnectors(world, CONTOSO_ADMIN, site)).find((candidate) => candidate.id === id);
            if (!connector) throw new Error(`no connector ${id}`);
            return connectorLoad(connector, paths, found.id);
          }),
        );
        const short = ends.filter((load) => load.connector.bandwidth < 2000 || load.free < 2000);
        if (short.length === 0) return [approval("a preview to approve", true), text("the new bandwidth", ...mbps(2000))];
        return [approval("no preview beyond the connector", false), text("the connector too small", ...short.map((load) => load.connector.name))];
      },
    }),

    // --- coverage: what every screen and entity is, how-to, permissions, "what can I do here" ---
    dv("f2-cov-sla-warning", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what does 'warning' mean for a path's sla exactly? what thresholds",
      facts: async () => [
        text("latency", "latency"),
        number("the latency warning threshold (ms)", SLA_THRESHOLDS.latencyMs.warning, 0),
        text("jitter", "jitter"),
        number("the jitter warning threshold (ms)", SLA_THRESHOLDS.jitterMs.warning, 0),
        text("loss", "loss"),
        number("the loss warning threshold (%)", SLA_THRESHOLDS.lossPercent.warning, 0),
      ],
    }),
    dv("f2-cov-connecteur-quoi-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "c'est quoi un connecteur au juste ?",
      facts: async () => [
        text("the physical kind", "physique", "fibre"),
        text("the IPsec kind", "IPsec"),
        text("the external kind", "externe"),
        text("the virtual kind", "virtuel"),
        text("the internet kind", "internet", "DIA"),
      ],
    }),
    dv("f2-cov-page-alarms", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      page: async () => "alarms",
      question: "what can i do on this page",
      facts: async () => [
        text("acknowledging", "acknowledge"),
        text("unacknowledging", "unacknowledge", "unack"),
        text("showing the acknowledged ones", "show acknowledged", "show-acknowledged", "toggle"),
      ],
    }),
    dv("f2-cov-page-inventaire-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      page: async () => "msp/inventory",
      question: "je peux faire quoi ici ?",
      facts: async () => [text("claiming a device", "rattacher", "rattachez", "claim"), text("assigning a device", "affecter", "affectez", "assigner", "assignez", "attribuer")],
    }),
    dv("f2-cov-readonly-ack", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "can a read only user ack alarms?",
      facts: async () => mayFacts("customer-read-only", "common:config:write", "en", ["cannot acknowledge", "can't acknowledge", "cannot ack", "can't ack", "not allowed", "may not"]),
    }),
    dv("f2-cov-configure-invite-fr", "coverage", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "un utilisateur en configuration uniquement peut inviter des gens ?",
      facts: async () =>
        mayFacts("customer-configure", "common:user:write", "fr", [
          "ne peut pas inviter",
          "ne peuvent pas inviter",
          "ni inviter",
          "pas gérer les utilisateurs",
          "seul un administrateur",
          "seuls les administrateurs",
          "réservé aux administrateurs",
          "pas autorisé",
        ]),
    }),
    dv("f2-cov-msp-delete-site", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "can we delete a site in contoso's org for them?",
      facts: async () => [
        text("that only the customer deletes it", "only the customer", "only Contoso", "only customers", "customer must", "customer has to", "customer themselves", "customer's own"),
        approval("nothing to approve", false),
      ],
    }),
    dv("f2-cov-external-fabric-what", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "whats an external fabric for, and what do i need to set one up",
      facts: async () => [text("its type", "Equinix"), text("the client ID", "client ID"), text("the client secret", "client secret", "secret"), link("the external fabrics page", "msp/externalFabric")],
    }),
    dv("f2-cov-link-fields", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "what fields does a link take? cost? mtu range?",
      facts: async () => [
        text("the fiber type", "fiber"),
        text("the internet type", "internet"),
        text("the cost", "cost"),
        number("the lowest MTU", MTU_MIN, 0),
        number("the highest MTU", MTU_MAX, 0),
      ],
    }),
    dv("f2-cov-maj-maintenant-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "une maj logicielle je peux la lancer tout de suite ou faut planifier ?",
      facts: async () => [text("starting now", "maintenant", "tout de suite", "immédiatement"), text("or later", "plus tard", "planifi", "programm"), link("the lifecycle page", "msp/lifecycle")],
    }),
    dv("f2-cov-move-scheduled", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "can i move a scheduled upgrade to another time?",
      facts: async () => [text("editing it", "edit", "reschedule", "change"), text("its start time", "start time", "time"), link("the lifecycle page", "msp/lifecycle")],
    }),
    dv("f2-cov-events-before-after", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "in events do i see what a setting was before/after a change?",
      facts: async () => [text("the value before", "before"), text("the value after", "after"), link("the events page", "events")],
    }),
    dv("f2-cov-rename-org", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "where do i rename our org?",
      facts: async () => [text("the organization settings", "organization settings"), link("the organization settings", "organizationSettings")],
    }),
    dv("f2-cov-prenom-fr", "coverage", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "je veux changer mon prénom affiché, c'est où ?",
      facts: async () => [text("the first name", "prénom"), link("the user settings", "userSettings")],
    }),
    dv("f2-cov-onglets-noeud-fr", "coverage", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "sur la page d'un noeud edge y a quels onglets ?",
      facts: async () => {
        const t = translatorFor("fr");
        return (["overview", "monitor", "link", "configuration"] as const).map((tab) => text(`the ${tab} tab`, t(`nodes.tabs.${tab}`)));
      },
    }),
    dv("f2-cov-core-no-link-tab", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "why no link tab on a core node? where do i edit its links",
      facts: async () => [text("the core fabric's link editor", "core fabric", "fabric"), link("the core fabrics page", "msp/coreFabric")],
    }),
    dv("f2-cov-edge-vs-cpe", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "whats the diff between an edge node and a cpe",
      facts: async () => [
        text("that a CPE sits at the customer", "premises", "customer site", "customer's site", "at the customer"),
        text("the edge types", "With Switch", "switch"),
      ],
    }),
    dv("f2-cov-ethertypes", "coverage", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "which ethertypes can i pick on a subinterface",
      facts: async () => [text("802.1Q", "802.1q", "8021q"), text("802.1ad", "802.1ad", "802ad"), number("9100", 9100, 0), number("9200", 9200, 0)],
    }),
    dv("f2-cov-readonly-reboot-fr", "coverage", "fr", {
      user: NORTHWIND_READONLY,
      organization: NORTHWIND,
      question: "je peux redémarrer un boîtier avec mon compte ?",
      facts: async (world) => {
        const role = await myRole(world, NORTHWIND_READONLY);
        const refused = ["ne pouvez pas redémarrer", "ne peut pas redémarrer", "ne permet pas", "pas autorisé", "pas le droit"];
        const facts = mayFacts(role, "msp:lifecycle:write", "fr", refused);
        // Asked of the user's own role: a refusal never says the role allows it.
        return [...facts, ...(hasScopes(ROLE_SCOPES[role], ["msp:lifecycle:write"]) ? [] : [absent("that the role allows it", "vous permet")]), approval("nothing to approve", false)];
      },
    }),
    dv("f2-cov-probe-levels", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what do the probe levels on the dashboard mean?",
      facts: async () => PROBE_LEVELS.map((level) => text(`the level ${level}`, PROBE_WORDS[level][0])),
    }),
    dv("f2-cov-couche-fr-in-en", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "c'est quoi la diff entre couche 2 et couche 3 pour un chemin ?",
      facts: async () => [text("French words", "chemin", "couche"), text("the prefix of Layer 3", "préfixe"), text("the VLAN of Layer 2", "VLAN")],
    }),
    dv("f2-cov-ipsec-lifetimes", "coverage", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "ipsec connector phase 1 / phase 2 lifetime, in what unit?",
      facts: async () => [text("that they are in hours", "in hours", "en heures")],
    }),

    // --- names: aliases, French city names, another tenant's, partial serials, ambiguity ---
    dv("f2-names-dc-francfort-fr", "names", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "le dc de francfort va bien ?",
      facts: async () => [text("the site", "Frankfurt DC"), absent("a question back about a name that is not ambiguous", "lequel")],
    }),
    dv("f2-names-dx-paris", "names", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "status of the dx site in paris",
      facts: async () => [text("the site", "AWS Direct Connect Paris")],
    }),
    dv("f2-names-seattle-ambiguous", "names", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "hows the seattle path",
      facts: async (world) => candidates((await orgPaths(world, FABRIKAM_ADMIN, FABRIKAM)).filter((found) => found.name.includes("Seattle")).map((found) => found.name), "en"),
    }),
    dv("f2-names-fastconnect", "names", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "how busy is our fastconnect",
      facts: async (world) => busyFacts(world, INITECH_ADMIN, INITECH, "OCI FastConnect"),
    }),
    dv("f2-names-other-tenant", "names", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      unseen: true,
      question: "latency on madrid ⇄ milan?",
      facts: async () => [text("that there is no such path", ...WORDS.notFound.en)],
    }),
    dv("f2-names-serial-partial-fr", "names", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "le boitier 0103 il est sur quel noeud ?",
      facts: async (world) => {
        const device = (await devices(world, NORTHWIND_ADMIN)).find((candidate) => candidate.serialNumber.endsWith("-0103"));
        if (!device?.nodeName) throw new Error("MX-E200-0103 is on no node");
        return [text("its node", device.nodeName)];
      },
    }),

    // --- typos and synonyms ---
    dv("f2-typo-jitr-frnkfurt", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "jitr on frnkfurt-paris",
      facts: async (world) => metricFacts(world, CONTOSO_ADMIN, await contoso(world, "Paris ⇄ Frankfurt"), "jitterMs"),
    }),
    dv("f2-typo-conecteur-dia-fr", "typos-synonyms", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "charge du conecteur paris dia stp",
      facts: async (world) => busyFacts(world, CONTOSO_ADMIN, CONTOSO, "Paris DIA"),
    }),
    dv("f2-typo-bandwith-gcp", "typos-synonyms", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "bandwith of gcp-seatle path",
      facts: async (world) => {
        const found = await fabrikam(world, "GCP ⇄ Seattle");
        return [text("the path", found.name), text("its bandwidth", ...mbps(found.bandwidth))];
      },
    }),
    dv("f2-syn-rtt", "typos-synonyms", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "rtt between madrid and milan?",
      facts: async (world) => metricFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Milan"), "latencyMs"),
    }),
    dv("f2-typo-versoin-edge", "typos-synonyms", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "versoin on edge-fra1?",
      facts: async (world) => {
        const { node, device } = await nodeDevice(world, NORTHWIND_ADMIN, NORTHWIND, "nw-edge-fra-01");
        return [text("the node", node.name), device ? text("its version", device.softwareVersion) : text("that no device is assigned", "no device")];
      },
    }),
    dv("f2-syn-hors-sla-fr-in-en", "typos-synonyms", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "des chemins hors sla ?",
      facts: async (world) => [text("French words", "chemin"), ...(await troubleFacts(world, CONTOSO_ADMIN, CONTOSO, "fr"))],
    }),

    // --- plans: rank, compare, count, filter, two-part ---
    dv("f2-plan-customer-most-alarms", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "which customer has the most open alarms rn?",
      facts: async (world) => {
        const open = await openAlarms(world, NORTHWIND_ADMIN, NORTHWIND);
        const counted = await Promise.all([CONTOSO, FABRIKAM].map(async (name) => {
          const id = await world.organization(name);
          return { name, count: open.filter((alarm) => alarm.organizationId === id).length };
        }));
        const { top, tied } = leaders(counted, (item) => item.count, true, 0);
        if (top.count === 0) return [text("that no customer has one", ...WORDS.none.en)];
        return [text("the customer", ...tied.map((item) => item.name)), number("its open alarms", top.count, 0)];
      },
    }),
    dv("f2-plan-compare-core-cpu", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "compare cpu nw-core-fra vs nw-core-lon",
      facts: async (world) => [
        ...(await loadOfNode(world, NORTHWIND_ADMIN, NORTHWIND, "nw-core-fra", false)),
        ...(await loadOfNode(world, NORTHWIND_ADMIN, NORTHWIND, "nw-core-lon", false)),
      ],
    }),
    dv("f2-plan-pire-lien-backbone-fr", "plans", "fr", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "quel lien du backbone a la pire latence ?",
      facts: async (world) => {
        const session = await world.session(NORTHWIND_ADMIN);
        const [fabric] = (await session.get<{ items: { id: string }[] }>(`/config/msp/${await world.organization(NORTHWIND)}/core-fabric`)).items;
        const links = (await session.get<{ items: { name: string; latencyMs: number | null }[] }>(`/telemetry/core-fabric/${fabric.id}/link-health?limit=100`)).items;
        // The backbone is the core fabric: a link to an edge or CPE node is not one of its links.
        const access = (await session.get<{ items: { name: string }[] }>(`/telemetry/organization/${await world.organization(NORTHWIND)}/link-health?limit=100`)).items.filter(
          (candidate) => !links.some((core) => core.name === candidate.name),
        );
        const measured = links.filter((item): item is { name: string; latencyMs: number } => item.latencyMs !== null);
        if (measured.length === 0) return [text("that no link reports latency", ...NO_DATA.fr)];
        const { top, tied } = leaders(measured, (item) => item.latencyMs, true, 0.5);
        return [
          text("the link with the most latency", ...tied.map((item) => item.name)),
          number("its latency", top.latencyMs, slack(top.latencyMs, 0.1)),
          ...access.map((item) => absent(`a link outside the backbone (${item.name})`, item.name)),
        ];
      },
    }),
    dv("f2-plan-paths-over-500", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "paths over 500 mbps?",
      facts: async (world) => {
        const paths = await orgPaths(world, CONTOSO_ADMIN, CONTOSO);
        const over = paths.filter((found) => found.bandwidth > 500);
        if (over.length === 0) return [text("that none is", ...WORDS.none.en)];
        return [
          ...over.map((found) => text(`the path ${found.name}`, found.name)),
          ...paths.filter((found) => found.bandwidth <= 500).map((found) => absent(`a path at ${found.bandwidth} Mbps (${found.name})`, found.name)),
        ];
      },
    }),
    dv("f2-plan-latence-moyenne-fr", "plans", "fr", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "latence moyenne de tous nos chemins en ce moment ?",
      facts: async (world) => {
        const latencies = (await Promise.all((await orgPaths(world, FABRIKAM_ADMIN, FABRIKAM)).map(async (found) => (await currentOf(world, FABRIKAM_ADMIN, found)).latencyMs))).filter(
          (value): value is number => value !== null,
        );
        if (latencies.length === 0) return [text("that no path reports", ...NO_DATA.fr)];
        const value = average(latencies);
        return [text("the metric", METRIC_WORDS.fr.latencyMs), number("the average latency now", value, slack(value))];
      },
    }),
    dv("f2-plan-msp-most-devices", "plans", "en", {
      user: OPERATOR,
      organization: "Maia",
      question: "which msp has the most boxes?",
      facts: async (world) => {
        const all = await devices(world, OPERATOR);
        const names = [...new Set(all.map((device) => device.mspName).filter((name): name is string => name !== null))];
        const { top, tied } = leaders(names.map((name) => ({ name, count: all.filter((device) => device.mspName === name).length })), (item) => item.count, true, 0);
        return [text("the MSP", ...tied.map((item) => item.name)), number("its devices", top.count, 0)];
      },
    }),
    dv("f2-plan-lowest-lat", "plans", "en", {
      user: FABRIKAM_ADMIN,
      organization: FABRIKAM,
      question: "which path has the lowest lat",
      facts: async (world) => {
        const measured = (await Promise.all((await orgPaths(world, FABRIKAM_ADMIN, FABRIKAM)).map(async (found) => ({ found, latency: (await currentOf(world, FABRIKAM_ADMIN, found)).latencyMs })))).filter(
          (item): item is { found: ApiPath; latency: number } => item.latency !== null,
        );
        if (measured.length === 0) return [text("that no path reports", ...NO_DATA.en)];
        const { top, tied } = leaders(measured, (item) => item.latency, false, 0.5);
        return [text("the path with the least latency", ...tied.map((item) => item.found.name)), number("its latency", top.latency, slack(top.latency))];
      },
    }),
    dv("f2-plan-cloud-sites-msp", "plans", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "how many cloud sites across all our customers?",
      facts: async (world) => {
        const sites = [...(await orgSites(world, NORTHWIND_ADMIN, CONTOSO)), ...(await orgSites(world, NORTHWIND_ADMIN, FABRIKAM))];
        const cloud = sites.filter((site) => site.type !== "standard").length;
        // A count said as one (a lone figure in a list of sites is not it).
        return [text("how many cloud sites", `${cloud} cloud`, `cloud sites: ${cloud}`, `cloud: ${cloud}`)];
      },
    }),
    dv("f2-plan-compare-perte-fr", "plans", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "compare la perte entre oracle ⇄ aws paris et madrid ⇄ oracle",
      facts: async (world) => [
        ...(await metricFacts(world, INITECH_ADMIN, await initech(world, "Oracle ⇄ AWS Paris"), "lossPercent", "fr")),
        ...(await metricFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Oracle"), "lossPercent", "fr")),
      ],
    }),
    dv("f2-plan-unhealthy-with-alarms", "plans", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "unhealthy paths + their open alarms",
      facts: async (world) => {
        const troubled = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter((found) => found.slaHealth === "warning" || found.slaHealth === "bad");
        const open = await openAlarms(world, CONTOSO_ADMIN, CONTOSO);
        const alarms = troubled.flatMap((found) => alarmsOn(open, found.name));
        return [...(await troubleFacts(world, CONTOSO_ADMIN, CONTOSO, "en")), ...alarms.map((alarm) => text(`the ${alarm.severity} alarm on ${alarm.source}`, ...SEVERITY_WORDS.en[alarm.severity]))];
      },
    }),

    // --- time: weekdays, calendar days, this morning, tonight ---
    dv("f2-time-since-tuesday", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "any changes since tuesday?",
      facts: async (world) => eventFacts(world, CONTOSO_ADMIN, [lastWeekday(world.now, 2), world.now], "en"),
    }),
    dv("f2-time-perte-ce-matin-fr", "time", "fr", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "perte moyenne madrid ⇄ oracle depuis ce matin ?",
      facts: async (world) => averageFacts(world, INITECH_ADMIN, await initech(world, "Madrid ⇄ Oracle"), "lossPercent", [dayStart(world.now), world.now], "fr"),
    }),
    dv("f2-time-alarms-24h", "time", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "alarms raised in the last 24h?",
      facts: async (world) => {
        const raised = (await allAlarms(world, NORTHWIND_ADMIN)).filter((alarm) => Date.parse(alarm.raisedAt) >= world.now - DAY);
        if (raised.length === 0) return [text("that none was raised", ...WORDS.none.en)];
        const sources = [...new Set(raised.map((alarm) => alarm.source))];
        return sources.length <= 6 ? sources.map((source) => text(`the alarm on ${source}`, source)) : [number("how many were raised", raised.length, 0)];
      },
    }),
    dv("f2-time-peak-yesterday", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "peak latency on paris ⇄ azure yesterday?",
      facts: async (world) => {
        const found = await contoso(world, "Paris ⇄ Azure");
        const points = await pointsBetween(world, CONTOSO_ADMIN, found, ...yesterday(world.now));
        if (points.length === 0) return [text("the path", found.name), text("that there is no measurement", ...NO_DATA.en)];
        const highest = Math.max(...points.map((point) => point.latencyMs));
        const peak = Math.max(...points.map((point) => point.latencyMaxMs));
        // The highest average point or the highest peak: both are a fair "peak latency".
        return [text("the path", found.name), number("the peak latency", (highest + peak) / 2, Math.max(1, (peak - highest) / 2 + slack(peak)))];
      },
    }),
    dv("f2-time-vendredi-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "qu'est-ce qui a bougé vendredi dernier ?",
      facts: async (world) => {
        const friday = lastWeekday(world.now, 5, true);
        return eventFacts(world, CONTOSO_ADMIN, [friday, friday + DAY], "fr");
      },
    }),
    dv("f2-time-reboot-tonight", "time", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "reboot the seattle edge tonight 11pm",
      facts: async (world) => rebootFacts(world, "MX-E200-0103", "23:00"),
    }),

    // --- root cause: failures, impact, inactive ends, the worst path and why ---
    dv("f2-rc-reboot-failed", "root-cause", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "why did the reboot on MX-E200-0103 fail?",
      facts: async (world) => {
        const failed = (await operations(world, NORTHWIND_ADMIN, "finished")).find((operation) => operation.serialNumber === "MX-E200-0103" && operation.operation === "reboot" && operation.status === "failed");
        if (!failed) throw new Error("no failed reboot of MX-E200-0103");
        return [text("that the device did not come back in time", "did not come back", "didn't come back", "timed out", "timeout", "time out"), number("the progress it failed at (%)", failed.progress, 0)];
      },
    }),
    dv("f2-rc-lyon-paris-no-numbers", "root-cause", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "why are there no numbers on lyon ⇄ paris",
      facts: async (world) => {
        const found = await contoso(world, "Lyon ⇄ Paris");
        if (found.slaHealth !== "unknown") return slaFacts(world, CONTOSO_ADMIN, found, "en");
        const sites = (await orgSites(world, CONTOSO_ADMIN, CONTOSO)) as (ApiSite & { active: boolean })[];
        const inactive = sites.filter((site) => !site.active && (site.id === found.sourceSiteId || site.id === found.destinationSiteId));
        if (inactive.length === 0) return [text("the path", found.name), text("that it has no measurement", ...NO_DATA.en)];
        return [...inactive.map((site) => text(`the inactive end ${site.name}`, site.name)), text("that it is inactive", ...WORDS.inactive.en)];
      },
    }),
    dv("f2-rc-blast-core-fra", "root-cause", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "if nw-core-fra dies who gets hit?",
      facts: async (world) => {
        const node = await nodeNamed(world, "nw-core-fra");
        const radius = await (await world.session(NORTHWIND_ADMIN)).get<{ customers: { name: string }[]; paths: { name: string }[] }>(`/config/node/${node.id}/blast-radius`);
        if (radius.paths.length === 0) return [text("that no customer path crosses it", ...WORDS.none.en, "no path", "no customer")];
        return [...radius.customers.map((customer) => text(`the customer ${customer.name}`, customer.name)), ...radius.paths.slice(0, 6).map((found) => text(`the path ${found.name}`, found.name))];
      },
    }),
    dv("f2-rc-client-plainte-fr", "root-cause", "fr", {
      user: BLUEWAVE_ADMIN,
      organization: BLUEWAVE,
      question: "un client se plaint, c'est quoi le chemin le plus dégradé chez initech et pourquoi ?",
      facts: async (world) => {
        const paths = await orgPaths(world, BLUEWAVE_ADMIN, INITECH);
        const worst = await worstPath(world, BLUEWAVE_ADMIN, INITECH);
        const sameRank = paths.filter((found) => SLA_RANK[found.slaHealth] === SLA_RANK[worst.slaHealth]);
        if (worst.slaHealth === "healthy") return [text("that every path is healthy", ...SLA_WORDS.fr.healthy)];
        if (sameRank.length === 1) return slaFacts(world, BLUEWAVE_ADMIN, worst, "fr");
        return [text("one of the worst paths", ...sameRank.map((found) => found.name)), text(`their state (${worst.slaHealth})`, ...SLA_WORDS.fr[worst.slaHealth])];
      },
    }),
    dv("f2-rc-link-down-sea", "root-cause", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "what was that critical alarm on nw-edge-sea-01 last week about?",
      facts: async (world) => {
        const alarm = (await allAlarms(world, NORTHWIND_ADMIN)).find((candidate) => candidate.severity === "critical" && candidate.source === "nw-edge-sea-01");
        if (!alarm) throw new Error("no critical alarm on nw-edge-sea-01");
        return [
          text("its message", alarm.message, "link down", "nw-core-ash"),
          ...(alarm.clearedAt ? [text("that it cleared", "cleared", "resolved", "came back", "recovered")] : []),
        ];
      },
    }),
    dv("f2-rc-paris-hq-warning", "root-cause", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "paris hq is showing warning on the dashboard, why?",
      facts: async (world) => {
        const site = (await siteHealth(world, CONTOSO_ADMIN, CONTOSO)).find((candidate) => candidate.name === "Paris HQ") as ({ health: string } & { siteId: string; name: string }) | undefined;
        if (!site) throw new Error("no site Paris HQ");
        const troubled = (await orgPaths(world, CONTOSO_ADMIN, CONTOSO)).filter(
          (found) => (found.sourceSiteId === site.siteId || found.destinationSiteId === site.siteId) && (found.slaHealth === "warning" || found.slaHealth === "bad"),
        );
        if (troubled.length > 0) return (await Promise.all(troubled.map((found) => slaFacts(world, CONTOSO_ADMIN, found, "en")))).flat();
        if (site.health === "healthy") return [text("the site", site.name), text("that it is healthy now", "healthy")];
        const connectors = (await connectorHealth(world, CONTOSO_ADMIN, CONTOSO)) as { name: string; siteName?: string; health?: string }[];
        return connectors.filter((connector) => connector.siteName === site.name && connector.health !== "healthy").map((connector) => text(`the connector ${connector.name}`, connector.name));
      },
    }),
  ];
}
