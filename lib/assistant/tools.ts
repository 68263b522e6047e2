import { z } from "zod";
import { ALARM_SEVERITIES } from "@/lib/alarms/schema";
import { PATH_SLA_STATES } from "@/lib/health";
import { PATH_LAYERS } from "@/lib/paths/schema";
import { CLOUD_PROVIDERS } from "@/lib/sites/cloud-regions";
import { SITE_TYPES } from "@/lib/sites/schema";
import { consoleRoutePath } from "@/lib/validation/fields";
import {
  alarmFiltersSchema,
  changesFilterSchema,
  connectorUsageInputSchema,
  connectorUsageOutputSchema,
  explainRulesInputSchema,
  explainRulesOutputSchema,
  fabricStatusInputSchema,
  fabricStatusOutputSchema,
  gettingStartedInputSchema,
  gettingStartedOutputSchema,
  guideTaskInputSchema,
  guideTaskOutputSchema,
  guideScreenInputSchema,
  guideScreenOutputSchema,
  inventoryInputSchema,
  inventoryOutputSchema,
  lifecycleInputSchema,
  lifecycleOutputSchema,
  listInvitationsInputSchema,
  listInvitationsOutputSchema,
  listUsersInputSchema,
  blastRadiusInputSchema,
  blastRadiusOutputSchema,
  listUsersOutputSchema,
  listOrganizationsInputSchema,
  listOrganizationsOutputSchema,
  listPathsInputSchema,
  listPathsOutputSchema,
  nodeStatusInputSchema,
  nodeStatusOutputSchema,
  pathDetailInputSchema,
  pathDetailOutputSchema,
  pathStatisticsInputSchema,
  pathStatisticsOutputSchema,
  siteDetailInputSchema,
  siteDetailOutputSchema,
  siteTrafficInputSchema,
  siteTrafficOutputSchema,
  timeRangeFilterSchema,
  listConnectorsInputSchema,
  listConnectorsOutputSchema,
  listNodesInputSchema,
  listNodesOutputSchema,
  listLinksInputSchema,
  listLinksOutputSchema,
} from "./tool-schemas";
import {
  acknowledgeAlarmsInputSchema,
  actionOutputSchema,
  ASSISTANT_ACTION_NAMES,
  cancelOperationInputSchema,
  createPathInputSchema,
  createSiteInputSchema,
  deleteSiteInputSchema,
  scheduleOperationInputSchema,
  type AssistantActionName,
} from "./action-schemas";

// The assistant's tools as the model, the server and the chat UI see them: their names, what they take and what they
// answer. Tool parts of a stored conversation (`tool-<name>`) are parsed with these schemas, never trusted.

export const ASSISTANT_TOOL_NAMES = [
  "listSites",
  "explainPathSla",
  "listOpenAlarms",
  "recentEvents",
  "guideSiteCreation",
  "guidePathCreation",
  "listPaths",
  "pathStatistics",
  "nodeStatus",
  "inventory",
  "lifecycleOperations",
  "connectorUsage",
  "siteTraffic",
  "siteDetail",
  "listOrganizations",
  "explainRules",
  "guideTask",
  "listConnectors",
  "listNodes",
  "listLinks",
  "pathDetail",
  "fabricStatus",
  "listInvitations",
  "guideScreen",
  "gettingStarted",
  "listUsers",
  "blastRadius",
  ...ASSISTANT_ACTION_NAMES,
] as const;
export type AssistantToolName = (typeof ASSISTANT_TOOL_NAMES)[number];

export function isAssistantToolName(name: string): name is AssistantToolName {
  return (ASSISTANT_TOOL_NAMES as readonly string[]).includes(name);
}

/** The tools that change something: they run only once the user approves their preview. */
export function isAssistantAction(name: string): name is AssistantActionName {
  return (ASSISTANT_ACTION_NAMES as readonly string[]).includes(name);
}

/** How many sites, paths or alarms a tool lists at most (it says how many there are in all). */
export const ASSISTANT_LIST_MAX = 20;
/** The most events recentEvents returns, and how many it returns when not asked. */
export const ASSISTANT_EVENTS_MAX = 20;
export const ASSISTANT_EVENTS_DEFAULT = 10;

const NAME_MAX = 200;

/** A button under the answer: a label and a console route. Stored outputs are parsed with it, never trusted. */
export const assistantLinkSchema = z.object({ label: z.string().min(1).max(200), path: consoleRoutePath() });
export type AssistantLink = z.infer<typeof assistantLinkSchema>;
const links = z.array(assistantLinkSchema);

