// The held-out set's machinery: a case builder (the question's language is the id's suffix, and the answer is
// expected in it), the words a right answer may use in each language, and reads of the API the facts come from.
// Everything the network decides (states, counts, values, times) is read here at run time, never written down.
import type { Locale } from "@/lib/constants";
import { fromZonedInput, toZonedInput } from "@/lib/lifecycle/zoned-time";
import { absent, number, text, type Category, type EvalCase, type EvalWorld, type Fact, type Question } from "../../../scripts/assistant-eval/harness";
import { CONTOSO_ADMIN, CONTOSO_READONLY, FABRIKAM_ADMIN, NORTHWIND_ADMIN, OPERATOR, orgPaths, pathNamed, type ApiPath } from "../../../scripts/assistant-eval/world";

export const INITECH_ADMIN = "admin@initech.example";
export const NORTHWIND_CONFIGURE = "configure@northwind.example";
export const NORTHWIND_READONLY = "readonly@northwind.example";
export const BLUEWAVE_ADMIN = "admin@bluewave.example";
export const MAIA_READONLY = "readonly@maia.example";

export const CONTOSO = "Contoso";
export const FABRIKAM = "Fabrikam";
export const INITECH = "Initech";
export const NORTHWIND = "Northwind Networks";
export const BLUEWAVE = "Bluewave Telecom";

const ORGANIZATION_OF: Record<string, string> = {
  [CONTOSO_ADMIN]: CONTOSO,
  [CONTOSO_READONLY]: CONTOSO,
  [FABRIKAM_ADMIN]: FABRIKAM,
  [INITECH_ADMIN]: INITECH,
  [NORTHWIND_ADMIN]: NORTHWIND,
  [NORTHWIND_CONFIGURE]: NORTHWIND,
  [NORTHWIND_READONLY]: NORTHWIND,
  [BLUEWAVE_ADMIN]: BLUEWAVE,
  [OPERATOR]: "Maia",
  [MAIA_READONLY]: "Maia",
};

export type Lang = Locale;
type Facts = (world: EvalWorld, lang: Lang) => Promise<Fact[]>;

export interface HeldOutSpec {
  /** Without the ho- prefix; ends with -en or -fr, the language the question is written (and answered) in. */
  id: string;
  category: Category;
  user: string;
  /** The interface's language; the question's own when absent. */
  locale?: Locale;
  organization?: string;
  question: Question;
  history?: Question[];
  page?: (world: EvalWorld) => Promise<string>;
  facts: Facts;
  /** Typed with typos or abbreviations ("latncy", "rn", "tmrw"): counted by check.ts, not used by the evaluation. */
  sloppy?: boolean;
}

/** The ids of the questions typed with typos or abbreviations. */
export const SLOPPY = new Set<string>();

/** The language a held-out question is written in, from its id. */
export function questionLanguage(id: string): Lang {
  if (id.endsWith("-fr")) return "fr";
  if (id.endsWith("-en")) return "en";
  throw new Error(`held-out id ${id} must end with -en or -fr`);
}

export function heldOut(spec: HeldOutSpec): EvalCase {
  const lang = questionLanguage(spec.id);
  const organization = spec.organization ?? ORGANIZATION_OF[spec.user];
  if (!organization) throw new Error(`no organization for ${spec.user}`);
  if (spec.sloppy) SLOPPY.add(`ho-${spec.id}`);
  return {
    id: `ho-${spec.id}`,
    category: spec.category,
    locale: spec.locale ?? lang,
    user: spec.user,
    organization,
    question: spec.question,
    ...(spec.history ? { history: spec.history } : {}),
    ...(spec.page ? { page: spec.page } : {}),
    facts: (world) => spec.facts(world, lang),
  };
}

// --- Words a right answer uses, in each language (broad: several wordings are right). ---

type Words = Record<Lang, string[]>;
export const say = (why: string, words: Words, lang: Lang): Fact => text(why, ...words[lang]);

