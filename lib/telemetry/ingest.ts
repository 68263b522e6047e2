import { z } from "zod";
import { LINK_STATUSES, PORT_STATES } from "@/lib/health";

// The device → control-plane telemetry contract: POST /api/v1/telemetry/ingest with
// `Authorization: Bearer <device token>` and a batch of samples. Real devices and the demo simulator send exactly
// this; nothing above the ingestion endpoint knows which one sent it.

export const TELEMETRY_BATCH_MAX = 5000;
/** Samples older than this are refused (history beyond it lives in the rollups only): a week's chart a month back. */
export const TELEMETRY_MAX_AGE_MS = 40 * 24 * 3600_000;
/** A device clock this far ahead is refused. */
export const TELEMETRY_MAX_SKEW_MS = 5 * 60_000;

const time = z.iso.datetime({ offset: true, error: "validation.telemetryTime" });
const id = z.string().trim().min(1).max(64);
const rate = z.number().finite().min(0).max(1e13); // bits per second
const millis = z.number().finite().min(0).max(600_000);
const percent = z.number().finite().min(0).max(100);

/** The device itself: how long it has been up and what it runs. */
export const deviceSampleSchema = z.strictObject({
  kind: z.literal("device"),
  time,
  uptimeSeconds: z.number().int().min(0).max(1e10),
  softwareVersion: z.string().trim().min(1).max(64),
  cpuPercent: percent.optional(),
  memoryPercent: percent.optional(),
});

/** A front-panel port of the device's node: an interface's port id, or a switch port's index as text. */
export const portSampleSchema = z.strictObject({
  kind: z.literal("port"),
  time,
  portId: id,
  status: z.enum(PORT_STATES),
  rxBps: rate,
  txBps: rate,
});

/** A site connector terminated on the device. */
export const connectorSampleSchema = z.strictObject({
  kind: z.literal("connector"),
  time,
  connectorId: id,
  status: z.enum(LINK_STATUSES),
  rxBps: rate,
  txBps: rate,
});

/** A path measured by the device (its source end): SLA figures and traffic. */
export const pathSampleSchema = z.strictObject({
  kind: z.literal("path"),
  time,
  pathId: id,
  latencyMs: millis,
  jitterMs: millis,
  lossPercent: percent,
  rxBps: rate,
  txBps: rate,
});

/** A link of the MSP's network with this device's node at one end. */
export const linkSampleSchema = z.strictObject({
  kind: z.literal("link"),
  time,
  linkId: id,
  status: z.enum(LINK_STATUSES),
  latencyMs: millis.nullable(),
  lossPercent: percent.nullable(),
  rxBps: rate,
  txBps: rate,
});

/** Traffic between two endpoints seen at a site, for top talkers. */
export const flowSampleSchema = z.strictObject({
  kind: z.literal("flow"),
  time,
  siteId: id,
  source: z.string().trim().min(1).max(128),
  destination: z.string().trim().min(1).max(128),
  bytes: z.number().int().min(0).max(1e15),
});

/** A synthetic probe from a site towards a target (another site, a cloud region, a public service). */
export const probeSampleSchema = z.strictObject({
  kind: z.literal("probe"),
  time,
  siteId: id,
  target: z.string().trim().min(1).max(128),
  latencyMs: millis.nullable(),
  jitterMs: millis.nullable(),
  lossPercent: percent,
});

export const telemetrySampleSchema = z.discriminatedUnion("kind", [
  deviceSampleSchema,
  portSampleSchema,
  connectorSampleSchema,
  pathSampleSchema,
  linkSampleSchema,
  flowSampleSchema,
  probeSampleSchema,
]);
export type TelemetrySample = z.infer<typeof telemetrySampleSchema>;

export const telemetryBatchSchema = z.strictObject({
  samples: z.array(telemetrySampleSchema).min(1).max(TELEMETRY_BATCH_MAX),
});
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

export const telemetryIngestResultSchema = z.object({
  accepted: z.number().int(),
  /** Samples about objects this device's node does not serve (another node's or customer's, unknown ids alike): dropped, counted. */
  rejected: z.number().int(),
});
export type TelemetryIngestResult = z.infer<typeof telemetryIngestResultSchema>;
