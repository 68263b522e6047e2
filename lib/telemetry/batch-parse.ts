import { z } from "zod";
import { LINK_STATUSES, PORT_STATES } from "@/lib/health";
import { TELEMETRY_BATCH_MAX, telemetryBatchSchema, type TelemetryBatch, type TelemetrySample } from "./ingest";

// The ingestion endpoint's parse of a batch. Zod costs a few microseconds per sample (a union, a strict object and
// a chain of checks each), which a fleet pushing thousands of samples every interval pays on the main thread; a
// well-formed batch is checked here by hand instead, in one pass, against the same rules as telemetryBatchSchema in
// ./ingest.ts. Anything this pass is not sure of — a wrong type, a value out of range, an unknown key, an object
// that is not plain JSON — goes to the zod schema, which decides and words the error exactly as it always has.
// tests/unit/telemetry-batch-parse.test.ts holds the two to the same answers.

/** The same pattern the schema's `z.iso.datetime({ offset: true })` checks. */
const DATETIME = z.core.regexes.datetime({ offset: true });
const PORT_STATE_SET: ReadonlySet<string> = new Set(PORT_STATES);
const LINK_STATUS_SET: ReadonlySet<string> = new Set(LINK_STATUSES);

const RATE_MAX = 1e13;
const MILLIS_MAX = 600_000;

type Input = Record<string, unknown>;

/** A plain JSON object (no array, no other prototype) with no key outside `allowed` (the strict objects' rule). */
function plainWithKeys(value: unknown, allowed: ReadonlySet<string>): value is Input {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (!Object.hasOwn(value, key) || !allowed.has(key)) return false;
  return true;
}

const isNumberIn = (value: unknown, max: number): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= max;
const isIntegerIn = (value: unknown, max: number): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
const isTime = (value: unknown): value is string => typeof value === "string" && DATETIME.test(value);

/** A trimmed text of 1 to `max` characters, or undefined. */
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= max ? trimmed : undefined;
}

const isRate = (value: unknown): value is number => isNumberIn(value, RATE_MAX);

/** A port's or connector's id, status (one of `statuses`) and traffic, when all are valid. */
function withStatus(value: Input, id: unknown, statuses: ReadonlySet<string>) {
  const { status, rxBps, txBps } = value;
  const trimmed = text(id, 64);
  if (trimmed === undefined || typeof status !== "string" || !statuses.has(status) || !isRate(rxBps) || !isRate(txBps)) return undefined;
  return { id: trimmed, status, rxBps, txBps };
}

const keys = (...names: string[]) => new Set(["kind", "time", ...names]);
const DEVICE_KEYS = keys("uptimeSeconds", "softwareVersion", "cpuPercent", "memoryPercent");
const PORT_KEYS = keys("portId", "status", "rxBps", "txBps");
const CONNECTOR_KEYS = keys("connectorId", "status", "rxBps", "txBps");
const PATH_KEYS = keys("pathId", "latencyMs", "jitterMs", "lossPercent", "rxBps", "txBps");
const LINK_KEYS = keys("linkId", "status", "latencyMs", "lossPercent", "rxBps", "txBps");
const FLOW_KEYS = keys("siteId", "source", "destination", "bytes");
const PROBE_KEYS = keys("siteId", "target", "latencyMs", "jitterMs", "lossPercent");

/**
 * One sample as the schema would give it back (keys in the schema's order, texts trimmed), or undefined when it is
 * not certainly valid. A missing required key fails its value's check.
 */
