import "server-only";
import * as chrono from "chrono-node";
import { DISPLAY_TIME_ZONE, type Locale } from "@/lib/constants";
import { wallClock, zonedInstant } from "@/lib/lifecycle/zoned-time";
import { fold } from "../text";

// Time in a question, in English or French: a range to read figures over ("over the last hour", "ces 7 derniers jours",
// "this week against last week") and an instant to act at ("Sunday at 03:30", "tonight at 02:00", "demain à 14 h").
// Ranges are spans back from now, which is how people ask a console for figures, or the calendar's days, weeks, parts
// of a day, weekends and wall-clock windows ("since Monday", "this morning", "between 2 and 4 am"); instants go through
// chrono-node (its English and French parsers). Days and wall-clock times are the user's time zone's (the browser's;
// UTC when unknown), the change of the clocks included.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface TimeRange {
  from: string;
  to: string;
  /** The span in hours (for the answer's wording). */
  hours: number;
  /** The period to compare with, when the question asks for one ("against last week"): the same span just before. */
  compare: { from: string; to: string } | null;
}

const UNIT_MS: [RegExp, number][] = [
  [/^(?:minute|minutes|min|mins|mn)$/, MINUTE],
  [/^(?:hour|hours|hr|hrs|h|heure|heures)$/, HOUR],
  [/^(?:day|days|jour|jours|journee|journees)$/, DAY],
  [/^(?:week|weeks|semaine|semaines)$/, 7 * DAY],
  [/^(?:month|months|mois)$/, 30 * DAY],
];

const unitMs = (word: string) => UNIT_MS.find(([pattern]) => pattern.test(word))?.[1] ?? null;

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, un: 1, une: 1, two: 2, deux: 2, three: 3, trois: 3, four: 4, quatre: 4, five: 5, cinq: 5, six: 6, seven: 7, sept: 7, ten: 10, dix: 10,
  twelve: 12, douze: 12, fifteen: 15, quinze: 15, thirty: 30, trente: 30,
};

// Folded text: "over the last 24 hours", "in the past 3 days", "ces 7 derniers jours", "sur les dernières 24 heures",
// "depuis 2 heures", "last hour", "la derniere heure".
const COUNT = "\\d+|a|an|one|two|three|four|five|six|seven|ten|twelve|fifteen|thirty|un|une|deux|trois|quatre|cinq|six|sept|dix|douze|quinze|trente";
const SPAN = new RegExp(
  // "sur les 3 dernières heures", "the 3 last hours": "les"/"the" lead only a count followed by "dernières"/"last".
  `(?:last|past|previous|dernier|derniers|derniere|dernieres|depuis|ces|these|(?:les|the)(?=\\s+(?:${COUNT})\\s+(?:dernier|derniers|derniere|dernieres|last|past)\\s))\\s+(?:(${COUNT})\\s+)?(?:(?:dernier|derniers|derniere|dernieres|last|past)\\s+)?([a-z]+)`,
  "g",
);

function spanMs(folded: string): number | null {
  for (const match of folded.matchAll(SPAN)) {
    const unit = unitMs(match[2]);
    if (!unit) continue;
    const count = match[1] === undefined ? 1 : /^\d+$/.test(match[1]) ? Number(match[1]) : NUMBER_WORDS[match[1]];
    if (count && count > 0) return count * unit;
  }
  // "24h", "7 jours", "48 hours" on their own.
  const bare = /(?:^| )(\d+)\s*([a-z]+)/.exec(folded);
  if (bare) {
    const unit = unitMs(bare[2]);
    if (unit && unit >= HOUR) return Number(bare[1]) * unit;
  }
  return null;
}

const COMPARE = /(?:against|versus|vs|compared|compare|than|par rapport|comparee?s?|contre|que la|que le)/;
const PERIOD_WORDS: [RegExp, number][] = [
  [/(?:this|cette|la) (?:week|semaine)|(?:^| )(?:weekly|hebdo)/, 7 * DAY],
  [/(?:today|aujourd hui|ce jour)/, DAY],
  [/(?:this|ce) (?:month|mois)/, 30 * DAY],
  [/(?:yesterday|hier)/, DAY],
];

