import { storedMessage, translateCatalogueMessage, type CatalogueTranslator } from "@/lib/i18n/stored-message";
import { messageWithValues, type MessageValues } from "@/lib/validation/messages";

// An alarm's message is stored as a catalogue message under alarms.message ("key::{json}") with its figures as
// values, so each reader gets it in their own language (the API translates, and so does the events page for the
// alarm snapshots it keeps). The alarm engine compares stored messages: values are written in a fixed order, so the
// same condition always gives the same text. Plain text (older or hand-written alarms) is shown as it is.

export const ALARM_MESSAGE_PREFIX = "alarms.message.";

const KINDS = [
  "slaBad",
  "slaCleared",
  "slaUnmeasured",
  "portDown",
  "linkDown",
  "deviceSilent",
  "deviceSilentOnNode",
  "deviceBack",
  "deviceUnassigned",
  "rolloutDegraded",
  "rolloutFailed",
] as const;
export type AlarmMessageKind = (typeof KINDS)[number];

export type SlaMetric = "latencyMs" | "jitterMs" | "lossPercent";

/** A metric beyond its limit: the measured value and the threshold it crossed. */
export interface SlaBreach {
  metric: SlaMetric;
  value: number;
  limit: number;
}

// Value names in the stored message, one per metric (and "<name>Limit" for its threshold), in display order.
const METRIC_NAMES: Record<SlaMetric, string> = { latencyMs: "latency", jitterMs: "jitter", lossPercent: "loss" };
const METRIC_ORDER: readonly SlaMetric[] = ["latencyMs", "jitterMs", "lossPercent"];

export const alarmMessageKey = (kind: AlarmMessageKind) => `${ALARM_MESSAGE_PREFIX}${kind}`;

// Figures as precise as an operator reads them: a tenth of a percent, whole milliseconds (a tenth under 10 ms) —
// and as many more decimals as it takes for a figure above its limit to read above it ("100.4 ms above 100 ms",
// never "100 ms above 100 ms").
const MAX_DECIMALS = 3;

export function slaFigure(metric: SlaMetric, value: number, limit?: number): number {
  let decimals = metric === "lossPercent" || Math.abs(value) < 10 ? 1 : 0;
  const round = (places: number) => Math.round(value * 10 ** places) / 10 ** places;
  while (limit !== undefined && value > limit && round(decimals) <= limit && decimals < MAX_DECIMALS) decimals++;
  return round(decimals);
}

/** "Path Lyon ⇄ Paris: latency 132 ms above 100 ms, loss 6.2 % above 5 %" in the reader's language. */
export function slaBadMessage(path: string, breaches: readonly SlaBreach[]): string {
  const values: MessageValues = { path };
  for (const metric of METRIC_ORDER) {
    const breach = breaches.find((item) => item.metric === metric);
    if (!breach) continue;
    values[METRIC_NAMES[metric]] = slaFigure(metric, breach.value, breach.limit);
    values[`${METRIC_NAMES[metric]}Limit`] = breach.limit;
  }
  return messageWithValues(alarmMessageKey("slaBad"), values);
}

export const slaClearedMessage = (path: string, sla: "healthy" | "warning") => messageWithValues(alarmMessageKey("slaCleared"), { path, sla });

/** Why an SLA alarm cleared without its figures recovering: the path can no longer be measured. */
export type SlaUnmeasuredReason = { reason: "siteInactive"; site: string } | { reason: "noFigures" } | { reason: "pathGone" };

/** "Path Lyon ⇄ Paris no longer measured: site Lyon Branch is inactive" in the reader's language. */
export const slaUnmeasuredMessage = (path: string, why: SlaUnmeasuredReason) =>
  messageWithValues(alarmMessageKey("slaUnmeasured"), { path, reason: why.reason, site: why.reason === "siteInactive" ? why.site : "" });

export const portDownMessage = (port: string, node: string) => messageWithValues(alarmMessageKey("portDown"), { port, node });

export const linkDownMessage = (link: string) => messageWithValues(alarmMessageKey("linkDown"), { link });

export function deviceSilentMessage(serial: string, node: string | null, minutes: number): string {
  return node
    ? messageWithValues(alarmMessageKey("deviceSilentOnNode"), { serial, node, minutes })
    : messageWithValues(alarmMessageKey("deviceSilent"), { serial, minutes });
}

export const deviceBackMessage = (serial: string) => messageWithValues(alarmMessageKey("deviceBack"), { serial });

export const deviceUnassignedMessage = (serial: string) => messageWithValues(alarmMessageKey("deviceUnassigned"), { serial });

/** A staged rollout halted by its SLA gate (lib/lifecycle/rollout-gate.ts): the paths that degraded, by name. */
export const rolloutDegradedMessage = (version: string, wave: number, paths: string) => messageWithValues(alarmMessageKey("rolloutDegraded"), { version, wave, paths });

/** A staged rollout halted because a wave's upgrade did not succeed on some devices. */
export const rolloutFailedMessage = (version: string, wave: number, serials: string) => messageWithValues(alarmMessageKey("rolloutFailed"), { version, wave, serials });

const isKind = (key: string) => (KINDS as readonly string[]).includes(key.slice(ALARM_MESSAGE_PREFIX.length));

/** The breaches of an SLA message, each in the reader's language ("loss 6,2 % au-dessus de 5 %"), joined. */
function breachList(t: CatalogueTranslator, values: MessageValues): string {
  const parts: string[] = [];
  for (const metric of METRIC_ORDER) {
    const name = METRIC_NAMES[metric];
    const value = values[name];
    const limit = values[`${name}Limit`];
    if (typeof value !== "number" || typeof limit !== "number") continue;
    const part = translateCatalogueMessage(t, { key: `${ALARM_MESSAGE_PREFIX}slaMetric.${name}`, values: { value, limit } });
    if (part !== null) parts.push(part);
  }
  return parts.join(", ");
}

/** A stored alarm message in the translator's language; plain text and unknown keys come back unchanged. */
export function translateAlarmMessage(t: CatalogueTranslator, text: string): string {
  const message = storedMessage(text, ALARM_MESSAGE_PREFIX);
  if (!message || !isKind(message.key)) return text;
  const values = message.values ?? {};
  const shown =
    message.key === alarmMessageKey("slaBad")
      ? translateCatalogueMessage(t, { key: message.key, values: { path: String(values.path ?? ""), breaches: breachList(t, values) } })
      : translateCatalogueMessage(t, { key: message.key, values });
  return shown ?? text;
}

/** An alarm as its reader sees it: the message (and why it cleared, if it says) in their language. */
export function localizedAlarm<T extends { message: string; clearedReason?: string | null }>(t: CatalogueTranslator, alarm: T): T {
  const shown = { ...alarm, message: translateAlarmMessage(t, alarm.message) };
  if (alarm.clearedReason) shown.clearedReason = translateAlarmMessage(t, alarm.clearedReason);
  return shown;
}

/**
 * An alarm's type as people read it, a key under alarms.types: an SLA alarm's word follows its severity (SPEC §4's
 * path SLA states: a warning-severity alarm is "SLA warning", any other "SLA bad"); other types keep their own.
 */
export function alarmTypeWord<T extends string>(alarm: { type: T; severity: string }): T | "sla-warning" {
  return alarm.type === "sla-bad" && alarm.severity === "warning" ? "sla-warning" : alarm.type;
}
