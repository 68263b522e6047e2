import "server-only";
import * as chrono from "chrono-node";
import { DISPLAY_TIME_ZONE, type Locale } from "@/lib/constants";
import { wallClock, zonedInstant } from "@/lib/lifecycle/zoned-time";
import { fold } from "../text";

// Time in a question, in English or French: a range to read figures over ("over the last hour", "ces 7 derniers jours",
// "this week against last week") and an instant to act at ("Sunday at 03:30", "tonight at 02:00", "demain à 14 h").
// Ranges are spans back from now, which is how people ask a console for figures, or calendar days; instants go through
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
  `(?:last|past|previous|dernier|derniers|derniere|dernieres|depuis|ces|these)\\s+(?:(${COUNT})\\s+)?(?:(?:dernier|derniers|derniere|dernieres)\\s+)?([a-z]+)`,
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
// midnight, "today" at today's (a day of 23 or 25 hours when the clocks change).
const WEEKDAYS: Record<string, number> = {
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
  dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6,
};
const SINCE_WEEKDAY = new RegExp(`(?:^| )(?:since|depuis)(?: (?:last|le|ce))? (${Object.keys(WEEKDAYS).join("|")})(?= |$)`);

function calendarRange(folded: string, now: number, timeZone: string): { from: number; to: number } | null {
  const { year, month, day } = wallClock(now, timeZone);
  /** Midnight in the zone, `back` days before today's. */
  const midnight = (back: number) => zonedInstant({ year, month, day: day - back }, timeZone);
  const weekday = SINCE_WEEKDAY.exec(folded)?.[1];
  if (weekday !== undefined) {
    const back = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() - WEEKDAYS[weekday] + 7) % 7;
    return { from: midnight(back), to: now };
  }
  if (/(?:^| )(?:yesterday|hier)(?= |$)/.test(folded)) return { from: midnight(1), to: midnight(0) };
  if (/(?:^| )(?:today|aujourd hui)(?= |$)/.test(folded)) return { from: midnight(0), to: now };
  return null;
}

/** The range a question asks figures over, or null when it names none; calendar days are the zone's. */
export function timeRange(text: string, now: number, timeZone: string = DISPLAY_TIME_ZONE): TimeRange | null {
  const folded = fold(text);
  const calendar = spanMs(folded) === null ? calendarRange(folded, now, timeZone) : null;
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
