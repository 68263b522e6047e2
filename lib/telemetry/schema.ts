import { z } from "zod";
import { BACKCAST_OPTIONS } from "@/lib/constants";
import { LINK_HEALTH_STATES, LINK_STATUSES, PATH_SLA_STATES, PORT_STATES, PROBE_LEVELS } from "@/lib/health";
import { messageWithValues } from "@/lib/validation/messages";

// SPEC §2 (dashboards, node monitor) and §9 (backcast): what the telemetry queries take and answer. The API parses
// with these and documents them; the dashboards read them through lib/telemetry/queries.ts.

/** The longest range a series may cover: the rollups' retention. */
export const TELEMETRY_RANGE_MAX_DAYS = 400;
export const TELEMETRY_STEP_MIN_SECONDS = 60;
export const TELEMETRY_STEP_MAX_SECONDS = 86_400;
export const TOP_TALKERS_MAX = 50;

/** How far back each backcast option looks (1 month is 30 days). */
export const BACKCAST_OFFSET_MS: Record<(typeof BACKCAST_OPTIONS)[number], number> = {
  "1d": 24 * 3600_000,
  "1w": 7 * 24 * 3600_000,
  "1m": 30 * 24 * 3600_000,
};

const instant = (key: string) => z.iso.datetime({ offset: true, error: key }).optional();

/** A range runs forwards and is no longer than the rollups are kept. */
function checkRange(query: { from?: string; to?: string }, context: z.RefinementCtx) {
  if (!query.from || !query.to) return;
  const span = Date.parse(query.to) - Date.parse(query.from);
  if (span <= 0) context.addIssue({ code: "custom", message: "validation.telemetryRangeOrder", path: ["to"] });
  else if (span > TELEMETRY_RANGE_MAX_DAYS * 24 * 3600_000) {
    context.addIssue({ code: "custom", message: messageWithValues("validation.telemetryRangeTooLong", { days: TELEMETRY_RANGE_MAX_DAYS }), path: ["from"] });
  }
}

/** A time range: from and to (ISO 8601 with a zone; defaults to the last 24 hours). */
const rangeFields = { from: instant("validation.telemetryFrom"), to: instant("validation.telemetryTo") };
export const telemetryRangeQuerySchema = z.object(rangeFields).superRefine(checkRange);
export type TelemetryRangeQuery = z.infer<typeof telemetryRangeQuerySchema>;

const STEP_MESSAGE = messageWithValues("validation.telemetryStep", { min: TELEMETRY_STEP_MIN_SECONDS, max: TELEMETRY_STEP_MAX_SECONDS });

const seriesFields = {
  ...rangeFields,
  step: z.coerce
    .number({ error: STEP_MESSAGE })
    .int(STEP_MESSAGE)
    .min(TELEMETRY_STEP_MIN_SECONDS, STEP_MESSAGE)
    .max(TELEMETRY_STEP_MAX_SECONDS, STEP_MESSAGE)
    .optional(),
  backcast: z.enum(BACKCAST_OPTIONS, { error: "validation.telemetryBackcast" }).optional(),
};

/** A series over a range: optional step in seconds (picked from the range when absent) and a backcast comparison. */
export const telemetrySeriesQuerySchema = z.object(seriesFields).superRefine(checkRange);
export type TelemetrySeriesQuery = z.infer<typeof telemetrySeriesQuerySchema>;

const portId = z.string({ error: "validation.telemetryPortId" }).trim().min(1, "validation.telemetryPortId").max(64, "validation.telemetryPortId");

/** A series of one front-panel port of a node: an interface's port id, or a switch port's index. */
export const portSeriesQuerySchema = z.object({ ...seriesFields, portId }).superRefine(checkRange);
export type PortSeriesQuery = z.infer<typeof portSeriesQuerySchema>;

export const BREAKDOWN_DIMENSIONS = ["connector", "path"] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];
export const breakdownQuerySchema = z
  .object({ ...rangeFields, by: z.enum(BREAKDOWN_DIMENSIONS, { error: "validation.telemetryBreakdown" }).default("connector") })
  .superRefine(checkRange);
export type BreakdownQuery = z.infer<typeof breakdownQuerySchema>;

const TOP_MESSAGE = messageWithValues("validation.telemetryTopLimit", { max: TOP_TALKERS_MAX });
export const topTalkersQuerySchema = z
  .object({
    ...rangeFields,
    limit: z.coerce.number({ error: TOP_MESSAGE }).int(TOP_MESSAGE).min(1, TOP_MESSAGE).max(TOP_TALKERS_MAX, TOP_MESSAGE).default(10),
  })
  .superRefine(checkRange);
export type TopTalkersQuery = z.infer<typeof topTalkersQuerySchema>;

export const RESOLUTIONS = ["raw", "hourly"] as const;

const seriesFrame = {
  from: z.string(),
  to: z.string(),
  /** Seconds per point. */
  step: z.number().int(),
  /** Raw samples for recent short ranges, hourly rollups beyond the raw retention or for long ranges. */
  resolution: z.enum(RESOLUTIONS),
};