const slaState = z.enum(PATH_SLA_STATES);
// Optional, so that outputs written before ranges existed (stored chats) still read.
const rangeOutput = z.object({ from: z.string().nullable(), to: z.string() }).nullish();
const optionalText = (max: number) => z.string().trim().max(max).optional();
export const SITE_SORTS = ["name", "traffic", "paths"] as const;

// --- Inputs ---

/** Sites as people group them: on premises ("standard") or in a cloud. */
export const SITE_KINDS = ["standard", "cloud"] as const;

export const listSitesInputSchema = z.object({
  query: optionalText(100).describe("Part of a site name to filter by; omit to list every site"),
  withoutPaths: z.boolean().optional().describe("Only the sites no path starts or ends at"),
  kind: z.enum(SITE_KINDS).optional().describe("Only standard sites, or only cloud sites (AWS, Azure, GCP, Oracle, Direct Connect)"),
  pick: z.enum(["delete"]).optional().describe("The user asked to delete a site without naming it: the candidates, with the question which one"),
  sort: z.enum(SITE_SORTS).optional().describe("By name (default), the most traffic now (received + sent) or the most paths first"),
  limit: z.number().int().min(1).max(20).optional().describe("At most this many sites (top N)"),
  active: z.boolean().optional().describe("Only the active sites (true) or only the inactive ones (false); the answer says how many there are in all"),
  groupBy: z.enum(["type"]).optional().describe("Count the sites of each type (standard, and cloud by provider)"),
});
export type ListSitesInput = z.infer<typeof listSitesInputSchema>;

export const explainPathSlaInputSchema = z.object({
  path: z
    .string()
    .trim()
    .min(1)
    .max(NAME_MAX)
    .describe('A path name or id, or its two site names as "A to B" or "A ⇄ B"'),
});
export type ExplainPathSlaInput = z.infer<typeof explainPathSlaInputSchema>;

export const listOpenAlarmsInputSchema = alarmFiltersSchema.extend(timeRangeFilterSchema.shape);
export type ListOpenAlarmsInput = z.infer<typeof listOpenAlarmsInputSchema>;

export const recentEventsInputSchema = changesFilterSchema.extend({
  ...timeRangeFilterSchema.shape,
  limit: z.number().int().min(1).max(ASSISTANT_EVENTS_MAX).optional().describe(`How many events, at most ${ASSISTANT_EVENTS_MAX}`),
});
export type RecentEventsInput = z.infer<typeof recentEventsInputSchema>;

export const guideSiteCreationInputSchema = z.object({
  name: optionalText(NAME_MAX).describe("The new site's name, if the user gave one"),
  city: optionalText(100).describe("Where the site is, if the user said"),
  type: optionalText(40).describe(`The site type if the user said: ${SITE_TYPES.join(", ")}`),
});
export type GuideSiteCreationInput = z.infer<typeof guideSiteCreationInputSchema>;

export const guidePathCreationInputSchema = z.object({
  source: optionalText(NAME_MAX).describe("The source site's name or id, if the user gave one"),
  destination: optionalText(NAME_MAX).describe("The destination site's name or id, if the user gave one"),
  layer: optionalText(20).describe("layer2 or layer3, if the user said"),
});
export type GuidePathCreationInput = z.infer<typeof guidePathCreationInputSchema>;

// --- Outputs ---

export const listSitesOutputSchema = z.object({
  organizationName: z.string(),
  query: z.string().nullable(),
  withoutPaths: z.boolean().default(false),
  kind: z.enum(SITE_KINDS).nullable().default(null),
  pick: z.enum(["delete"]).nullable().default(null),
  sort: z.enum(SITE_SORTS).optional(),
  /** All matching sites; `sites` holds the first ASSISTANT_LIST_MAX by name (or by the `sort`). */
  total: z.number().int(),
  active: z.boolean().nullable().optional(),
  /** Every site of the organization whatever the `active` filter, when it is given. */
  scanned: z.number().int().nullable().optional(),
  /** The sites counted by type, when asked (every type the organization has). */
  groups: z.array(z.object({ key: z.enum(SITE_TYPES), count: z.number().int() })).optional(),
  sites: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      organizationId: z.string(),
      organizationName: z.string(),
      type: z.enum(SITE_TYPES),
      /** The site's location as chosen from the location search. */
      city: z.string(),
      active: z.boolean(),
      connectors: z.number().int(),
      paths: z.number().int(),
      /** The worst SLA of the paths with an end at the site; unknown without paths. */
      sla: slaState,
      /** What its connectors receive and send now (bit/s), null before any report. */
      rxBps: z.number().nullable().optional(),
      txBps: z.number().nullable().optional(),
    }),
  ),
  links,
});
export type ListSitesOutput = z.infer<typeof listSitesOutputSchema>;