export const NOT_FOUND: Words = {
  en: ["I cannot see", "I can't see", "not found", "couldn't find", "could not find", "can't find", "cannot find", "doesn't exist", "does not exist", "don't see", "do not see", "no such", "found no", "no match", "not visible"],
  fr: ["Je ne vois pas", "introuvable", "ne trouve pas", "n'existe pas", "pas trouvé", "je ne connais pas", "aucun chemin", "aucun site", "aucun nœud", "aucun objet", "ne correspond"],
};
export const WHICH_ONE: Words = {
  en: ["which one", "several", "more than one", "did you mean", "do you mean", "multiple", "which of", "two paths", "2 paths"],
  fr: ["lequel", "laquelle", "plusieurs", "voulez-vous dire", "vouliez-vous dire", "précisez", "préciser", "deux chemins", "2 chemins"],
};
export const REFUSED: Words = {
  en: ["not allowed", "permission", "may not", "read-only", "read only", "not authorized", "not authorised", "not permitted", "don't have the right", "do not have the right", "cannot do", "can't do"],
  fr: ["pas autorisé", "permission", "droit", "lecture seule", "ne pouvez pas", "non autorisé", "interdit", "pas le droit"],
};
export const INACTIVE: Words = { en: ["inactive", "not active", "deactivated", "disabled"], fr: ["inactif", "inactive", "désactivé", "pas actif", "n'est pas actif"] };
export const NO_DATA: Words = {
  en: ["no data", "no measurement", "insufficient data", "no sample", "not reporting", "no figures", "not enough data", "never reported", "no telemetry", "unknown", "nothing reported"],
  fr: ["aucune donnée", "aucune mesure", "données insuffisantes", "aucun échantillon", "ne remonte", "pas de donnée", "pas de mesure", "pas assez de données", "inconnu"],
};
export const NONE: Words = {
  en: ["no open", "none", "no alarm", "nothing", "there are no", "there is no", "no active", "all clear", "not any", "zero"],
  fr: ["aucun", "aucune", "rien", "il n'y a pas", "pas d'alarme", "zéro"],
};
export const OUT_OF_SCOPE: Words = {
  en: ["outside", "out of scope", "can't help with", "cannot help with", "not something I", "I can only", "I only", "beyond what", "not able to", "unable to", "not related to", "can't answer", "cannot answer", "don't have access to", "do not have access to", "isn't something", "is not something"],
  fr: ["hors", "en dehors", "ne peux pas", "je peux seulement", "uniquement", "pas de mon ressort", "je ne peux", "ne relève pas", "n'est pas quelque chose", "pas accès", "ne sais pas répondre"],
};
const UNREACHABLE: Words = {
  en: ["not reachable", "unreachable", "offline", "not reporting", "silent", "stopped reporting", "isn't reachable"],
  fr: ["injoignable", "pas joignable", "plus joignable", "hors ligne", "ne remonte", "silencieux"],
};
/** Whether a device is reachable: said so, and (when it is) not said otherwise. */
export function reachFacts(reachable: boolean, lang: Lang): Fact[] {
  if (!reachable) return [say("that it is unreachable", UNREACHABLE, lang)];
  return [
    say("that it is reachable", { en: ["reachable", "online"], fr: ["joignable", "en ligne"] }, lang),
    ...UNREACHABLE[lang].slice(0, 3).map((word) => absent("that it is unreachable", word)),
  ];
}
export const SLA: Record<Lang, Record<ApiPath["slaHealth"], string[]>> = {
  en: { healthy: ["healthy"], warning: ["warning"], bad: ["bad", "breach", "degraded", "critical"], unknown: ["unknown", "insufficient data", "no data"] },
  fr: { healthy: ["sain", "bonne santé"], warning: ["alerte", "avertissement"], bad: ["dégradé", "mauvais", "critique"], unknown: ["inconnu", "données insuffisantes", "aucune donnée"] },
};
export const LINK_HEALTH: Record<Lang, Record<"healthy" | "warning" | "unhealthy" | "unknown", string[]>> = {
  en: { healthy: ["healthy"], warning: ["warning"], unhealthy: ["unhealthy", "down", "bad"], unknown: ["unknown", "no data", "not reporting"] },
  fr: { healthy: ["sain", "bonne santé"], warning: ["alerte", "avertissement"], unhealthy: ["défaillant", "en panne", "hors service", "down", "dégradé"], unknown: ["inconnu", "aucune donnée"] },
};
export type Metric = "latencyMs" | "jitterMs" | "lossPercent";
export const METRIC: Record<Lang, Record<Metric, string[]>> = {
  en: { latencyMs: ["latency"], jitterMs: ["jitter"], lossPercent: ["loss"] },
  fr: { latencyMs: ["latence"], jitterMs: ["gigue"], lossPercent: ["perte"] },
};
export const metricWords = (metric: Metric, lang: Lang) => text(`the metric (${metric})`, ...METRIC[lang][metric]);