export const bandwidthPointSchema = z.object({
  time: z.string(),
  rxBps: z.number(),
  txBps: z.number(),
  rxMaxBps: z.number(),
  txMaxBps: z.number(),
});
export type BandwidthPoint = z.infer<typeof bandwidthPointSchema>;

/** The same series one backcast offset earlier; its times are moved forward by the offset to overlay the current range. */
const backcastOf = <T extends z.ZodType>(point: T) =>
  z.object({ offset: z.enum(BACKCAST_OPTIONS), points: z.array(point) }).nullable();

export const bandwidthSeriesSchema = z.object({
  ...seriesFrame,
  points: z.array(bandwidthPointSchema),
  backcast: backcastOf(bandwidthPointSchema),
});
export type BandwidthSeries = z.infer<typeof bandwidthSeriesSchema>;

export const breakdownItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Averages and peaks over the range; null when the object reported nothing in it. */
  rxBps: z.number().nullable(),
  txBps: z.number().nullable(),
  rxMaxBps: z.number().nullable(),
  txMaxBps: z.number().nullable(),
});
export const siteBreakdownSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(BREAKDOWN_DIMENSIONS),
  items: z.array(breakdownItemSchema),
});
export type SiteBreakdown = z.infer<typeof siteBreakdownSchema>;

export const talkerSchema = z.object({ name: z.string(), bytes: z.number() });
export const topTalkersSchema = z.object({
  from: z.string(),
  to: z.string(),
  sources: z.array(talkerSchema),
  destinations: z.array(talkerSchema),
});
export type TopTalkers = z.infer<typeof topTalkersSchema>;

export const SLA_METRICS = ["latencyMs", "jitterMs", "lossPercent"] as const;
export const slaBreachSchema = z.object({ metric: z.enum(SLA_METRICS), value: z.number(), level: z.enum(["warning", "bad"]) });

export const performancePointSchema = z.object({
  time: z.string(),
  latencyMs: z.number(),
  latencyMaxMs: z.number(),
  jitterMs: z.number(),
  lossPercent: z.number(),
});
export type PerformancePoint = z.infer<typeof performancePointSchema>;

export const pathPerformanceSchema = z.object({
  ...seriesFrame,
  points: z.array(performancePointSchema),
  backcast: backcastOf(performancePointSchema),
  /** The SLA now, from the last 5 minutes of samples (SPEC §4, §9). */
  current: z.object({
    sla: z.enum(PATH_SLA_STATES),
    latencyMs: z.number().nullable(),
    jitterMs: z.number().nullable(),
    lossPercent: z.number().nullable(),
    samples: z.number().int(),
    windowSeconds: z.number().int(),
    breaches: z.array(slaBreachSchema),
  }),
});
export type PathPerformance = z.infer<typeof pathPerformanceSchema>;

export const probeResultSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  target: z.string(),
  time: z.string(),
  latencyMs: z.number().nullable(),
  jitterMs: z.number().nullable(),
  lossPercent: z.number(),
  level: z.enum(PROBE_LEVELS),
});
/** How many rows a current-state list answers (the dashboards ask for their worst few with ?limit=). */
export const CURRENT_LIST_MAX = 500;
const LIST_MESSAGE = messageWithValues("validation.telemetryTopLimit", { max: CURRENT_LIST_MAX });
export const currentListQuerySchema = z.object({
  limit: z.coerce.number({ error: LIST_MESSAGE }).int(LIST_MESSAGE).min(1, LIST_MESSAGE).max(CURRENT_LIST_MAX, LIST_MESSAGE).default(CURRENT_LIST_MAX),
});
export type CurrentListQuery = z.infer<typeof currentListQuerySchema>;
/** A link-health list's ?limit= and ?cursor=: its links by name, a page at a time. */
export const linkHealthQuerySchema = currentListQuerySchema.extend({ cursor: z.string().max(500).optional() });
export type LinkHealthQuery = z.infer<typeof linkHealthQuerySchema>;

/** The rows of a current-state list, worst first, the first `limit` of them; `total` counts them all. */
const currentList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const probeResultsSchema = currentList(probeResultSchema);
export type ProbeResults = z.infer<typeof probeResultsSchema>;

export const connectorHealthSchema = z.object({
  connectorId: z.string(),
  name: z.string(),
  kind: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  bandwidthMbps: z.number(),
  /** As last reported; null when the connector never reported. */
  status: z.enum(LINK_STATUSES).nullable(),
  rxBps: z.number().nullable(),
  txBps: z.number().nullable(),
  /** The busier direction against the connector's bandwidth. */
  utilizationPercent: z.number().nullable(),
  reportedAt: z.string().nullable(),
  /** The worst SLA of the paths over the connector. */
  pathSla: z.enum(PATH_SLA_STATES),
  /** Down is unhealthy; otherwise the paths' worst SLA (bad → unhealthy, warning → warning); unknown with no report. */
  health: z.enum(LINK_HEALTH_STATES),
});
export const connectorHealthListSchema = currentList(connectorHealthSchema);
export type ConnectorHealthList = z.infer<typeof connectorHealthListSchema>;