// Calendar days in the user's time zone: "yesterday" is the whole day before today, "since Monday" starts at Monday's
// midnight, "today" at today's (a day of 23 or 25 hours when the clocks change). A range never reaches past now.
const WEEKDAYS: Record<string, number> = {
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
  dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6,
};
const WEEKDAY = `(${Object.keys(WEEKDAYS).join("|")})`;
const SINCE_WEEKDAY = new RegExp(`(?:^| )(?:since|depuis)(?: (?:last|le|ce))? ${WEEKDAY}(?= |$)`);
// One weekday as a day ("on Monday", "last tuesday", "lundi dernier"), not the day of an instant ("on Sunday at 03:30").
const ON_WEEKDAY = new RegExp(`(?:^| )(?:(?:on|last) ${WEEKDAY}|${WEEKDAY} dernier)(?= |$)(?! (?:at|a|vers) \\d)`);
const YESTERDAY = /(?:^| )(?:yesterday|hier)(?= |$)/;
const SINCE_YESTERDAY = /(?:^| )(?:since yesterday|depuis hier)(?! (?:morning|afternoon|evening|matin|apres midi|soir))(?= |$)/;
const TODAY = /(?:^| )(?:today|aujourd hui)(?= |$)/;
// "last week" and "la semaine dernière" are the calendar week before this one (Monday to Monday); "the last week" and
// "the past week" are the 7 days back from now, and a comparison ("this week against last week") keeps its spans.
const LAST_WEEK = /(?:^| )(?<!(?:the|this|past) )(?:last|previous) week(?= |$)|(?:^| )semaine (?:derniere|precedente)(?= |$)/;
const LAST_MONTH = /(?:^| )(?<!(?:the|this|past) )(?:last|previous) month(?= |$)|(?:^| )mois (?:dernier|precedent)(?= |$)/;
const WEEKEND = /(?:^| )(?:(last|this|over the|during the|on the|ce|le|du|pendant le) )?week ?end(?: (dernier))?(?= |$)/;

// Parts of a day, in hours of the wall clock: [start, end) of today (`back` 0) or the day before.
const DAY_PARTS: [RegExp, number, number, number][] = [
  [/(?:^| )(?:this morning|ce matin)(?= |$)/, 0, 0, 12],
  [/(?:^| )(?:yesterday morning|hier matin)(?= |$)/, 1, 0, 12],
  [/(?:^| )(?:this afternoon|cet apres midi)(?= |$)/, 0, 12, 18],
  [/(?:^| )(?:yesterday afternoon|hier apres midi)(?= |$)/, 1, 12, 18],
  [/(?:^| )(?:yesterday evening|last evening|hier soir)(?= |$)/, 1, 18, 24],
  // The night before this morning: from the evening before to 06:00.
  [/(?:^| )(?:last night|overnight|cette nuit|la nuit derniere)(?= |$)/, 1, 18, 30],
];

// A wall-clock time as the folded text writes it: "2am", "4 pm", "14 00" (14:00), "14h", "14 h 30", "3h30".
const CLOCK = "(\\d{1,2})(?:(?:h| h | )(\\d{2}))?(?: ?(am|pm|h)(?= |$))?";
const CLOCK_WINDOW = new RegExp(
  `(?:^| )(?:between|from|entre|de|du) ${CLOCK} (?:and|to|till|until|et|a|au|jusqu a) ${CLOCK}(?: (du matin|in the morning|de l apres midi|in the afternoon|du soir|in the evening|pm|am))?(?= |$)`,
);
const SINCE_CLOCK = new RegExp(`(?:^| )(?:since|depuis) ${CLOCK}(?= |$)`);

interface Clock {
  hour: number;
  minute: number;
}

/** A clock read from its groups (hour, minutes, suffix), with the suffix of the other end or the day's part for lack of its own. */
function clockOf(hour: string, minute: string | undefined, suffix: string | undefined, fallback: string | undefined): Clock | null {
  let value = Number(hour);
  const half = suffix === "am" || suffix === "pm" ? suffix : fallback;
  if (half === "pm" && value < 12) value += 12;
  if (half === "am" && value === 12) value = 0;
  const minutes = minute === undefined ? 0 : Number(minute);
  return value <= 24 && minutes < 60 ? { hour: value, minute: minutes } : null;
}

const marked = (minute: string | undefined, suffix: string | undefined) => minute !== undefined || suffix !== undefined;
const PERIOD_HALF: Record<string, "am" | "pm"> = { "du matin": "am", "in the morning": "am", am: "am", "de l apres midi": "pm", "in the afternoon": "pm", "du soir": "pm", "in the evening": "pm", pm: "pm" };

type Span = { from: number; to: number };