/** A measured value: half a unit or 5 % either way (the network moves while the answer is written). */
export const measured = (why: string, value: number, floor = 0.5) => number(why, value, Math.max(floor, Math.abs(value) * 0.05));

// --- Reads of the API. ---

type Listing<T> = T[] | { items: T[] };
/** A list endpoint's rows, as the user sees them (a plain array or a page). */
export async function rows<T>(world: EvalWorld, email: string, path: string): Promise<T[]> {
  const answer = await (await world.session(email)).get<Listing<T>>(path);
  return Array.isArray(answer) ? answer : answer.items;
}

export interface FullSite {
  id: string;
  name: string;
  type: string;
  active: boolean;
  organizationId: string;
  location: { address: string };
}
export const sitesOf = async (world: EvalWorld, email: string, organization: string) =>
  rows<FullSite>(world, email, `/config/organization/${await world.organization(organization)}/site?limit=100`);

export async function siteCalled(world: EvalWorld, email: string, organization: string, name: string): Promise<FullSite> {
  const found = (await sitesOf(world, email, organization)).find((site) => site.name === name);
  if (!found) throw new Error(`no site ${name}`);
  return found;
}

export interface Current {
  sla: ApiPath["slaHealth"];
  latencyMs: number | null;
  jitterMs: number | null;
  lossPercent: number | null;
  breaches: { metric: Metric; value: number; level: "warning" | "bad" }[];
}
interface Performance {
  points: { latencyMs: number; latencyMaxMs: number; jitterMs: number; lossPercent: number }[];
  current: Current;
}
export async function performanceOf(world: EvalWorld, email: string, pathId: string, range?: { from: number; to: number }): Promise<Performance> {
  const query = range ? `?from=${encodeURIComponent(new Date(range.from).toISOString())}&to=${encodeURIComponent(new Date(range.to).toISOString())}` : "";
  return (await world.session(email)).get<Performance>(`/telemetry/path/${pathId}/performance${query}`);
}
const HOUR = 3600_000;
export type Range = { from: number; to: number };
export const lastHours = (world: EvalWorld, hours: number): Range => ({ from: world.now - hours * HOUR, to: world.now });

/** A path's metric averaged over a range: the path, the metric and the mean of its points. */
export async function averageFacts(world: EvalWorld, email: string, organization: string, name: string, metric: Metric, range: Range, lang: Lang, floor = 0.5): Promise<Fact[]> {
  const path = await pathNamed(world, email, organization, name);
  const series = await performanceOf(world, email, path.id, range);
  return [text("the path", path.name), metricWords(metric, lang), measured(`the average ${metric}`, mean(series.points.map((point) => point[metric])), floor)];
}

export const currentOf = async (world: EvalWorld, email: string, pathId: string) => (await performanceOf(world, email, pathId)).current;