export const siteHealthSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  address: z.string(),
  active: z.boolean(),
  /** Its least healthy connector's; unknown with no connector or no report. */
  health: z.enum(LINK_HEALTH_STATES),
  connectors: z.number().int(),
  /** Its connectors' current traffic added up; null when none reports. */
  rxBps: z.number().nullable(),
  txBps: z.number().nullable(),
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;
export const siteHealthListSchema = currentList(siteHealthSchema).extend({
  /** How many of the sites are active. */
  active: z.number().int(),
  /** The site a dashboard charts first: the active site with the most traffic now, else the first active one. */
  featuredSiteId: z.string().nullable(),
});
export type SiteHealthList = z.infer<typeof siteHealthListSchema>;

export const pathHealthSchema = z.object({
  id: z.string(),
  name: z.string(),
  slaHealth: z.enum(PATH_SLA_STATES),
  /** Mbps. */
  bandwidth: z.number().int(),
  sourceSiteId: z.string(),
  sourceSiteName: z.string(),
  destinationSiteId: z.string(),
  destinationSiteName: z.string(),
});
export type PathHealth = z.infer<typeof pathHealthSchema>;
export const pathHealthListSchema = currentList(pathHealthSchema);
export type PathHealthList = z.infer<typeof pathHealthListSchema>;

export const linkHealthSchema = z.object({
  linkId: z.string(),
  name: z.string(),
  type: z.string(),
  sourceNodeId: z.string(),
  sourceNodeName: z.string(),
  destinationNodeId: z.string(),
  destinationNodeName: z.string(),
  /** Down when either end says so; null when neither end reported recently. */
  status: z.enum(LINK_STATUSES).nullable(),
  latencyMs: z.number().nullable(),
  lossPercent: z.number().nullable(),
  rxBps: z.number().nullable(),
  txBps: z.number().nullable(),
  reportedAt: z.string().nullable(),
  health: z.enum(LINK_HEALTH_STATES),
});
export const linkHealthListSchema = z.object({
  /** A page of the links by name: the first ?limit= (500 when absent) after ?cursor=. */
  items: z.array(linkHealthSchema),
  /** All the links the list is of, listed or not. */
  total: z.number().int(),
  /** The next page's ?cursor=; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LinkHealthList = z.infer<typeof linkHealthListSchema>;

export const frontPanelPortSchema = z.object({
  portId: z.string(),
  kind: z.enum(["interface", "switch-port"]),
  /** Up, down or disabled as last reported; null when the port never reported. */
  status: z.enum(PORT_STATES).nullable(),
  rxBps: z.number().nullable(),
  txBps: z.number().nullable(),
  reportedAt: z.string().nullable(),
  changedAt: z.string().nullable(),
  customerOrganizationId: z.string().nullable(),
  siteId: z.string().nullable(),
});
export const frontPanelSchema = z.object({ nodeId: z.string(), ports: z.array(frontPanelPortSchema) });
export type FrontPanel = z.infer<typeof frontPanelSchema>;

export const nodeDeviceStatusSchema = z.object({
  nodeId: z.string(),
  /** Null when no device is assigned to the node. */
  device: z
    .object({
      deviceId: z.string(),
      serialNumber: z.string(),
      model: z.string(),
      softwareVersion: z.string(),
      /** Seconds up at reportedAt. */
      uptimeSeconds: z.number().int().nullable(),
      reportedAt: z.string().nullable(),
      lastSeenAt: z.string().nullable(),
      /** False once the device has been silent longer than the unreachable threshold, or never reported. */
      reachable: z.boolean(),
      cpuPercent: z.number().nullable(),
      memoryPercent: z.number().nullable(),
    })
    .nullable(),
});
export type NodeDeviceStatus = z.infer<typeof nodeDeviceStatusSchema>;

export const connectedSiteSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  /** The node's ports, subinterfaces (port.VLAN) or IPsec endpoints (public IP) the site is attached to. */
  ports: z.array(z.string()),
  /** The indexes of the node's switch ports the site is attached to (shown as "Switch port 3", not a bare 3). */
  switchPorts: z.array(z.number().int()),
  /** The worst SLA of the site's paths. */
  sla: z.enum(PATH_SLA_STATES),
});
export const connectedSitesSchema = z.object({
  nodeId: z.string(),
  /** The first 200 by name. */
  items: z.array(connectedSiteSchema),
  /** All the sites the node serves, and their customers, listed or not. */
  total: z.number().int(),
  customers: z.number().int(),
});
export type ConnectedSites = z.infer<typeof connectedSitesSchema>;

export const deviceTokenSchema = z.object({
  /** The bearer token for POST /api/v1/telemetry/ingest, shown once: only its hash is kept. */
  token: z.string(),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;