function sampleOf(value: unknown): TelemetrySample | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { kind, time } = value as Input;
  if (!isTime(time)) return undefined;
  switch (kind) {
    case "device": {
      if (!plainWithKeys(value, DEVICE_KEYS)) return undefined;
      const { uptimeSeconds, softwareVersion, cpuPercent, memoryPercent } = value;
      const version = text(softwareVersion, 64);
      if (!isIntegerIn(uptimeSeconds, 1e10) || version === undefined) return undefined;
      const sample: TelemetrySample = { kind, time, uptimeSeconds, softwareVersion: version };
      if ("cpuPercent" in value) {
        if (!isNumberIn(cpuPercent, 100)) return undefined;
        sample.cpuPercent = cpuPercent;
      }
      if ("memoryPercent" in value) {
        if (!isNumberIn(memoryPercent, 100)) return undefined;
        sample.memoryPercent = memoryPercent;
      }
      return sample;
    }
    case "port": {
      const found = plainWithKeys(value, PORT_KEYS) ? withStatus(value, value.portId, PORT_STATE_SET) : undefined;
      return found && { kind, time, portId: found.id, status: found.status as (typeof PORT_STATES)[number], rxBps: found.rxBps, txBps: found.txBps };
    }
    case "connector": {
      const found = plainWithKeys(value, CONNECTOR_KEYS) ? withStatus(value, value.connectorId, LINK_STATUS_SET) : undefined;
      return found && { kind, time, connectorId: found.id, status: found.status as (typeof LINK_STATUSES)[number], rxBps: found.rxBps, txBps: found.txBps };
    }
    case "path": {
      if (!plainWithKeys(value, PATH_KEYS)) return undefined;
      const { pathId, latencyMs, jitterMs, lossPercent, rxBps, txBps } = value;
      const id = text(pathId, 64);
      if (id === undefined || !isNumberIn(latencyMs, MILLIS_MAX) || !isNumberIn(jitterMs, MILLIS_MAX) || !isNumberIn(lossPercent, 100)) return undefined;
      if (!isRate(rxBps) || !isRate(txBps)) return undefined;
      return { kind, time, pathId: id, latencyMs, jitterMs, lossPercent, rxBps, txBps };
    }
    case "link": {
      if (!plainWithKeys(value, LINK_KEYS)) return undefined;
      const { linkId, status, latencyMs, lossPercent, rxBps, txBps } = value;
      const id = text(linkId, 64);
      if (id === undefined || typeof status !== "string" || !LINK_STATUS_SET.has(status)) return undefined;
      if ((latencyMs !== null && !isNumberIn(latencyMs, MILLIS_MAX)) || (lossPercent !== null && !isNumberIn(lossPercent, 100))) return undefined;
      if (!isRate(rxBps) || !isRate(txBps)) return undefined;
      return { kind, time, linkId: id, status: status as (typeof LINK_STATUSES)[number], latencyMs, lossPercent, rxBps, txBps };
    }
    case "flow": {
      if (!plainWithKeys(value, FLOW_KEYS)) return undefined;
      const { siteId, source, destination, bytes } = value;
      const site = text(siteId, 64);
      const from = text(source, 128);
      const to = text(destination, 128);
      if (site === undefined || from === undefined || to === undefined || !isIntegerIn(bytes, 1e15)) return undefined;
      return { kind, time, siteId: site, source: from, destination: to, bytes };
    }
    case "probe": {
      if (!plainWithKeys(value, PROBE_KEYS)) return undefined;
      const { siteId, target, latencyMs, jitterMs, lossPercent } = value;
      const site = text(siteId, 64);
      const towards = text(target, 128);
      if (site === undefined || towards === undefined || !isNumberIn(lossPercent, 100)) return undefined;
      if ((latencyMs !== null && !isNumberIn(latencyMs, MILLIS_MAX)) || (jitterMs !== null && !isNumberIn(jitterMs, MILLIS_MAX))) return undefined;
      return { kind, time, siteId: site, target: towards, latencyMs, jitterMs, lossPercent };
    }
    default:
      return undefined;
  }
}

const BATCH_KEYS = new Set(["samples"]);

/** The batch as telemetryBatchSchema would parse it, when it is certainly valid; undefined otherwise (ask the schema). */
export function fastTelemetryBatch(value: unknown): TelemetryBatch | undefined {
  if (!plainWithKeys(value, BATCH_KEYS)) return undefined;
  const { samples } = value;
  if (!Array.isArray(samples) || samples.length < 1 || samples.length > TELEMETRY_BATCH_MAX) return undefined;
  const parsed: TelemetrySample[] = new Array(samples.length);
  for (let index = 0; index < samples.length; index++) {
    const sample = sampleOf(samples[index]);
    if (!sample) return undefined;
    parsed[index] = sample;
  }
  return { samples: parsed };
}

/** TELEMETRY_VALIDATION=zod parses every batch with the schema alone (the reference the benchmark compares with). */
const zodOnly = () => process.env.TELEMETRY_VALIDATION === "zod";

/** telemetryBatchSchema.safeParse's answer, reached by the fast pass for a valid batch and by the schema otherwise. */
export function safeParseTelemetryBatch(value: unknown): z.ZodSafeParseResult<TelemetryBatch> {
  const fast = zodOnly() ? undefined : fastTelemetryBatch(value);
  return fast ? { success: true, data: fast } : telemetryBatchSchema.safeParse(value);
}