/** A path's metric as it is now (no figure asked for when it has none). */
export async function metricNow(world: EvalWorld, email: string, organization: string, name: string, metric: Metric, lang: Lang, floor = 0.3): Promise<Fact[]> {
  const path = await pathNamed(world, email, organization, name);
  const value = (await currentOf(world, email, path.id))[metric];
  return [text("the path", path.name), metricWords(metric, lang), ...(value === null ? [say("that it has no figure", NO_DATA, lang)] : [measured(`the ${metric} now`, value, floor)])];
}

export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

export interface MspNode {
  id: string;
  name: string;
  kind: "edge" | "cpe" | "core";
  deviceSerialNumber: string | null;
  coreFabricId: string | null;
}
export const mspNodes = async (world: EvalWorld, email: string, msp: string) =>
  rows<MspNode>(world, email, `/config/msp/${await world.organization(msp)}/node?limit=100`);

export async function nodeOf(world: EvalWorld, email: string, msp: string, name: string): Promise<MspNode> {
  const found = (await mspNodes(world, email, msp)).find((node) => node.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
}

export interface DeviceStatus {
  serialNumber: string;
  softwareVersion: string;
  reachable: boolean;
  uptimeSeconds: number | null;
}
export async function deviceOfNode(world: EvalWorld, email: string, nodeId: string): Promise<DeviceStatus> {
  const status = await (await world.session(email)).get<{ device: DeviceStatus | null }>(`/telemetry/node/${nodeId}/device`);
  if (!status.device) throw new Error(`no device on node ${nodeId}`);
  return status.device;
}

/** A node's front panel: its ports and those down. */
export async function frontPanel(world: EvalWorld, email: string, msp: string, name: string) {
  const node = await nodeOf(world, email, msp, name);
  const { ports } = await (await world.session(email)).get<{ ports: { portId: string; status: string | null }[] }>(`/telemetry/node/${node.id}/ports`);
  return { node, ports, down: ports.filter((port) => port.status === "down") };
}
export const NO_PORT_DOWN: Words = { en: ["no port is down", "none is down", "none are down", "all up", "all ports are up", "no down"], fr: ["aucun port", "tous les ports"] };

/** The node (or its device) and whether its device is reachable. */
export async function reachabilityFacts(world: EvalWorld, email: string, msp: string, name: string, lang: Lang): Promise<Fact[]> {
  const node = await nodeOf(world, email, msp, name);
  const device = await deviceOfNode(world, email, node.id);
  return [text("the node or its device", node.name, device.serialNumber), ...reachFacts(device.reachable, lang)];
}

export interface Alarm {
  id: string;
  severity: "critical" | "major" | "minor" | "warning";
  type: string;
  source: string;
  message: string;
  raisedAt: string;
  clearedAt: string | null;
  acknowledged: boolean;
  acknowledgedBy: string | null;
  note: string | null;
}
/** Alarms as the alarms page lists them for the user (own organization's console). */
export const alarmsOf = (world: EvalWorld, email: string, query = "acknowledged=false&state=active") => rows<Alarm>(world, email, `/alarm?${query}&limit=500`);

export interface ChangeEvent {
  id: string;
  timestamp: string;
  type: string;
  entityType: string;
  entityId: string;
  actor: string | null;
  before: unknown;
  after: unknown;
}
export async function eventsBetween(world: EvalWorld, email: string, from: number, to: number): Promise<ChangeEvent[]> {
  const query = `startTime=${encodeURIComponent(new Date(from).toISOString())}&endTime=${encodeURIComponent(new Date(to).toISOString())}&limit=200`;
  return rows<ChangeEvent>(world, email, `/event?${query}`);
}

export interface ConnectorHealth {
  name: string;
  kind: string;
  siteName: string;
  bandwidthMbps: number;
  status: "up" | "down" | null;
  utilizationPercent: number | null;
  health: "healthy" | "warning" | "unhealthy" | "unknown";
}
export const connectorHealthOf = async (world: EvalWorld, email: string, organization: string) =>
  rows<ConnectorHealth>(world, email, `/telemetry/organization/${await world.organization(organization)}/connector-health?limit=100`);

export interface SiteHealth {
  siteId: string;
  name: string;
  active: boolean;
  health: "healthy" | "warning" | "unhealthy" | "unknown";
  rxBps: number | null;
  txBps: number | null;
}
export const siteHealthOf = async (world: EvalWorld, email: string, organization: string) =>
  rows<SiteHealth>(world, email, `/telemetry/organization/${await world.organization(organization)}/site-health?limit=100`);

export interface LinkHealth {
  name: string;
  type: string;
  sourceNodeName: string;
  destinationNodeName: string;
  status: "up" | "down" | null;
  latencyMs: number | null;
  lossPercent: number | null;
  health: "healthy" | "warning" | "unhealthy" | "unknown";
}
export const linkHealthOf = async (world: EvalWorld, email: string, msp: string) =>
  rows<LinkHealth>(world, email, `/telemetry/organization/${await world.organization(msp)}/link-health?limit=500`);

export interface Operation {
  serialNumber: string;
  nodeName: string | null;
  operation: "install-version" | "reboot";
  version: string | null;
  status: string;
  scheduledAt: string;
  finishedAt: string | null;
}
export const operationsOf = (world: EvalWorld, email: string, tab: "scheduled" | "running" | "finished") =>
  rows<Operation>(world, email, `/lifecycle/operation?tab=${tab}&limit=500`);

// --- Ranking: a right answer names the first, or one as good as the first (within a margin). ---

export interface Ranked {
  name: string;
  value: number;
}
const close = (a: number, b: number, margin: number, floor: number) => Math.abs(a - b) <= Math.max(margin * Math.max(Math.abs(a), Math.abs(b)), floor);
/**
 * For each of the first k places, the names that could hold it: values within `margin` (a fraction) or `floor` (in
 * the values' unit) of its value.
 */
export function rankFacts(ranked: Ranked[], k: number, what: string, margin = 0.08, floor = 0.5): Fact[] {
  const sorted = [...ranked].sort((a, b) => b.value - a.value);
  return sorted.slice(0, k).map((entry, place) =>
    text(`${what} #${place + 1} (${entry.name})`, ...sorted.filter((other) => close(other.value, entry.value, margin, floor)).map((other) => other.name)),
  );
}

// --- Paths: their state, and what explains it. ---

const RANK: Record<ApiPath["slaHealth"], number> = { bad: 3, warning: 2, unknown: 1, healthy: 0 };
/** The paths in the worst SLA state there is, by name. */
export async function worstPaths(world: EvalWorld, email: string, organization: string): Promise<ApiPath[]> {
  const paths = await orgPaths(world, email, organization);
  const worst = Math.max(...paths.map((path) => RANK[path.slaHealth]));
  return paths.filter((path) => RANK[path.slaHealth] === worst).sort((a, b) => a.name.localeCompare(b.name));
}
export const worstPath = async (world: EvalWorld, email: string, organization: string) => (await worstPaths(world, email, organization))[0];

/** A path's name, its SLA state now and, when it breaches, each metric over its threshold with its value. */
export async function stateFacts(world: EvalWorld, email: string, path: ApiPath, lang: Lang, options: { values?: boolean } = {}): Promise<Fact[]> {
  const current = await currentOf(world, email, path.id);
  const words = current.sla === "unknown" ? [...SLA[lang].unknown, ...NO_DATA[lang]] : SLA[lang][current.sla];
  return [
    text(`the path ${path.name}`, path.name),
    text(`its state (${current.sla})`, ...words),
    ...current.breaches.flatMap((breach) => [
      metricWords(breach.metric, lang),
      ...(options.values === false ? [] : [measured(`the measured ${breach.metric}`, breach.value, 0.2)]),
    ]),
  ];
}

/**
 * What a network engineer would sign for "why is this path like this?": its state and breaches, its inactive ends,
 * and no unrelated change blamed — the site description edited before the questions (Lyon Branch) is not on the
 * route of a path without an end there.
 */
export async function diagnosisFacts(world: EvalWorld, email: string, path: ApiPath, lang: Lang, options: { values?: boolean } = {}): Promise<Fact[]> {
  const facts = await stateFacts(world, email, path, lang, options);
  const sites = await rows<FullSite>(world, email, `/config/organization/${path.organizationId}/site?limit=100`);
  for (const end of [path.sourceSiteId, path.destinationSiteId]) {
    const site = sites.find((candidate) => candidate.id === end);
    if (site && !site.active) facts.push(text(`its inactive end ${site.name}`, site.name), say("that it is inactive", INACTIVE, lang));
  }
  const lyon = sites.find((site) => site.name === "Lyon Branch");
  if (lyon && path.sourceSiteId !== lyon.id && path.destinationSiteId !== lyon.id) facts.push(absent("an unrelated site's change blamed", lyon.name));
  return facts;
}

// --- Time, in the user's time zone. ---

/** The user's time zone: their setting when the API has one, else the zone the console runs in. */
export async function timeZoneOf(world: EvalWorld, email: string): Promise<string> {
  const user = await (await world.session(email)).get<Record<string, unknown>>("/config/user");
  const zone = user.timeZone ?? user.userTimeZone;
  return typeof zone === "string" && zone ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The ways an answer may name a time zone. */
export function zoneWords(zone: string): string[] {
  const words = [zone];
  if (/^(Etc\/)?(UTC|GMT|UCT|Zulu|Universal)$/i.test(zone)) words.push("UTC", "GMT");
  const short = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }).formatToParts(new Date()).find((part) => part.type === "timeZoneName")?.value;
  if (short) words.push(short);
  return [...new Set(words)];
}
export const zoneFact = async (world: EvalWorld, email: string) => text("the user's time zone", ...zoneWords(await timeZoneOf(world, email)));