/** "between 2 and 4 am", "de 14 h à 16 h", "since 8am", "depuis 8h": a window of the wall clock, today's or the last one that began. */
function clockRange(folded: string, now: number, timeZone: string): Span | null {
  const { year, month, day } = wallClock(now, timeZone);
  const back = YESTERDAY.test(folded) ? 1 : 0;
  const at = (days: number, clock: Clock) => zonedInstant({ year, month, day: day - days, hour: clock.hour, minute: clock.minute }, timeZone);
  const window = CLOCK_WINDOW.exec(folded);
  if (window) {
    const [, h1, m1, s1, h2, m2, s2, period] = window;
    const half = period ? PERIOD_HALF[period] : undefined;
    const endHalf = s2 === "am" || s2 === "pm" ? s2 : half;
    // "between 11 and 1 pm" is 11:00 to 13:00; "between 2 and 4 pm", 14:00 to 16:00.
    const startHalf = s1 === "am" || s1 === "pm" ? s1 : endHalf === "pm" && Number(h1) > Number(h2) && Number(h1) < 12 ? "am" : endHalf;
    const start = clockOf(h1, m1, s1, startHalf);
    const end = clockOf(h2, m2, s2, endHalf);
    if (start && end && (marked(m1, s1) || marked(m2, s2) || half)) {
      let days = back;
      if (back === 0 && at(0, start) > now) days = 1;
      const from = at(days, start);
      let to = at(days, end);
      if (to <= from) to = at(days - 1, end);
      return { from, to: Math.min(to, now) };
    }
  }
  const since = SINCE_CLOCK.exec(folded);
  if (since && marked(since[2], since[3])) {
    const start = clockOf(since[1], since[2], since[3], undefined);
    if (start) {
      const from = at(back, start) > now ? at(back + 1, start) : at(back, start);
      return { from, to: now };
    }
  }
  return null;
}

const COMPARING = /(?:against|versus|vs|compar|than|par rapport|contre)/;

/** Last week and last month as the calendar's, when no comparison asks for spans. */
function calendarPeriod(folded: string, now: number, timeZone: string): Span | null {
  if (COMPARING.test(folded)) return null;
  const { year, month, day } = wallClock(now, timeZone);
  if (LAST_WEEK.test(folded)) {
    const sinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
    return { from: zonedInstant({ year, month, day: day - sinceMonday - 7 }, timeZone), to: zonedInstant({ year, month, day: day - sinceMonday }, timeZone) };
  }
  if (LAST_MONTH.test(folded)) return { from: zonedInstant({ year, month: month - 1, day: 1 }, timeZone), to: zonedInstant({ year, month, day: 1 }, timeZone) };
  return null;
}

function calendarRange(folded: string, now: number, timeZone: string): Span | null {
  const { year, month, day } = wallClock(now, timeZone);
  /** An hour of the day `back` days before today, in the zone (hour 24 and more roll over to the next days). */
  const hourOf = (back: number, hour = 0) => zonedInstant({ year, month, day: day - back, hour }, timeZone);
  const midnight = (back: number) => hourOf(back);
  const weekdayToday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const daysSince = (weekday: number) => (weekdayToday - weekday + 7) % 7;
  const weekday = SINCE_WEEKDAY.exec(folded)?.[1];
  if (weekday !== undefined) return { from: midnight(daysSince(WEEKDAYS[weekday])), to: now };
  if (SINCE_YESTERDAY.test(folded)) return { from: midnight(1), to: now };
  for (const [pattern, back, start, end] of DAY_PARTS) {
    const part = pattern.exec(folded);
    if (!part) continue;
    const from = hourOf(back, start);
    // "since this morning", "depuis hier soir": from its start until now, not the part of the day alone.
    const sinceItsStart = /(?:^| )(?:since|depuis)$/.test(folded.slice(0, part.index));
    // A part of today that has not begun ("this afternoon" in the morning) is no range yet.
    return from < now ? { from, to: sinceItsStart ? now : Math.min(hourOf(back, end), now) } : null;
  }
  const weekend = WEEKEND.exec(folded);
  if (weekend) {
    // The last weekend that began (this one on a Saturday or a Sunday), or the one before when "last" is said then.
    let back = daysSince(6);
    if (back <= 1 && (weekend[1] === "last" || weekend[2] === "dernier")) back += 7;
    return { from: midnight(back), to: Math.min(midnight(back - 2), now) };
  }
  const onDay = ON_WEEKDAY.exec(folded);
  if (onDay) {
    const named = WEEKDAYS[onDay[1] ?? onDay[2]];
    // "last Monday" on a Monday is a week ago; "on Monday" on a Monday is today.
    const back = daysSince(named) === 0 && /^ ?(?:last|\S+ dernier)/.test(onDay[0]) ? 7 : daysSince(named);
    return { from: midnight(back), to: Math.min(midnight(back - 1), now) };
  }
  if (YESTERDAY.test(folded)) return { from: midnight(1), to: midnight(0) };
  if (TODAY.test(folded)) return { from: midnight(0), to: now };
  return null;
}

