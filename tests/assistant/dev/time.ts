// Time ranges said in other ways than conversation.ts's (issue 40, scope 5): this morning, over the weekend, last week,
// a window of the wall clock, alarms raised since Monday, in English and French, for events, alarms, path statistics
// and site traffic. Every range is the calendar's in the console's zone (UTC), computed here from the question's time.
import { number, text, type EvalCase, type EvalWorld, type Fact } from "../../../scripts/assistant-eval/harness";
import { average, CONTOSO_ADMIN, METRIC_WORDS, NORTHWIND_ADMIN, siteNamed } from "../../../scripts/assistant-eval/world";
import { CONTOSO, DAY, dayStart, dv, eventsBetween, HOUR, INITECH, INITECH_ADMIN, lastMonday, NORTHWIND, path, pointsBetween, slack, WORDS } from "./support";

/** This morning: from midnight to noon, up to now. */
const thisMorning = (now: number): [number, number] => [dayStart(now), Math.min(dayStart(now) + 12 * HOUR, now)];

/** The last weekend that began: Saturday's midnight to Monday's, up to now. */
function lastWeekend(now: number): [number, number] {
  const start = dayStart(now);
  const saturday = start - ((new Date(start).getUTCDay() + 1) % 7) * DAY;
  return [saturday, Math.min(saturday + 2 * DAY, now)];
}

/** The calendar week before this one, Monday to Monday. */
export const lastWeek = (now: number): [number, number] => [lastMonday(now) - 7 * DAY, lastMonday(now)];

/** A window of the wall clock, today's when it has begun, else yesterday's; up to now. */
function clockWindow(now: number, fromHour: number, toHour: number): [number, number] {
  let from = dayStart(now) + fromHour * HOUR;
  if (from > now) from -= DAY;
  return [from, Math.min(from + (toHour - fromHour) * HOUR, now)];
}

/** The facts of a list of events over a range: how many there are, or that there is none. */
export async function eventFacts(world: EvalWorld, email: string, [from, to]: [number, number], locale: "en" | "fr"): Promise<Fact[]> {
  // The API's end is inclusive, the range's is not.
  const events = await eventsBetween(world, email, from, to - 1);
  if (events.length === 0) return [text("that there is none", ...WORDS.none[locale])];
  const words = locale === "en" ? [`${events.length} event`, `${events.length} change`] : [`${events.length} événement`, `${events.length} modification`];
  return [text("how many events the range holds", ...words)];
}

interface RaisedAlarm {
  source: string;
  raisedAt: string;
}

async function alarmsRaisedSince(world: EvalWorld, email: string, organization: string, from: number): Promise<RaisedAlarm[]> {
  const id = await world.organization(organization);
  const page = await (await world.session(email)).get<{ items: RaisedAlarm[] }>(`/alarm?acknowledged=false&state=active&limit=100&organizationId=${id}`);
  return page.items.filter((alarm) => Date.parse(alarm.raisedAt) >= from);
}