const wallDate = (instant: number, zone: string) => toZonedInput(new Date(instant).toISOString(), zone).slice(0, 10);

/** Midnight of the day `days` after the one `instant` falls on, in the zone. */
export function midnight(instant: number, zone: string, days = 0): number {
  const [year, month, day] = wallDate(instant, zone).split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
  return Date.parse(fromZonedInput(`${date}T00:00`, zone)!);
}

/** The day of the week `instant` falls on in the zone (0 = Sunday). */
export function weekday(instant: number, zone: string): number {
  const [year, month, day] = wallDate(instant, zone).split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Midnight of the latest `day` (0 = Sunday) on or before `instant`, in the zone. */
export const sinceWeekday = (instant: number, zone: string, day: number) => midnight(instant, zone, -((weekday(instant, zone) - day + 7) % 7));

/** Yesterday, the calendar day, in the zone. */
export const yesterday = (instant: number, zone: string): Range => ({ from: midnight(instant, zone, -1), to: midnight(instant, zone) });
/** Yesterday in the user's time zone. */
export const yesterdayOf = async (world: EvalWorld, email: string) => yesterday(world.now, await timeZoneOf(world, email));

/** Every way a 24-hour time is written, in each language ("03:00", "3:00 AM", "3 h 00"). */
export function clockWords(hour: number, minute: number, lang: Lang): string[] {
  const hh = String(hour).padStart(2, "0");
  const mm = String(minute).padStart(2, "0");
  if (lang === "fr") return [`${hh}:${mm}`, `${hh} h ${mm}`, `${hh}h${mm}`, `${hour} h ${mm}`, `${hour}h${mm}`, ...(minute === 0 ? [`${hh} h`, `${hh}h`] : [])];
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  const half = hour < 12 ? ["AM", "a.m."] : ["PM", "p.m."];
  return [`${hh}:${mm}`, ...half.map((suffix) => `${twelve}:${mm} ${suffix}`), ...(minute === 0 ? half.map((suffix) => `${twelve} ${suffix}`).concat(`${twelve}${half[0]}`) : [])];
}