/** The range a question asks figures over, or null when it names none; calendar days are the zone's. */
export function timeRange(text: string, now: number, timeZone: string = DISPLAY_TIME_ZONE): TimeRange | null {
  const folded = fold(text);
  // Wall-clock windows and calendar weeks first: "entre 2 h et 4 h" is no span of 2 hours, "last week" no 7 days back.
  const calendar = clockRange(folded, now, timeZone) ?? calendarPeriod(folded, now, timeZone) ?? (spanMs(folded) === null ? calendarRange(folded, now, timeZone) : null);
  if (calendar) return { from: new Date(calendar.from).toISOString(), to: new Date(calendar.to).toISOString(), hours: (calendar.to - calendar.from) / HOUR, compare: null };
  let span = spanMs(folded);
  if (span === null) span = PERIOD_WORDS.find(([pattern]) => pattern.test(folded))?.[1] ?? null;
  const comparing = COMPARE.test(folded) || /(?:last|previous|derniere|precedente) (?:week|semaine|month|mois|day|jour)/.test(folded);
  if (span === null && !comparing) return null;
  const length = span ?? 7 * DAY;
  const to = now;
  const from = now - length;
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    hours: length / HOUR,
    compare: comparing && /(?:against|versus|vs|compar|than|par rapport|contre|last week|previous|semaine derniere|semaine precedente|que la)/.test(folded)
      ? { from: new Date(from - length).toISOString(), to: new Date(from).toISOString() }
      : null,
  };
}

/** French writes times "14 h", "3 h 30", "14h30": chrono reads "14:00", "3:30". */
const frenchClock = (text: string) => text.replace(/\b(\d{1,2})\s*h\s*(\d{2})\b/gi, "$1:$2").replace(/\b(\d{1,2})\s*h\b/gi, "$1:00");

// "Tonight at 02:00" is the coming night's 02:00: chrono reads tonight as the evening and the hour as 2 pm.
const TONIGHT = /\b(?:tonight|this evening|ce soir|cette nuit)\b/i;

/**
 * The moment a question asks something to happen at ("Sunday at 03:30", "demain à 14 h"), in the future; null when
 * none. The words are the zone's wall clock: chrono reads them against the zone's "now" written as UTC, and the wall
 * time it finds becomes the instant it is in the zone on that day (so "tomorrow at 3am" is 03:00 there, summer or
 * winter). A time that names its own zone ("3pm UTC") keeps it.
 */
export function timeInstant(text: string, locale: Locale, now: number, timeZone: string = DISPLAY_TIME_ZONE): Date | null {
  const clock = wallClock(now, timeZone);
  const wallNow = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) + (now % 1000);
  const reference = { instant: new Date(wallNow), timezone: "UTC" };
  const parsers = locale === "fr" ? [chrono.fr, chrono.en] : [chrono.en, chrono.fr];
  const tonight = TONIGHT.test(text);
  for (const parser of parsers) {
    const source = (parser === chrono.fr ? frenchClock(text) : text).replace(TONIGHT, " ");
    const [result] = parser.parse(source, reference, { forwardDate: true });
    if (!result) continue;
    // "now", "right now", "maintenant": no time to schedule at, the operation starts at once.
    if (/^(?:right now|now|maintenant|tout de suite|immediately|asap)$/i.test(result.text.trim())) return null;
    const { start } = result;
    if (start.isCertain("timezoneOffset")) return start.date();
    const at = (extraDays: number) =>
      zonedInstant(
        { year: start.get("year")!, month: start.get("month")!, day: start.get("day")! + extraDays, hour: start.get("hour") ?? 0, minute: start.get("minute") ?? 0, second: start.get("second") ?? 0 },
        timeZone,
      );
    // forwardDate keeps a bare time ahead of now, but a time read as today's may still have passed.
    const instant = at(0) <= now && (tonight || !start.isCertain("day")) ? at(1) : at(0);
    return new Date(instant);
  }
  return null;
}
