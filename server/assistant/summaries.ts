import "server-only";
import type { LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import {
  ASSISTANT_TOOL_SCHEMAS,
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
import type { Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import { formatMetric, formatTime, moreLine, siteTypeLabel, type Translator } from "./format";

// The embedded model's answers: each tool's output written out in the reader's language, as plain text with "- "
// bullets. Failed and refused tool calls are answered too. Names and figures come from the outputs; words from the
// catalogue.

interface Writer {
  t: Translator;
  locale: Locale;
}

const lines = (...parts: (string | null | false | undefined)[]) => parts.filter((part): part is string => Boolean(part)).join("\n");

function sites(output: ListSitesOutput, { t }: Writer): string {
  const organization = output.organizationName;
  if (output.total === 0) {
    return output.query ? t("assistant.sites.noMatch", { organization, query: output.query }) : t("assistant.sites.none", { organization });
  }
  const header = output.query
    ? t("assistant.sites.headerMatch", { total: output.total, query: output.query })
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

const candidateLine = ({ t }: Writer, path: PathSummary) =>
  t("assistant.sla.candidate", {
    path: path.name,
    source: path.sourceSiteName,
    destination: path.destinationSiteName,
    state: t(`assistant.sla.states.${path.sla}`),
  });

function pathSla(output: ExplainPathSlaOutput, writer: Writer): string {
  const { t, locale } = writer;
  if (output.status === "ambiguous") {
    return lines(t("assistant.sla.ambiguous", { query: output.query }), ...output.candidates.map((path) => candidateLine(writer, path)), t("assistant.sla.ambiguousAsk"));
  }
  if (output.status === "not-found") {
    return lines(
      t("assistant.sla.notFound", { query: output.query }),
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
    time: measurement ? formatTime(locale, measurement.lastSampleAt) : "",
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
        time: formatTime(locale, measurement.lastSampleAt),
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

function alarms(output: ListOpenAlarmsOutput, { t, locale }: Writer): string {
  if (output.total === 0 || output.alarms.length === 0) return t("assistant.alarms.none");
  return lines(
    t("assistant.alarms.header", { total: output.total }),
    ...output.alarms.map((alarm) =>
      t("assistant.alarms.line", {
        severity: t(`assistant.alarms.severities.${alarm.severity}`),
        message: alarm.message,
        source: alarm.source,
        time: formatTime(locale, alarm.raisedAt),
      }),
    ),
    moreLine(t, output.alarms.length, output.total),
  );
}

function events(output: RecentEventsOutput, { t, locale }: Writer): string {
  if (output.events.length === 0) return t("assistant.events.none");
  return lines(
    t("assistant.events.header", { count: output.events.length }),
    ...output.events.map((event) =>
      t("assistant.events.line", { time: formatTime(locale, event.timestamp), type: event.type, entity: event.entityType, actor: event.actor ?? event.source }),
    ),
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
export function summarizeToolResult(toolName: string, output: LanguageModelV4ToolResultOutput, locale: Locale): string {
  const writer: Writer = { t: translatorFor(locale), locale };
  const { t } = writer;
  const tool = isAssistantToolName(toolName) ? t(`assistant.tools.${toolName}`) : toolName;
  switch (output.type) {
    case "error-text":
      return t("assistant.errors.toolFailed", { tool, message: bare(output.value) || t("assistant.errors.unexpected") });
    case "error-json":
      return t("assistant.errors.toolFailed", { tool, message: errorMessage(output.value) ?? t("assistant.errors.unexpected") });
    case "execution-denied":
      return output.reason ? t("assistant.errors.deniedWithReason", { tool, reason: output.reason }) : t("assistant.errors.denied", { tool });
    case "json":
      return (isAssistantToolName(toolName) && summarizeOutput(toolName, output.value, writer)) || t("assistant.errors.unreadable", { tool });
    case "text":
    case "content":
      return t("assistant.errors.unreadable", { tool });
  }
}
