// What the development set's questions share: a compact way to write one question, the facts read from the API
// (current figures, calendar ranges in the console's time zone, events and alarms) and the words a right answer uses
// in each language. Everything a fact checks is read from the API when the question is asked.
import { DISPLAY_TIME_ZONE, type Locale } from "@/lib/constants";
import { absent, text, type Category, type EvalCase, type EvalWorld, type Fact, type Question } from "../../../scripts/assistant-eval/harness";
import { CANNOT_SEE, orgPaths, type ApiPath } from "../../../scripts/assistant-eval/world";

export const CONTOSO = "Contoso";
export const NORTHWIND = "Northwind Networks";
export const FABRIKAM = "Fabrikam";
export const INITECH = "Initech";
export const BLUEWAVE = "Bluewave Telecom";
export const INITECH_ADMIN = "admin@initech.example";
export const BLUEWAVE_ADMIN = "admin@bluewave.example";
export const NORTHWIND_CONFIGURE = "configure@northwind.example";
export const NORTHWIND_READONLY = "readonly@northwind.example";

type Facts = (world: EvalWorld) => Promise<Fact[]>;

interface Asked {
  user: string;
  organization: string;
  question: Question;
  facts: Facts;
  history?: Question[];
  page?: (world: EvalWorld) => Promise<string>;
  /** The question names something the user cannot see (missing, or another tenant's): saying so is right. */
  unseen?: boolean;
}

// Every name in the other questions is visible to their user: "I cannot see …" (followed by the list of candidates,
// which holds the names the facts look for) is never a right answer to them, in either language.
const SEEN: Fact[] = [...CANNOT_SEE.en, ...CANNOT_SEE.fr].map((words) => absent("a visible name said not to be seen", words));

/** One development question; its id is prefixed dv-. */
export function dv(id: string, category: Category, locale: Locale, { unseen, facts, ...asked }: Asked): EvalCase {
  return { id: `dv-${id}`, category, locale, ...asked, facts: unseen ? facts : async (world) => [...(await facts(world)), ...SEEN] };
}

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** Midnight of the console's display time zone (UTC) on the day of `time`. */
export function dayStart(time: number): number {
  if (DISPLAY_TIME_ZONE !== "UTC") throw new Error(`the calendar helpers assume UTC, the console shows ${DISPLAY_TIME_ZONE}`);
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Yesterday as the calendar day: [its midnight, today's midnight). */
export const yesterday = (now: number): [number, number] => [dayStart(now) - DAY, dayStart(now)];

/** The last Monday at midnight (today's midnight on a Monday). */
export function lastMonday(now: number): number {
  const start = dayStart(now);
  const sinceMonday = (new Date(start).getUTCDay() + 6) % 7;
  return start - sinceMonday * DAY;
}

type Point = { latencyMs: number; latencyMaxMs: number; jitterMs: number; lossPercent: number };
export type Current = { sla: "healthy" | "warning" | "bad" | "unknown"; latencyMs: number | null; jitterMs: number | null; lossPercent: number | null };

export async function currentOf(world: EvalWorld, email: string, path: ApiPath): Promise<Current> {
  const performance = await (await world.session(email)).get<{ current: Current }>(`/telemetry/path/${path.id}/performance`);
  return performance.current;
}

export async function pointsBetween(world: EvalWorld, email: string, path: ApiPath, from: number, to: number): Promise<Point[]> {
  const query = `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;
  return (await (await world.session(email)).get<{ points: Point[] }>(`/telemetry/path/${path.id}/performance?${query}`)).points;
}

/** A path by its exact seeded name, as `email` sees it in `organization`. */
export async function path(world: EvalWorld, email: string, organization: string, name: string): Promise<ApiPath> {
  const found = (await orgPaths(world, email, organization)).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no path ${name} in ${organization}`);
  return found;
}

/** A tolerance for a figure that moves while the answer is written, and may be rounded. */
export const slack = (value: number, share = 0.05, least = 0.5) => Math.max(least, Math.abs(value) * share);

export interface ApiEvent {
  id: string;
  timestamp: string;
  type: string;
  entityType: string;
  entityId: string;
  actor: string | null;
  source: string;
}

export async function eventsBetween(world: EvalWorld, email: string, from: number, to: number): Promise<ApiEvent[]> {
  const query = `startTime=${encodeURIComponent(new Date(from).toISOString())}&endTime=${encodeURIComponent(new Date(to).toISOString())}&limit=100`;
  return (await (await world.session(email)).get<{ items: ApiEvent[] }>(`/event?${query}`)).items;
}

export interface SiteHealth {
  siteId: string;
  name: string;
  active: boolean;
  rxBps: number | null;
  txBps: number | null;
}

export async function siteHealth(world: EvalWorld, email: string, organization: string): Promise<SiteHealth[]> {
  const id = await world.organization(organization);
  return (await (await world.session(email)).get<{ items: SiteHealth[] }>(`/telemetry/organization/${id}/site-health`)).items;
}

/** An ambiguous name's answer: every candidate, and a question back. */
export const candidates = (names: string[], locale: Locale): Fact[] => [
  ...names.map((name) => text(`the candidate ${name}`, name)),
  text("a question back", ...WORDS.whichOne[locale]),
];

/** The words a right answer uses, in each language. */
export const WORDS = {
  whichOne: { en: ["which one", "which do you mean", "which site", "which path", "did you mean"], fr: ["lequel", "laquelle", "quel site", "quel chemin", "vouliez-vous dire"] },
  inactive: { en: ["inactive"], fr: ["inactif"] },
  notFound: {
    en: ["I cannot see", "I can't see", "found no", "not found", "no path match", "no site match", "doesn't exist", "does not exist", "no such"],
    fr: ["Je ne vois pas", "aucun", "introuvable", "n'existe pas", "n’existe pas"],
  },
  outside: {
    en: ["outside", "can't help with", "cannot help with", "not something I", "only help", "only answer", "not able to", "unable to", "out of scope", "beyond what"],
    fr: ["hors", "ne peux pas", "pas en mesure", "uniquement", "seulement", "ne sais pas"],
  },
  none: { en: ["no event", "no change", "no pending", "no invitation", "none", "nothing"], fr: ["aucun", "aucune", "rien"] },
} satisfies Record<string, Record<Locale, string[]>>;