export const SLA_METRICS = ["latencyMs", "jitterMs", "lossPercent"] as const;
export type SlaMetricName = (typeof SLA_METRICS)[number];

const threshold = z.object({ warning: z.number(), bad: z.number() });

export const pathSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  sourceSiteName: z.string(),
  destinationSiteName: z.string(),
  sla: slaState,
  /** Its customer, when the candidates of an ambiguous name belong to several. */
  organizationName: z.string().optional(),
});
export type PathSummary = z.infer<typeof pathSummarySchema>;

/** Why a path's SLA is unknown: never measured, too few samples in the window, or its samples stopped. */
/** A change on a path's objects, as the root cause lists it. */
const rootCauseChange = z.object({ timestamp: z.string(), entityType: z.string(), entityName: z.string(), actor: z.string().nullable(), fields: z.array(z.string()) });

export const SLA_UNKNOWN_REASONS = ["no-data", "insufficient-samples", "stale"] as const;
export type SlaUnknownReason = (typeof SLA_UNKNOWN_REASONS)[number];

const pathFoundSchema = z.object({
  status: z.literal("found"),
  query: z.string(),
  path: pathSummarySchema.extend({
    organizationId: z.string(),
    layer: z.enum(PATH_LAYERS),
    sourceSiteId: z.string(),
    destinationSiteId: z.string(),
    bandwidthMbps: z.number(),
  }),
  /** The figures of the last evaluation window; null when the path never reported. */
  measurement: z
    .object({
      latencyMs: z.number().nullable(),
      jitterMs: z.number().nullable(),
      lossPercent: z.number().nullable(),
      samples: z.number().int(),
      lastSampleAt: z.string(),
      evaluatedAt: z.string(),
    })
    .nullable(),
  thresholds: z.object({ latencyMs: threshold, jitterMs: threshold, lossPercent: threshold }),
  minSamples: z.number().int(),
  /** The evaluation window the samples are counted in. */
  windowMinutes: z.number(),
  /** Each metric beyond a threshold, with the threshold it crossed (empty unless the SLA is warning or bad). */
  breaches: z.array(z.object({ metric: z.enum(SLA_METRICS), value: z.number(), level: z.enum(["warning", "bad"]), threshold: z.number() })),
  unknownReason: z.enum(SLA_UNKNOWN_REASONS).nullable(),
  /** Root cause (scope 3): the route's elements that are not healthy, open alarms on the path or its route, and recent changes on its ends and route. */
  rootCause: z
    .object({
      route: z.array(z.object({ name: z.string(), type: z.string(), state: z.string(), healthy: z.boolean() })),
      /** The latest open alarms on the route, then the path's own; `alarmsTotal` counts them all. */
      alarms: z.array(z.object({ severity: z.enum(ALARM_SEVERITIES), message: z.string(), source: z.string() })),
      alarmsTotal: z.number().int().default(0),
      /** Connectors on the route whose state only echoes this path's own SLA (no other degraded path, last mile up). */
      echoes: z.array(z.string()).default([]),
      /** When the breach began (issue 40): from the path's samples, else its SLA alarm; `atLeast` when it began before the samples read. */
      onset: z.object({ at: z.string(), atLeast: z.boolean() }).nullable().default(null),
      /** The path's ends that carry nothing: an inactive site, a connector whose last mile is down. */
      inactiveEnds: z.array(z.object({ name: z.string(), type: z.enum(["site", "connector"]), state: z.string() })).default([]),
      /**
       * A degraded path's suspects: changes to an object it crosses, in the day before the onset, that changed more than
       * names and descriptions and were not undone since. A healthy path's recent changes on its ends.
       */
      changes: z.array(rootCauseChange),
      /** The changes on its objects that were not suspects, by why. */
      ruledOut: z.object({ after: z.number().int(), cosmetic: z.number().int(), reverted: z.number().int() }).default({ after: 0, cosmetic: 0, reverted: 0 }),
      /** The latest of those, each with why it was ruled out: who asks "did anything change?" sees what did. */
      ruledOutChanges: z.array(rootCauseChange.extend({ verdict: z.enum(["after", "cosmetic", "reverted"]) })).default([]),
      /** "end": an inactive end; "none": a healthy path, for which only the recent changes were read. */
      likely: z.enum(["end", "route", "alarm", "change", "path", "none"]),
    })
    .nullable()
    .default(null),
  links,
});

