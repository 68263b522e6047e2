// A "Later" start is chosen as a date and time in the user's time zone and stored in UTC (issue 15). The browser's
// date and time box speaks wall-clock time ("2026-12-01T02:00") with no zone; these turn it into an instant and back
// for any IANA time zone, with Intl only (the project has no date library, and Intl knows every zone's rules). The
// assistant reads "yesterday" and "tomorrow at 3am" in the user's zone with the same functions (issue 40).

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The time zone the browser runs in ("Europe/Paris"); UTC where it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

// IANA names only ("Europe/Paris", "UTC", "America/Argentina/Buenos_Aires"), not the offsets ("+01:00") Intl also takes.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** The IANA time zone as given, when Intl knows it ("Europe/Paris"); null for anything else. */
export function validTimeZone(zone: unknown): string | null {
  if (typeof zone !== "string" || zone.length > 64 || !ZONE_NAME.test(zone)) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at an instant (month 1–12). */
export function wallClock(instant: number, timeZone: string) {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** An instant as the date and time box shows it in the zone ("2026-12-01T03:00" for 02:00Z in Paris). */
export function toZonedInput(iso: string, timeZone: string): string {
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return "";
  const clock = wallClock(instant, timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * The instant (ISO 8601, UTC) of a date and time box's value read in the zone; null when the box is empty or
 * incomplete. A time the clocks skip (spring forward) is read with the offset after the change.
 */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const match = INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return new Date(zonedInstant({ year, month, day, hour, minute }, timeZone)).toISOString();
}

/**
 * The instant (ms) of a wall-clock time in the zone; a day or an hour out of range rolls over (day 0 is the last of
 * the month before). A time the clocks skip (spring forward) is read with the offset after the change.
 */
export function zonedInstant(clock: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number }, timeZone: string): number {
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour ?? 0, clock.minute ?? 0, clock.second ?? 0);
  // The offset at the guess, then at the instant it gives: they differ only around a change of the clocks.
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return offsetAt(second, timeZone) === offsetAt(first, timeZone) ? second : first;
}
