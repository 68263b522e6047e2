import "server-only";
import { DISPLAY_TIME_ZONE, type Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import type { SiteType } from "@/lib/sites/schema";

// Figures and times as the assistant writes them, in the reader's language (6.2 or 6,2; times in the user's time zone,
// named after them).

export type Translator = ReturnType<typeof translatorFor>;

const INTL_LOCALE: Record<Locale, string> = { en: "en-GB", fr: "fr-FR" };

export function formatNumber(locale: Locale, value: number): string {
  // A tenth under 10, whole numbers above: as precise as an operator reads latency and loss. Under 1, two significant
  // digits, so that a small figure is not written 0 (a loss of 0.026 % is no loss of 0 %).
  if (Math.abs(value) < 1 && value !== 0) return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumSignificantDigits: 2 }).format(value);
  const digits = Math.abs(value) < 10 && !Number.isInteger(value) ? 1 : 0;
  return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: digits }).format(value);
}

/** "20 Nov 2026, 10:04 UTC", "20 nov. 2026, 11:04 Europe/Paris": a time in the user's zone, which it names. */
export function formatTime(locale: Locale, iso: string, timeZone: string = DISPLAY_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  return `${text} ${timeZone}`;
}

/** "from 6 Dec 2026, 00:00 UTC to 7 Dec 2026, 00:00 UTC": the range an answer covers, in the user's zone. */
export function formatRange(t: Translator, locale: Locale, range: { from: string | null; to: string }, timeZone: string = DISPLAY_TIME_ZONE): string {
  const to = formatTime(locale, range.to, timeZone);
  return range.from === null ? t("assistant.range.until", { to }) : t("assistant.range.between", { from: formatTime(locale, range.from, timeZone), to });
}

/**
 * When an action will run, as its proposal says it: "Mon 8 Dec 2025, 03:00 (Europe/Paris)", "lun. 8 déc. 2025, 03:00
 * (Europe/Paris)" — the weekday, so that "tomorrow at 3am" is seen to be the day meant.
 */
export function formatWhen(locale: Locale, iso: string, timeZone: string = DISPLAY_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(date);
  return `${text} (${timeZone})`;
}

/** "86 ms", "6.2%" / "6,2 %", "200 Mbps" / "200 Mbit/s" for a metric or a bandwidth. */
export function formatMetric(t: Translator, locale: Locale, metric: "latencyMs" | "jitterMs" | "lossPercent", value: number | null): string {
  if (value === null) return t("assistant.sla.notAvailable");
  const number = formatNumber(locale, value);
  return metric === "lossPercent" ? t("assistant.units.percent", { value: number }) : t("assistant.units.ms", { value: number });
}

export const formatMbps = (t: Translator, locale: Locale, value: number) => t("assistant.units.mbps", { value: formatNumber(locale, value) });

/** A bulleted-list tail: "…and 3 more." when a list was cut. */
export function moreLine(t: Translator, shown: number, total: number): string | null {
  return total > shown ? t("assistant.more", { count: total - shown }) : null;
}

const SITE_TYPE_KEYS = {
  standard: "standard",
  aws: "aws",
  azure: "azure",
  gcp: "gcp",
  oracle: "oracle",
  "aws-direct-connect": "awsDirectConnect",
} as const satisfies Record<SiteType, string>;

/** "AWS Direct Connect", "standard": a site type as people name it. */
export const siteTypeLabel = (t: Translator, type: SiteType) => t(`assistant.sites.types.${SITE_TYPE_KEYS[type]}`);