const pathCandidatesSchema = <STATUS extends "ambiguous" | "not-found">(status: STATUS) =>
  z.object({ status: z.literal(status), query: z.string(), candidates: z.array(pathSummarySchema), links });

export const explainPathSlaOutputSchema = z.discriminatedUnion("status", [
  pathFoundSchema,
  pathCandidatesSchema("ambiguous"),
  pathCandidatesSchema("not-found"),
]);
export type ExplainPathSlaOutput = z.infer<typeof explainPathSlaOutputSchema>;

export const listOpenAlarmsOutputSchema = z.object({
  /** Every open, unacknowledged alarm matching the filters (with a range: every alarm raised in it); `alarms` holds the latest ASSISTANT_LIST_MAX. */
  total: z.number().int(),
  filters: z.object({ severity: z.enum(ALARM_SEVERITIES).nullable(), type: z.string().nullable(), about: z.string().nullable() }).default({ severity: null, type: null, about: null }),
  /** The range the alarms were raised in, when one was asked. */
  range: rangeOutput,
  /** How many of the matching alarms are of each severity. */
  bySeverity: z.record(z.string(), z.number().int()).default({}),
  /** The object named in `about` matched nothing the caller sees. */
  aboutNotVisible: z.boolean().default(false),
  alarms: z.array(
    z.object({
      id: z.string(),
      organizationId: z.string(),
      severity: z.enum(ALARM_SEVERITIES),
      type: z.string(),
      /** In the reader's language. */
      message: z.string(),
      /** The object the alarm is about (a path, a node, a device). */
      source: z.string(),
      raisedAt: z.string(),
      /** Of an acknowledged alarm: who acknowledged it and the note they left. */
      acknowledgedBy: z.string().nullable().optional(),
      note: z.string().nullable().optional(),
      /** When an acknowledged alarm asked about has cleared since. */
      clearedAt: z.string().nullable().optional(),
    }),
  ),
  /** No acknowledged alarm is open: these acknowledged ones cleared in the last week ("who acked the alarm on X?"). */
  recentlyCleared: z.boolean().optional(),
  /** Whether these are the acknowledged alarms (asked for) rather than the unacknowledged. */
  acknowledged: z.boolean().optional(),
  /** A range was asked: every alarm raised in it, open, acknowledged or cleared since; how many are still open and unacknowledged. */
  everyState: z.boolean().optional(),
  stillOpen: z.number().int().optional(),
  links,
});
export type ListOpenAlarmsOutput = z.infer<typeof listOpenAlarmsOutputSchema>;

export const recentEventsOutputSchema = z.object({
  about: z.string().nullable().default(null),
  /** The range the events are in, when one was asked, and how many it holds (`events` holds the latest `limit`). */
  range: rangeOutput,
  total: z.number().int().nullish(),
  /** The range holds more events than were read: `total` is a lower bound. */
  atLeast: z.boolean().optional(),
  /** The object named in `about` matched nothing the caller sees. */
  aboutNotVisible: z.boolean().default(false),
  events: z.array(
    z.object({
      entityName: z.string().nullable().default(null),
      /** What the change changed: each field with its value before and after. */
      changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })).default([]),
      id: z.string(),
      organizationId: z.string(),
      timestamp: z.string(),
      type: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      source: z.string(),
      actor: z.string().nullable(),
    }),
  ),
  links,
});
export type RecentEventsOutput = z.infer<typeof recentEventsOutputSchema>;

export const guideSiteCreationOutputSchema = z.object({
  organizationName: z.string(),
  /** Whether the caller holds common:config:write (a read-only user asks an administrator). */
  canWrite: z.boolean(),
  name: z.string().nullable(),
  city: z.string().nullable(),
  type: z.enum(SITE_TYPES).nullable(),
  /** A type the user asked for that is not one of SITE_TYPES. */
  unknownType: z.string().nullable(),
  /** What a cloud site needs besides the common fields. */
  cloud: z.object({ provider: z.enum(CLOUD_PROVIDERS), accountField: z.string(), regions: z.array(z.string()) }).nullable(),
  /** Entries of the location search for the city, to pick from. */
  locations: z.array(z.object({ address: z.string() })),
  steps: z.array(z.string()),
  links,
});
export type GuideSiteCreationOutput = z.infer<typeof guideSiteCreationOutputSchema>;

