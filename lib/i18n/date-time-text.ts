// A date and time typed as people of a language write it (07/12/2026 09:30 in French, 12/07/2026 09:30 in English),
// read into and written from the wall-clock form the console's fields hold ("2026-12-07T09:30", what a native
// datetime-local input speaks). The order of day, month and year comes from Intl, so no date library is needed.

import type { Locale } from "@/lib/constants";

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const WALL = /^(\d{4,6})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** "2026-12-07T09:30" → its parts; null for anything else. */
export function readWallClock(value: string): WallClock | null {
  const match = WALL.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  return validClock({ year, month, day, hour, minute });
}

/** Its parts → "2026-12-07T09:30". */
export const writeWallClock = ({ year, month, day, hour, minute }: WallClock) => `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function validClock(clock: WallClock): WallClock | null {
  const { year, month, day, hour, minute } = clock;
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59) return null;
  return clock;
}

/** The order a language writes a date's numbers in: ["day", "month", "year"] in French, month first in English. */
export function dateOrder(locale: Locale): ("day" | "month" | "year")[] {
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" })
    .formatToParts(new Date(Date.UTC(2026, 11, 7)))
    .map((part) => part.type)
    .filter((type): type is "day" | "month" | "year" => type === "day" || type === "month" || type === "year");
}

/** The wall clock as the language writes it: "07/12/2026 09:30" (fr), "12/07/2026 09:30" (en), 24-hour. */
export function formatDateTimeText(value: string, locale: Locale): string {
  const clock = readWallClock(value);
  if (!clock) return "";
  const date = dateOrder(locale)
    .map((part) => (part === "year" ? pad(clock.year, 4) : pad(clock[part])))
    .join("/");
  return `${date} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

const LOCAL = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ ,T]+(\d{1,2})(?:[:h.](\d{2}))?\s*([ap]\.?m\.?)?)?$/i;
const ISO = /^(\d{4,6})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/;

/**
 * What the person typed, as a wall clock ("2026-12-07T09:30"); "" when it is not (yet) a date. Takes the language's
 * order (07/12/2026 or 7.12.2026 in French), an ISO date ("2026-12-07T09:30", as pasted or as tests fill it), a time
 * or none (midnight), and in English an AM/PM time.
 */
export function parseDateTimeText(text: string, locale: Locale): string {
  const trimmed = text.trim();
  const iso = ISO.exec(trimmed);
  if (iso) {
    const [year, month, day, hour = 0, minute = 0] = iso.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
    const clock = validClock({ year, month, day, hour, minute });
    return clock ? writeWallClock(clock) : "";
  }
  const local = LOCAL.exec(trimmed);
  if (!local) return "";
  const order = dateOrder(locale);
  const numbers = local.slice(1, 4).map(Number);
  const at = (part: "day" | "month" | "year") => numbers[order.indexOf(part)];
  let hour = local[4] === undefined ? 0 : Number(local[4]);
  const minute = local[5] === undefined ? 0 : Number(local[5]);
  const meridiem = local[6]?.toLowerCase().replaceAll(".", "");
  if (meridiem) {
    if (hour < 1 || hour > 12) return "";
    hour = (hour % 12) + (meridiem === "pm" ? 12 : 0);
  }
  const clock = validClock({ year: at("year"), month: at("month"), day: at("day"), hour, minute });
  return clock ? writeWallClock(clock) : "";
}