async function siteAverageMbps(world: EvalWorld, email: string, siteId: string, [from, to]: [number, number]): Promise<number | null> {
  const query = `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;
  const series = await (await world.session(email)).get<{ points: { rxBps: number }[] }>(`/telemetry/site/${siteId}/bandwidth?${query}`);
  return series.points.length === 0 ? null : average(series.points.map((point) => point.rxBps)) / 1e6;
}

export function timeCases(): EvalCase[] {
  return [
    dv("time-events-this-morning", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "did anything change this morning?",
      facts: (world) => eventFacts(world, CONTOSO_ADMIN, thisMorning(world.now), "en"),
    }),
    dv("time-events-ce-matin-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "les événements de ce matin",
      facts: (world) => eventFacts(world, CONTOSO_ADMIN, thisMorning(world.now), "fr"),
    }),
    dv("time-events-weekend", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "what happened over the weekend",
      facts: (world) => eventFacts(world, CONTOSO_ADMIN, lastWeekend(world.now), "en"),
    }),
    dv("time-events-semaine-derniere-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "qu'est-ce qui a été modifié la semaine dernière ?",
      facts: (world) => eventFacts(world, CONTOSO_ADMIN, lastWeek(world.now), "fr"),
    }),
    dv("time-events-clock-window", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "show me the events between 2 and 4 am",
      facts: (world) => eventFacts(world, CONTOSO_ADMIN, clockWindow(world.now, 2, 4), "en"),
    }),
    dv("time-alarms-since-monday", "time", "en", {
      user: NORTHWIND_ADMIN,
      organization: NORTHWIND,
      question: "which alarms were raised since monday?",
      facts: async (world) => {
        const alarms = await alarmsRaisedSince(world, NORTHWIND_ADMIN, NORTHWIND, lastMonday(world.now));
        if (alarms.length === 0) return [text("that none was raised", "no open", "none", "no alarm")];
        return alarms.slice(0, 5).map((alarm) => text(`the alarm on ${alarm.source}`, alarm.source));
      },
    }),
    dv("time-alarmes-depuis-lundi-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "alarmes levées depuis lundi ?",
      facts: async (world) => {
        const alarms = await alarmsRaisedSince(world, CONTOSO_ADMIN, CONTOSO, lastMonday(world.now));
        if (alarms.length === 0) return [text("that none was raised", "aucune")];
        return alarms.map((alarm) => text(`the alarm on ${alarm.source}`, alarm.source));
      },
    }),
    dv("time-jitter-last-week", "time", "en", {
      user: INITECH_ADMIN,
      organization: INITECH,
      question: "avg jitter madrid ⇄ milan last week",
      facts: async (world) => {
        const found = await path(world, INITECH_ADMIN, INITECH, "Madrid ⇄ Milan");
        const [from, to] = lastWeek(world.now);
        const value = average((await pointsBetween(world, INITECH_ADMIN, found, from, to)).map((point) => point.jitterMs));
        return [text("the path", found.name), number("the average jitter of last week", value, slack(value, 0.05, 0.1))];
      },
    }),
    dv("time-latence-entre-2h-4h-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "latence moyenne de paris ⇄ azure entre 2h et 4h",
      facts: async (world) => {
        const found = await path(world, CONTOSO_ADMIN, CONTOSO, "Paris ⇄ Azure");
        const points = await pointsBetween(world, CONTOSO_ADMIN, found, ...clockWindow(world.now, 2, 4));
        if (points.length === 0) return [text("the path", found.name), text("that there is no measurement", "aucune mesure")];
        const value = average(points.map((point) => point.latencyMs));
        return [text("the path", found.name), text("the metric", METRIC_WORDS.fr.latencyMs), number("the average between 02:00 and 04:00", value, slack(value))];
      },
    }),
    dv("time-trafic-week-end-fr", "time", "fr", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "trafic de Paris HQ ce week-end",
      facts: async (world) => {
        const site = await siteNamed(world, CONTOSO_ADMIN, CONTOSO, "Paris HQ");
        const value = await siteAverageMbps(world, CONTOSO_ADMIN, site.id, lastWeekend(world.now));
        if (value === null) return [text("the site", site.name), text("that there is no traffic measured", "aucun")];
        return [text("the site", site.name), number("the average received over the weekend (Mbps)", value, slack(value, 0.05, 0.1))];
      },
    }),
    dv("time-traffic-since-monday", "time", "en", {
      user: CONTOSO_ADMIN,
      organization: CONTOSO,
      question: "how much bandwidth did frankfurt dc use since monday",
      facts: async (world) => {
        const site = await siteNamed(world, CONTOSO_ADMIN, CONTOSO, "Frankfurt DC");
        const value = await siteAverageMbps(world, CONTOSO_ADMIN, site.id, [lastMonday(world.now), world.now]);
        if (value === null) return [text("the site", site.name), text("that there is no traffic measured", "no traffic")];
        return [text("the site", site.name), number("the average received since Monday (Mbps)", value, slack(value, 0.05, 0.1))];
      },
    }),
  ];
}