const siteEndSchema = z.object({
  id: z.string(),
  name: z.string(),
  connectors: z.array(z.object({ id: z.string(), name: z.string(), bandwidthMbps: z.number() })),
});

export const guidePathCreationOutputSchema = z.object({
  organizationName: z.string(),
  canWrite: z.boolean(),
  layer: z.enum(PATH_LAYERS).nullable(),
  source: siteEndSchema.nullable(),
  destination: siteEndSchema.nullable(),
  /** Site names the user gave that match no visible site (or several). */
  unresolved: z.array(z.string()),
  steps: z.array(z.string()),
  links,
});
export type GuidePathCreationOutput = z.infer<typeof guidePathCreationOutputSchema>;

export const ASSISTANT_TOOL_SCHEMAS = {
  listSites: { input: listSitesInputSchema, output: listSitesOutputSchema },
  explainPathSla: { input: explainPathSlaInputSchema, output: explainPathSlaOutputSchema },
  listOpenAlarms: { input: listOpenAlarmsInputSchema, output: listOpenAlarmsOutputSchema },
  recentEvents: { input: recentEventsInputSchema, output: recentEventsOutputSchema },
  guideSiteCreation: { input: guideSiteCreationInputSchema, output: guideSiteCreationOutputSchema },
  guidePathCreation: { input: guidePathCreationInputSchema, output: guidePathCreationOutputSchema },
  listPaths: { input: listPathsInputSchema, output: listPathsOutputSchema },
  pathStatistics: { input: pathStatisticsInputSchema, output: pathStatisticsOutputSchema },
  nodeStatus: { input: nodeStatusInputSchema, output: nodeStatusOutputSchema },
  inventory: { input: inventoryInputSchema, output: inventoryOutputSchema },
  lifecycleOperations: { input: lifecycleInputSchema, output: lifecycleOutputSchema },
  connectorUsage: { input: connectorUsageInputSchema, output: connectorUsageOutputSchema },
  siteTraffic: { input: siteTrafficInputSchema, output: siteTrafficOutputSchema },
  siteDetail: { input: siteDetailInputSchema, output: siteDetailOutputSchema },
  listOrganizations: { input: listOrganizationsInputSchema, output: listOrganizationsOutputSchema },
  explainRules: { input: explainRulesInputSchema, output: explainRulesOutputSchema },
  guideTask: { input: guideTaskInputSchema, output: guideTaskOutputSchema },
  listConnectors: { input: listConnectorsInputSchema, output: listConnectorsOutputSchema },
  listNodes: { input: listNodesInputSchema, output: listNodesOutputSchema },
  listLinks: { input: listLinksInputSchema, output: listLinksOutputSchema },
  pathDetail: { input: pathDetailInputSchema, output: pathDetailOutputSchema },
  fabricStatus: { input: fabricStatusInputSchema, output: fabricStatusOutputSchema },
  listInvitations: { input: listInvitationsInputSchema, output: listInvitationsOutputSchema },
  guideScreen: { input: guideScreenInputSchema, output: guideScreenOutputSchema },
  gettingStarted: { input: gettingStartedInputSchema, output: gettingStartedOutputSchema },
  listUsers: { input: listUsersInputSchema, output: listUsersOutputSchema },
  blastRadius: { input: blastRadiusInputSchema, output: blastRadiusOutputSchema },
  createPath: { input: createPathInputSchema, output: actionOutputSchema },
  scheduleOperation: { input: scheduleOperationInputSchema, output: actionOutputSchema },
  cancelOperation: { input: cancelOperationInputSchema, output: actionOutputSchema },
  acknowledgeAlarms: { input: acknowledgeAlarmsInputSchema, output: actionOutputSchema },
  deleteSite: { input: deleteSiteInputSchema, output: actionOutputSchema },
  createSite: { input: createSiteInputSchema, output: actionOutputSchema },
} as const satisfies Record<AssistantToolName, { input: z.ZodType; output: z.ZodType }>;

/** The tools as the UI's message type sees them (parts `tool-<name>` with typed input and output). */
export type AssistantUITools = {
  [NAME in AssistantToolName]: {
    input: z.infer<(typeof ASSISTANT_TOOL_SCHEMAS)[NAME]["input"]>;
    output: z.infer<(typeof ASSISTANT_TOOL_SCHEMAS)[NAME]["output"]>;
  };
};
