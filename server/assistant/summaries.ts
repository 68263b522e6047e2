import "server-only";
import type { LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import {
  ASSISTANT_TOOL_SCHEMAS,
  isAssistantAction,
  isAssistantToolName,
  type AssistantToolName,
  type AssistantUITools,
  type ExplainPathSlaOutput,
  type GuidePathCreationOutput,
  type GuideSiteCreationOutput,
  type ListOpenAlarmsOutput,
  type ListSitesOutput,
  type PathSummary,
  type RecentEventsOutput,
} from "@/lib/assistant/tools";
import { DISPLAY_TIME_ZONE, type Locale } from "@/lib/constants";
import { eventTypeLabelKey } from "@/lib/events/types";
import { translatorFor } from "@/lib/i18n/messages";
import { formatMbps, formatMetric, formatRange, formatTime, moreLine, siteTypeLabel, type Translator } from "./format";
import * as live from "./summaries-live";
import * as rankings from "./summaries-rankings";
import * as screens from "./summaries-screens";
import * as onboarding from "./summaries-onboarding";
import { lines, quoted, type Writer } from "./summaries-live";

// The embedded model's answers: each tool's output written out in the reader's language, as plain text with "- "
// bullets. Failed and refused tool calls are answered too. Names and figures come from the outputs; words from the
// catalogue.


function sites(output: ListSitesOutput, writer: Writer): string {
  const { t } = writer;
  const ranked = rankings.rankedSites(output, writer);
  if (ranked) return ranked;
  const organization = output.organizationName;
  if (output.groups && output.groups.length > 0) {
    const cloud = output.groups.filter((group) => group.key !== "standard");
    const count = (groups: typeof cloud) => groups.reduce((sum, group) => sum + group.count, 0);
    return lines(
      t("assistant.sites.byType", { organization, total: count(output.groups) }),
      t("assistant.groups.line", { group: siteTypeLabel(t, "standard"), count: count(output.groups.filter((group) => group.key === "standard")) }),
      t("assistant.sites.cloudTypes", { count: count(cloud), types: cloud.map((group) => t("assistant.labelled", { label: siteTypeLabel(t, group.key), value: String(group.count) })).join(", ") || "—" }),
    );
  }
  // "Are all our sites active?": yes, or no with the inactive ones named.
  if (output.active === false && typeof output.scanned === "number") {
    if (output.total === 0) return t("assistant.sites.allActive", { organization, total: output.scanned });
    return lines(
      t("assistant.sites.someInactive", { organization, count: output.total, total: output.scanned }),
      ...output.sites.map((site) => t("assistant.sites.inactiveLine", { site: site.name, type: siteTypeLabel(t, site.type), city: site.city })),
      moreLine(t, output.sites.length, output.total),
    );
  }
  if (output.total === 0) {
    if (output.withoutPaths) return t("assistant.sites.allHavePaths", { organization });
    // A name that matches no site the caller sees: the same words whether it exists elsewhere or not.
    return output.query ? t("assistant.notVisible", { query: quoted(output.query, 100) }) : t("assistant.sites.none", { organization });
  }
  const header = output.pick
    ? t("assistant.sites.pickToDelete", { total: output.total })
    : output.withoutPaths
    ? t("assistant.sites.withoutPathsHeader", { organization, total: output.total })
    : output.sort === "paths"
    ? t("assistant.sites.byPaths", { organization })
    : output.query
    ? t("assistant.sites.headerMatch", { total: output.total, query: output.query })
    : output.kind
    ? t(output.kind === "cloud" ? "assistant.sites.headerCloud" : "assistant.sites.headerStandard", { organization, total: output.total })
    : t("assistant.sites.header", { organization, total: output.total });
  const rows = output.sites.map((site) => {
    const details = [
      t("assistant.sites.counts", { connectors: site.connectors, paths: site.paths }),
      site.paths > 0 ? t("assistant.sites.worstSla", { state: t(`assistant.sla.states.${site.sla}`) }) : null,
      site.active ? null : t("assistant.sites.inactive"),
    ]
      .filter(Boolean)
      .join(", ");
    const values = { site: site.name, type: siteTypeLabel(t, site.type), city: site.city, details };
    return site.organizationName === organization
      ? t("assistant.sites.line", values)
      : t("assistant.sites.lineWithOrganization", { ...values, organization: site.organizationName });
  });
  return lines(header, ...rows, moreLine(t, output.sites.length, output.total));
}

const candidateLine = ({ t }: Writer, path: PathSummary) => {
  const values = { path: path.name, source: path.sourceSiteName, destination: path.destinationSiteName, state: t(`assistant.sla.states.${path.sla}`) };
  return path.organizationName ? t("assistant.sla.candidateOf", { ...values, organization: path.organizationName }) : t("assistant.sla.candidate", values);
};

function pathSla(output: ExplainPathSlaOutput, writer: Writer): string {
  const { t, locale, timeZone } = writer;
  if (output.status === "ambiguous") {
    return lines(t("assistant.sla.ambiguous", { query: output.query }), ...output.candidates.map((path) => candidateLine(writer, path)), t("assistant.sla.ambiguousAsk"));
  }
  if (output.status === "not-found") {
    return lines(
      t("assistant.notVisible", { query: quoted(output.query, 100) }),
      output.candidates.length > 0 ? t("assistant.sla.candidates") : t("assistant.sla.noPaths"),
      ...output.candidates.map((path) => candidateLine(writer, path)),
    );
  }
  const { path, measurement, thresholds } = output;
  const metric = (name: "latencyMs" | "jitterMs" | "lossPercent", value: number | null) => formatMetric(t, locale, name, value);
  const unknown = {
    min: output.minSamples,
    minutes: output.windowMinutes,
    samples: measurement?.samples ?? 0,
    time: measurement ? formatTime(locale, measurement.lastSampleAt, timeZone) : "",
  };
  return lines(
    t("assistant.sla.header", {
      path: path.name,
      source: path.sourceSiteName,
      destination: path.destinationSiteName,
      state: t(`assistant.sla.states.${path.sla}`),
    }),
    measurement &&
      t("assistant.sla.latest", {
        latency: metric("latencyMs", measurement.latencyMs),
        jitter: metric("jitterMs", measurement.jitterMs),
        loss: metric("lossPercent", measurement.lossPercent),
        samples: measurement.samples,
        time: formatTime(locale, measurement.lastSampleAt, timeZone),
      }),
    output.breaches.length > 0 && t("assistant.sla.breachesIntro"),
    ...output.breaches.map((breach) =>
      t("assistant.sla.breach", {
        metric: t(`assistant.sla.metrics.${breach.metric}`),
        value: metric(breach.metric, breach.value),
        level: t(`assistant.sla.levels.${breach.level}`),
        threshold: metric(breach.metric, breach.threshold),
      }),
    ),
    path.sla === "healthy" && measurement !== null && t("assistant.sla.withinThresholds"),
    (path.sla === "warning" || path.sla === "bad") && measurement === null && t("assistant.sla.noFigures"),
    output.unknownReason === "no-data" && t("assistant.sla.noData", unknown),
    output.unknownReason === "insufficient-samples" && t("assistant.sla.insufficientSamples", unknown),
    output.unknownReason === "stale" && t("assistant.sla.stale", unknown),
    ...rootCauseLines(output.rootCause, output.breaches, writer),
    t("assistant.sla.thresholds", {
      latencyWarning: metric("latencyMs", thresholds.latencyMs.warning),
      latencyBad: metric("latencyMs", thresholds.latencyMs.bad),
      jitterWarning: metric("jitterMs", thresholds.jitterMs.warning),
      jitterBad: metric("jitterMs", thresholds.jitterMs.bad),
      lossWarning: metric("lossPercent", thresholds.lossPercent.warning),
      lossBad: metric("lossPercent", thresholds.lossPercent.bad),
    }),
  );
}

type Found = Extract<ExplainPathSlaOutput, { status: "found" }>;
type RootCause = NonNullable<Found["rootCause"]>;

/** When the breach began, with each metric over its threshold: "Breaching since 20 Nov 2026, 14:20 UTC: latency 90 ms over its 80 ms threshold." */
function onsetLine(cause: RootCause, breaches: Found["breaches"], { t, locale, timeZone }: Writer): string {
  if (!cause.onset) return "";
  const over = breaches.map((breach) =>
    t("assistant.rootCause.overThreshold", {
      metric: t(`assistant.sla.metrics.${breach.metric}`),
      value: formatMetric(t, locale, breach.metric, breach.value),
      threshold: formatMetric(t, locale, breach.metric, breach.threshold),
    }),
  );
  return t("assistant.rootCause.onset", {
    atLeast: String(cause.onset.atLeast),
    time: formatTime(locale, cause.onset.at, timeZone),
    hasBreaches: String(over.length > 0),
    breaches: new Intl.ListFormat(locale, { type: "conjunction" }).format(over),
  });
}

/** The changes on its objects that were not blamed, and why: "Ruled out: 1 change made after the breach began, …". */
function ruledOutLine(cause: RootCause, { t, locale }: Writer): string {
  const reasons = [
    cause.ruledOut.after > 0 ? t("assistant.rootCause.ruledOutAfter", { count: cause.ruledOut.after }) : null,
    cause.ruledOut.reverted > 0 ? t("assistant.rootCause.ruledOutReverted", { count: cause.ruledOut.reverted }) : null,
    cause.ruledOut.cosmetic > 0 ? t("assistant.rootCause.ruledOutCosmetic", { count: cause.ruledOut.cosmetic }) : null,
  ].filter((reason): reason is string => reason !== null);
  return reasons.length > 0 ? t("assistant.rootCause.ruledOut", { reasons: new Intl.ListFormat(locale, { type: "conjunction" }).format(reasons) }) : "";
}

/**
 * Why a degraded path is degraded: when it began, an inactive end, the route's unhealthy elements, the alarms on it,
 * the changes that may explain it, the likely cause and what to check.
 */
function rootCauseLines(cause: RootCause | null, breaches: Found["breaches"], writer: Writer): string[] {
  if (!cause) return [];
  const { t, locale, timeZone } = writer;
  const changeLine = (change: RootCause["changes"][number]) =>
    `- ${t("assistant.labelled", { label: formatTime(locale, change.timestamp, timeZone), value: quoted(change.entityName) })}${change.actor ? `, ${quoted(change.actor)}` : ""}${change.fields.length > 0 ? ` — ${change.fields.map((field) => quoted(field)).join("; ")}` : ""}`;
  const changes = cause.changes.map(changeLine);
  // Each change ruled out, with why: "- 20 Nov, 14:30: Paris ⇄ Frankfurt, … — Bandwidth: 5000 → 100 (made after the breach began)".
  const ruledOut = cause.ruledOutChanges.map((change) => `${changeLine(change)} (${t(`assistant.rootCause.ruledOutWhy.${change.verdict}`)})`);
  const ends = cause.inactiveEnds.map((end) =>
    end.type === "site" ? t("assistant.rootCause.inactiveSite", { name: quoted(end.name) }) : t("assistant.rootCause.inactiveConnector", { name: quoted(end.name) }),
  );
  if (cause.likely === "none") return [...ends, ...(changes.length > 0 ? [t("assistant.rootCause.changes"), ...changes] : [])];
  const unhealthy = cause.route.filter((element) => !element.healthy);
  const route = cause.route.filter((element) => element.type !== "link" || !element.healthy);
  // A route element's state in the reader's words, as the route drawing labels it ("warning", "avertissement").
  const state = (value: string) => (t.has(`topology.states.${value}` as never) ? t(`topology.states.${value}` as never).toLocaleLowerCase(locale) : value);
  return [
    onsetLine(cause, breaches, writer),
    ...ends,
    route.length > 0 ? t("assistant.rootCause.route", { elements: route.map((element) => `${quoted(element.name)} (${state(element.state)})`).join(" → ") }) : "",
    unhealthy.length > 0
      ? t("assistant.rootCause.unhealthy", {
          elements: unhealthy.map((element) => t("assistant.rootCause.elementState", { name: quoted(element.name), state: state(element.state) })).join(", "),
        })
      : t("assistant.rootCause.routeHealthy"),
    cause.echoes.length > 0
      ? t("assistant.rootCause.echoes", {
          connectors: new Intl.ListFormat(locale, { type: "conjunction" }).format(cause.echoes.map((name) => quoted(name))),
          count: cause.echoes.length,
        })
      : "",
    ...(cause.alarms.length > 0
      ? [
          t("assistant.rootCause.alarms"),
          ...cause.alarms.map((alarm) => `- [${t(`assistant.alarms.severities.${alarm.severity}`)}] ${quoted(alarm.message)} (${quoted(alarm.source)})`),
          moreLine(t, cause.alarms.length, cause.alarmsTotal) ?? "",
        ]
      : []),
    ...(changes.length > 0 ? [t(cause.onset ? "assistant.rootCause.suspects" : "assistant.rootCause.changes"), ...changes] : [t("assistant.rootCause.noSuspect")]),
    ruledOutLine(cause, writer),
    ...ruledOut,
    t(`assistant.rootCause.likely.${cause.likely}`, {
      end: cause.inactiveEnds[0] ? quoted(cause.inactiveEnds[0].name) : "",
      element: unhealthy[0] ? quoted(unhealthy[0].name) : "",
      change: cause.changes[0] ? quoted(cause.changes[0].entityName) : "",
      alarm: cause.alarms[0] ? quoted(cause.alarms[0].source) : "",
    }),
  ].filter(Boolean);
}

function alarms(output: ListOpenAlarmsOutput, { t, locale, timeZone }: Writer): string {
  if (output.aboutNotVisible && output.filters.about) return t("assistant.notVisible", { query: quoted(output.filters.about, 100) });
  const range = output.range ? formatRange(t, locale, output.range, timeZone) : null;
  const severity = output.filters.severity ? t(`assistant.alarms.severities.${output.filters.severity}`) : null;
  if (output.acknowledged && (output.total === 0 || output.alarms.length === 0)) return t("assistant.alarms.noneAcknowledged");
  if (output.total === 0 || output.alarms.length === 0) {
    if (range && output.everyState) return severity ? t("assistant.alarms.rangeAllNoneOfSeverity", { severity, range }) : t("assistant.alarms.rangeAllNone", { range });
    if (range) return severity ? t("assistant.alarms.rangeNoneOfSeverity", { severity, range }) : t("assistant.alarms.rangeNone", { range });
    if (severity) return t("assistant.alarms.noneOfSeverity", { severity });
    return output.filters.about ? t("assistant.alarms.noneAbout", { about: quoted(output.filters.about) }) : t("assistant.alarms.none");
  }
  const counts = Object.entries(output.bySeverity).map(([severity, count]) => t("assistant.labelled", { label: t(`assistant.alarms.severities.${severity as "critical"}`), value: String(count) }));
  return lines(
    output.recentlyCleared
      ? t("assistant.alarms.acknowledgedClearedHeader", { total: output.total, about: quoted(output.filters.about ?? "") })
      : output.acknowledged
      ? t("assistant.alarms.acknowledgedHeader", { total: output.total })
      : range && output.everyState
        ? t("assistant.alarms.rangeAllHeader", { total: output.total, range, open: output.stillOpen ?? 0 })
        : range
        ? t("assistant.alarms.rangeHeader", { total: output.total, range })
        : t("assistant.alarms.header", { total: output.total }),
    counts.length > 0 && t("assistant.alarms.bySeverity", { counts: counts.join(", ") }),
    ...output.alarms.flatMap((alarm) => [
      t("assistant.alarms.line", {
        severity: t(`assistant.alarms.severities.${alarm.severity}`),
        type: t(`assistant.alarms.types.${alarm.type as "sla-bad"}`),
        message: quoted(alarm.message),
        source: quoted(alarm.source),
        time: formatTime(locale, alarm.raisedAt, timeZone),
      }),
      output.acknowledged && t("assistant.alarms.acknowledgedBy", { person: quoted(alarm.acknowledgedBy ?? "—"), note: alarm.note ? quoted(alarm.note) : "—" }),
      output.everyState && alarm.acknowledgedBy && t("assistant.alarms.acknowledgedByOnly", { person: quoted(alarm.acknowledgedBy) }),
      alarm.clearedAt && t("assistant.alarms.clearedSince", { time: formatTime(locale, alarm.clearedAt, timeZone) }),
    ]),
    moreLine(t, output.alarms.length, output.total),
  );
}

/** A changed field as people name it ("bandwidth" / "bande passante"), or its own name. */
export const fieldLabel = (t: Translator, field: string) => (t.has(`assistant.fields.${field}` as never) ? t(`assistant.fields.${field}` as never) : quoted(field));

/** The first line of an events answer: how many there are in the range asked, or the latest ones. */
function eventsHeader(output: RecentEventsOutput, { t, locale, timeZone }: Writer): string {
  const about = output.about ? quoted(output.about) : null;
  if (output.range && typeof output.total === "number") {
    const range = formatRange(t, locale, output.range, timeZone);
    if (output.events.length === 0) return about ? t("assistant.events.rangeNoneAbout", { about, range }) : t("assistant.events.rangeNone", { range });
    if (output.atLeast) return t("assistant.events.rangeHeaderAtLeast", { total: output.total, range });
    return about ? t("assistant.events.rangeHeaderAbout", { total: output.total, about, range }) : t("assistant.events.rangeHeader", { total: output.total, range });
  }
  if (output.events.length === 0) return about ? t("assistant.events.noneAbout", { about }) : t("assistant.events.none");
  return about ? t("assistant.events.headerAbout", { count: output.events.length, about }) : t("assistant.events.header", { count: output.events.length });
}

function eventTypeText(t: Translator, type: string): string {
  const key = eventTypeLabelKey(type) as Parameters<Translator>[0] | null;
  return key && t.has(key) ? t(key) : type;
}

function events(output: RecentEventsOutput, writer: Writer): string {
  const { t, locale, timeZone } = writer;
  if (output.aboutNotVisible && output.about) return t("assistant.notVisible", { query: quoted(output.about, 100) });
  return lines(
    eventsHeader(output, writer),
    ...output.events.flatMap((event) => [
      t("assistant.events.line", {
        time: formatTime(locale, event.timestamp, timeZone),
        // The type in the reader's words ("Path updated", "Chemin modifié"), a code this console does not know as it is.
        type: eventTypeText(t, event.type),
        entity: event.entityName ? quoted(event.entityName) : event.entityType,
        actor: quoted(event.actor ?? event.source),
      }),
      ...event.changes.slice(0, 6).map((change) => `  - ${t("assistant.labelled", { label: fieldLabel(t, change.field), value: `${quoted(change.before, 80)} → ${quoted(change.after, 80)}` })}`),
    ]),
    !output.atLeast && typeof output.total === "number" && moreLine(t, output.events.length, output.total),
  );
}

const numbered = (steps: string[]) => steps.map((step, index) => `${index + 1}. ${step}`);

const permission = ({ t }: Writer, canWrite: boolean, organization: string) =>
  canWrite ? t("assistant.guide.canWrite") : t("assistant.guide.readOnly", { organization });

function siteGuide(output: GuideSiteCreationOutput, writer: Writer): string {
  const { t } = writer;
  const organization = output.organizationName;
  return lines(
    output.name ? t("assistant.guide.site.titleNamed", { name: output.name, organization }) : t("assistant.guide.site.title", { organization }),
    ...numbered(output.steps),
    output.unknownType && t("assistant.guide.site.unknownType", { type: output.unknownType }),
    permission(writer, output.canWrite, organization),
  );
}

function pathGuide(output: GuidePathCreationOutput, writer: Writer): string {
  const { t } = writer;
  const title =
    output.source && output.destination
      ? t("assistant.guide.path.titleEnds", { source: output.source.name, destination: output.destination.name })
      : output.source
        ? t("assistant.guide.path.titleSource", { source: output.source.name })
        : t("assistant.guide.path.title");
  return lines(
    title,
    ...numbered(output.steps),
    output.unresolved.length > 0 && t("assistant.guide.path.unresolved", { names: output.unresolved.join(", ") }),
    permission(writer, output.canWrite, output.organizationName),
  );
}

const SUMMARIES: { [NAME in AssistantToolName]: (output: AssistantUITools[NAME]["output"], writer: Writer) => string } = {
  listSites: sites,
  explainPathSla: pathSla,
  listOpenAlarms: alarms,
  recentEvents: events,
  guideSiteCreation: siteGuide,
  guidePathCreation: pathGuide,
  listPaths: (output, writer) => (output.sort === "health" ? live.pathList(output, writer) : rankings.rankedPaths(output, writer)),
  pathStatistics: live.pathStatistics,
  nodeStatus: live.nodeStatus,
  inventory: live.inventory,
  lifecycleOperations: live.lifecycle,
  connectorUsage: live.connectorUsage,
  siteTraffic: live.siteTraffic,
  siteDetail: live.siteDetail,
  pathDetail: live.pathDetail,
  fabricStatus: live.fabricStatus,
  listInvitations: live.invitations,
  listUsers: live.users,
  blastRadius: live.blastRadius,
  listOrganizations: (output, writer) => rankings.rankedOrganizations(output, writer) ?? live.organizations(output, writer),
  explainRules: live.rules,
  guideTask: live.guideTask,
  guideScreen: screens.guideScreen,
  gettingStarted: onboarding.gettingStarted,
  listConnectors: rankings.connectors,
  listNodes: rankings.nodes,
  listLinks: rankings.backbone,
  createPath: live.actionDone,
  scheduleOperation: live.actionDone,
  cancelOperation: live.actionDone,
  acknowledgeAlarms: live.actionDone,
  deleteSite: live.actionDone,
  createSite: live.actionDone,
};

function summarizeOutput<NAME extends AssistantToolName>(name: NAME, value: unknown, writer: Writer): string | null {
  const parsed = ASSISTANT_TOOL_SCHEMAS[name].output.safeParse(value);
  return parsed.success ? SUMMARIES[name](parsed.data as AssistantUITools[NAME]["output"], writer) : null;
}

/** An error's text without the "Error: " its toString() puts first (the AI SDK sends the model error.toString()). */
const bare = (text: string) => text.replace(/^(?:[A-Z]\w*)?Error: /, "").trim();

/** The message of an error the model received as JSON ({ message } or a string), if it has one. */
function errorMessage(value: unknown): string | null {
  if (typeof value === "string" && value.trim()) return bare(value);
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? bare(message) : null;
}

/** A tool's result (as the model's prompt carries it) written out for the reader. */
export function summarizeToolResult(toolName: string, output: LanguageModelV4ToolResultOutput, locale: Locale, timeZone: string = DISPLAY_TIME_ZONE): string {
  const writer: Writer = { t: translatorFor(locale), locale, timeZone };
  const { t } = writer;
  const tool = isAssistantToolName(toolName) ? t(`assistant.tools.${toolName}`) : toolName;
  switch (output.type) {
    case "error-text":
      return t("assistant.errors.toolFailed", { tool, message: bare(output.value) || t("assistant.errors.unexpected") });
    case "error-json":
      return t("assistant.errors.toolFailed", { tool, message: errorMessage(output.value) ?? t("assistant.errors.unexpected") });
    case "execution-denied":
      // An action's dry run refused it, or the user rejected its preview: the reason says it all.
      if (isAssistantAction(toolName) && output.reason) return output.reason;
      return output.reason ? t("assistant.errors.deniedWithReason", { tool, reason: output.reason }) : t("assistant.errors.denied", { tool });
    case "json":
      return (isAssistantToolName(toolName) && summarizeOutput(toolName, output.value, writer)) || t("assistant.errors.unreadable", { tool });
    case "text":
    case "content":
      return t("assistant.errors.unreadable", { tool });
  }
}

/**
 * A plan's answer (issue 40, scope 3): each read's summary, then what the comparison asked concludes — of two sites'
 * traffic, the busier (now when the reads are of now, else on average over their range).
 */
export function summarizePlan(results: readonly { toolName: string; output: LanguageModelV4ToolResultOutput }[], locale: Locale, timeZone: string = DISPLAY_TIME_ZONE): string {
  const texts = results.map((result) => summarizeToolResult(result.toolName, result.output, locale, timeZone));
  const traffic = results.flatMap((result) => {
    if (result.toolName !== "siteTraffic" || result.output.type !== "json") return [];
    const parsed = ASSISTANT_TOOL_SCHEMAS.siteTraffic.output.safeParse(result.output.value);
    if (!parsed.success || parsed.data.status !== "found") return [];
    const figure = parsed.data.current ?? parsed.data.average;
    return figure ? [{ site: parsed.data.site.name, mbps: figure.rxMbps + figure.txMbps }] : [];
  });
  if (traffic.length < 2) return texts.join("\n\n");
  const t = translatorFor(locale);
  const [busiest, ...others] = [...traffic].sort((a, b) => b.mbps - a.mbps);
  const verdict = t("assistant.traffic.busier", {
    site: busiest.site,
    total: formatMbps(t, locale, busiest.mbps),
    others: others.map((other) => `${other.site} (${formatMbps(t, locale, other.mbps)})`).join(", "),
  });
  return [...texts, verdict].join("\n\n");
}
