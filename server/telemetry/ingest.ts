import "server-only";
import { metrics } from "@/server/core/metrics";
import { sql, type SQL } from "drizzle-orm";
import { TELEMETRY_MAX_AGE_MS, TELEMETRY_MAX_SKEW_MS, type TelemetryBatch, type TelemetryIngestResult, type TelemetrySample } from "@/lib/telemetry/ingest";
import { queryRows, type Db } from "@/server/db/client";
import { slices, TELEMETRY } from "./config";
import { deriveAfterIngest, type StateChange } from "./derive";
import type { DeviceIdentity } from "./device-tokens";
import { columnList, recordset, type RecordColumns } from "./recordset";
import { resolveOwnership, type Ownership, type RequestedIds } from "./ownership";
import { ensurePartitions, forgetKnownPartitions, isMissingPartition, sampleTable, SAMPLE_KINDS, type SampleKind } from "./partitions";
import { ValidationError, type FieldIssue } from "@/server/core/errors";

// POST /api/v1/telemetry/ingest: one batch of a device's samples. Every sample is checked against what the device's
// node serves (ownership.ts: any other id, unknown or foreign, is dropped and counted alike); the rest go in with one
// set-based insert per table (json_to_recordset: one parameter whatever the batch size), with the rollup marks and the
// current states, all in a single statement. SLA, alarm conditions and realtime news are derived once it has committed.

type Row = Record<string, string | number | null>;

const COLUMNS: Record<SampleKind, RecordColumns> = {
  port: [["time", "timestamptz"], ["node_id", "text"], ["port_id", "text"], ["status", "text"], ["rx_bps", "float8"], ["tx_bps", "float8"]],
  connector: [
    ["time", "timestamptz"], ["connector_id", "text"], ["organization_id", "text"], ["site_id", "text"],
    ["status", "text"], ["rx_bps", "float8"], ["tx_bps", "float8"],
  ],
  path: [
    ["time", "timestamptz"], ["path_id", "text"], ["organization_id", "text"], ["latency_ms", "float8"], ["jitter_ms", "float8"],
    ["loss_percent", "float8"], ["rx_bps", "float8"], ["tx_bps", "float8"],
  ],
  link: [
    ["time", "timestamptz"], ["link_id", "text"], ["reporter_node_id", "text"], ["status", "text"], ["latency_ms", "float8"],
    ["loss_percent", "float8"], ["rx_bps", "float8"], ["tx_bps", "float8"],
  ],
  flow: [["time", "timestamptz"], ["site_id", "text"], ["organization_id", "text"], ["source", "text"], ["destination", "text"], ["bytes", "int8"]],
  probe: [
    ["time", "timestamptz"], ["site_id", "text"], ["organization_id", "text"], ["target", "text"], ["latency_ms", "float8"],
    ["jitter_ms", "float8"], ["loss_percent", "float8"],
  ],
};



const ISSUES_MAX = 20;

/** The device contract's time rule: no sample older than the maximum age, none ahead of the allowed clock skew. */
export function checkSampleTimes(samples: TelemetrySample[], now: number): number[] {
  const times = samples.map((sample) => Date.parse(sample.time));
  const issues: FieldIssue[] = [];
  times.forEach((time, index) => {
    if (issues.length >= ISSUES_MAX) return;
    if (time < now - TELEMETRY_MAX_AGE_MS) {
      issues.push({ path: `samples.${index}.time`, key: "validation.telemetrySampleTooOld", values: { index, days: Math.round(TELEMETRY_MAX_AGE_MS / TELEMETRY.DAY_MS) } });
    } else if (time > now + TELEMETRY_MAX_SKEW_MS) {
      issues.push({ path: `samples.${index}.time`, key: "validation.telemetrySampleInFuture", values: { index, minutes: Math.round(TELEMETRY_MAX_SKEW_MS / 60_000) } });
    }
  });
  if (issues.length > 0) throw new ValidationError(issues[0].key, issues[0].values, issues);
  return times;
}

function requestedIds(samples: TelemetrySample[]): RequestedIds {
  const ids: RequestedIds = { portIds: new Set(), linkIds: new Set(), connectorIds: new Set(), pathIds: new Set(), siteIds: new Set() };
  for (const sample of samples) {
    if (sample.kind === "port") ids.portIds.add(sample.portId);
    else if (sample.kind === "link") ids.linkIds.add(sample.linkId);
    else if (sample.kind === "connector") ids.connectorIds.add(sample.connectorId);
    else if (sample.kind === "path") ids.pathIds.add(sample.pathId);
    else if (sample.kind === "flow" || sample.kind === "probe") ids.siteIds.add(sample.siteId);
  }
  return ids;
}

/** Keeps the newest sample per key. */
function newestBy<T extends { time: number }>(items: T[], key: (item: T) => string): T[] {
  const newest = new Map<string, T>();
  for (const item of items) {
    const seen = newest.get(key(item));
    if (!seen || item.time >= seen.time) newest.set(key(item), item);
  }
  return [...newest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}

interface Sorted {
  rows: Record<SampleKind, Row[]>;
  times: Record<SampleKind, number[]>;
  accepted: number;
  rejected: number;
  device: { time: number; uptimeSeconds: number; softwareVersion: string; cpuPercent: number | null; memoryPercent: number | null } | null;
  livePorts: { time: number; portId: string; status: string; rxBps: number; txBps: number }[];
  liveLinks: { time: number; linkId: string; status: string; latencyMs: number | null; lossPercent: number | null; rxBps: number; txBps: number }[];
  liveConnectors: { time: number; connectorId: string; organizationId: string; siteId: string; status: string; rxBps: number; txBps: number }[];
  livePathIds: Set<string>;
}

/** Sorts the samples into rows per table, dropping those about objects the device may not report on. */
function sortSamples(device: DeviceIdentity, samples: TelemetrySample[], times: number[], owned: Ownership, now: number): Sorted {
  const rows = Object.fromEntries(SAMPLE_KINDS.map((kind) => [kind, [] as Row[]])) as Record<SampleKind, Row[]>;
  const kindTimes = Object.fromEntries(SAMPLE_KINDS.map((kind) => [kind, [] as number[]])) as Record<SampleKind, number[]>;
  const sorted: Sorted = { rows, times: kindTimes, accepted: 0, rejected: 0, device: null, livePorts: [], liveLinks: [], liveConnectors: [], livePathIds: new Set() };
  const liveFrom = now - TELEMETRY.liveWindowMs;
  const add = (kind: SampleKind, time: number, row: Row) => {
    rows[kind].push(row);
    kindTimes[kind].push(time);
    sorted.accepted++;
  };
  samples.forEach((sample, index) => {
    const time = times[index];
    const live = time >= liveFrom;
    switch (sample.kind) {
      case "device": {
        sorted.accepted++;
        if (!sorted.device || time >= sorted.device.time) {
          sorted.device = {
            time,
            uptimeSeconds: sample.uptimeSeconds,
            softwareVersion: sample.softwareVersion,
            cpuPercent: sample.cpuPercent ?? null,
            memoryPercent: sample.memoryPercent ?? null,
          };
        }
        return;
      }
      case "port": {
        if (!device.nodeId || !owned.ports.has(sample.portId)) break;
        add("port", time, { time: sample.time, node_id: device.nodeId, port_id: sample.portId, status: sample.status, rx_bps: sample.rxBps, tx_bps: sample.txBps });
        if (live) sorted.livePorts.push({ time, portId: sample.portId, status: sample.status, rxBps: sample.rxBps, txBps: sample.txBps });
        return;
      }
      case "connector": {
        const owner = owned.connectors.get(sample.connectorId);
        if (!owner) break;
        add("connector", time, {
          time: sample.time,
          connector_id: sample.connectorId,
          organization_id: owner.organizationId,
          site_id: owner.siteId,
          status: sample.status,
          rx_bps: sample.rxBps,
          tx_bps: sample.txBps,
        });
        if (live) sorted.liveConnectors.push({ time, connectorId: sample.connectorId, ...owner, status: sample.status, rxBps: sample.rxBps, txBps: sample.txBps });
        return;
      }
      case "path": {
        const owner = owned.paths.get(sample.pathId);
        if (!owner) break;
        add("path", time, {
          time: sample.time,
          path_id: sample.pathId,
          organization_id: owner.organizationId,
          latency_ms: sample.latencyMs,
          jitter_ms: sample.jitterMs,
          loss_percent: sample.lossPercent,
          rx_bps: sample.rxBps,
          tx_bps: sample.txBps,
        });
        if (live) sorted.livePathIds.add(sample.pathId);
        return;
      }
      case "link": {
        if (!device.nodeId || !owned.links.has(sample.linkId)) break;
        add("link", time, {
          time: sample.time,
          link_id: sample.linkId,
          reporter_node_id: device.nodeId,
          status: sample.status,
          latency_ms: sample.latencyMs,
          loss_percent: sample.lossPercent,
          rx_bps: sample.rxBps,
          tx_bps: sample.txBps,
        });
        if (live) sorted.liveLinks.push({ linkId: sample.linkId, status: sample.status, latencyMs: sample.latencyMs, lossPercent: sample.lossPercent, rxBps: sample.rxBps, txBps: sample.txBps, time });
        return;
      }
      case "flow": {
        const owner = owned.sites.get(sample.siteId);
        if (!owner) break;
        add("flow", time, {
          time: sample.time,
          site_id: sample.siteId,
          organization_id: owner.organizationId,
          source: sample.source,
          destination: sample.destination,
          bytes: sample.bytes,
        });
        return;
      }
      case "probe": {
        const owner = owned.sites.get(sample.siteId);
        if (!owner) break;
        add("probe", time, {
          time: sample.time,
          site_id: sample.siteId,
          organization_id: owner.organizationId,
          target: sample.target,
          latency_ms: sample.latencyMs,
          jitter_ms: sample.jitterMs,
          loss_percent: sample.lossPercent,
        });
        return;
      }
    }
    sorted.rejected++;
  });
  return sorted;
}

const HOUR_COLUMNS: RecordColumns = [["kind", "text"], ["hour", "timestamptz"]];
const PORT_STATE_COLUMNS: RecordColumns = [
  ["node_id", "text"], ["port_id", "text"], ["status", "text"], ["rx_bps", "float8"], ["tx_bps", "float8"], ["sampled_at", "timestamptz"],
];
const LINK_STATE_COLUMNS: RecordColumns = [
  ["link_id", "text"], ["reporter_node_id", "text"], ["status", "text"], ["latency_ms", "float8"], ["loss_percent", "float8"],
  ["rx_bps", "float8"], ["tx_bps", "float8"], ["sampled_at", "timestamptz"],
];
const CONNECTOR_STATE_COLUMNS: RecordColumns = [
  ["connector_id", "text"], ["organization_id", "text"], ["site_id", "text"], ["status", "text"], ["rx_bps", "float8"],
  ["tx_bps", "float8"], ["sampled_at", "timestamptz"],
];

/** The samples of each kind, inserted; a resent sample is a no-op. */
function sampleInserts(sorted: Sorted): SQL[] {
  return SAMPLE_KINDS.filter((kind) => sorted.rows[kind].length > 0).map((kind) => {
    const columns = COLUMNS[kind];
    return sql`${sql.raw(`samples_${kind}`)} as (
      insert into ${sql.raw(sampleTable(kind))} (${sql.raw(columnList(columns))})
      select ${sql.raw(columnList(columns))} from ${recordset(sorted.rows[kind], columns)}
      on conflict do nothing)`;
  });
}

/** Marks the hours the batch touched, so the maintenance job (re)computes their rollups once they are closed. */
function dirtyHours(times: Record<SampleKind, number[]>): SQL[] {
  const marks: { kind: SampleKind; hour: string }[] = [];
  for (const kind of SAMPLE_KINDS) {
    const hours = new Set(times[kind].map((time) => Math.floor(time / TELEMETRY.HOUR_MS) * TELEMETRY.HOUR_MS));
    for (const hour of [...hours].sort((a, b) => a - b)) marks.push({ kind, hour: new Date(hour).toISOString() });
  }
  if (marks.length === 0) return [];
  return [
    sql`dirty as (
      insert into telemetry_dirty_hours (kind, hour, marked_at)
      select kind, hour, clock_timestamp() from ${recordset(marks, HOUR_COLUMNS)}
      on conflict (kind, hour) do update set marked_at = clock_timestamp())`,
  ];
}

/** Last seen now; uptime and version from the newest device sample unless an even newer one is stored. */
function deviceState(device: DeviceIdentity, sample: Sorted["device"], now: number): SQL[] {
  const reportedAt = sample ? new Date(sample.time).toISOString() : null;
  const newer = sql.raw(`excluded.reported_at is not null and (s.reported_at is null or excluded.reported_at >= s.reported_at)`);
  return [
    sql`device_previous as (select silent from telemetry_device_state where device_id = ${device.deviceId})`,
    sql`device_state as (
      insert into telemetry_device_state as s
        (device_id, node_id, last_seen_at, reported_at, uptime_seconds, software_version, cpu_percent, memory_percent, silent, silent_since)
      values (${device.deviceId}, ${device.nodeId}, ${new Date(now).toISOString()}::timestamptz, ${reportedAt}::timestamptz,
              ${sample?.uptimeSeconds ?? null}::int, ${sample?.softwareVersion ?? null}::text,
              ${sample?.cpuPercent ?? null}::float8, ${sample?.memoryPercent ?? null}::float8, false, null)
      on conflict (device_id) do update set
        node_id = excluded.node_id,
        last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at),
        silent = false,
        silent_since = null,
        reported_at = case when ${newer} then excluded.reported_at else s.reported_at end,
        uptime_seconds = case when ${newer} then excluded.uptime_seconds else s.uptime_seconds end,
        software_version = case when ${newer} then excluded.software_version else s.software_version end,
        cpu_percent = case when ${newer} then excluded.cpu_percent else s.cpu_percent end,
        memory_percent = case when ${newer} then excluded.memory_percent else s.memory_percent end)`,
  ];
}

const isoTime = (time: number) => new Date(time).toISOString();

/**
 * The newest live state of each port, link and connector, upserted (never over a newer one). The ports' and
 * links' upserts answer what each became next to what it was — the CTEs all see the tables as they were before the
 * statement — so status changes are known without another read.
 */
function stateUpserts(device: DeviceIdentity, sorted: Sorted): { parts: SQL[]; ports: SQL; links: SQL } {
  const parts: SQL[] = [];
  let ports = sql`'[]'::json`;
  let links = sql`'[]'::json`;
  const livePorts = newestBy(sorted.livePorts, (port) => port.portId);
  if (livePorts.length > 0 && device.nodeId) {
    const rows = livePorts.map((port) => ({
      node_id: device.nodeId,
      port_id: port.portId,
      status: port.status,
      rx_bps: port.rxBps,
      tx_bps: port.txBps,
      sampled_at: isoTime(port.time),
    }));
    parts.push(
      sql`port_input as (select * from ${recordset(rows, PORT_STATE_COLUMNS)})`,
      sql`port_previous as (select s.port_id, s.status from telemetry_port_state s join port_input i on i.node_id = s.node_id and i.port_id = s.port_id)`,
      sql`port_state as (
        insert into telemetry_port_state as s (node_id, port_id, status, rx_bps, tx_bps, sampled_at, changed_at)
        select node_id, port_id, status, rx_bps, tx_bps, sampled_at, sampled_at from port_input
        on conflict (node_id, port_id) do update set
          status = excluded.status, rx_bps = excluded.rx_bps, tx_bps = excluded.tx_bps, sampled_at = excluded.sampled_at,
          changed_at = case when s.status = excluded.status then s.changed_at else excluded.sampled_at end
        where excluded.sampled_at >= s.sampled_at
        returning s.port_id, s.status)`,
    );
    ports = sql`(select coalesce(json_agg(json_build_object('id', u.port_id, 'status', u.status, 'previous', p.status)), '[]'::json)
                 from port_state u left join port_previous p on p.port_id = u.port_id)`;
  }
  const liveLinks = newestBy(sorted.liveLinks, (link) => link.linkId);
  if (liveLinks.length > 0 && device.nodeId) {
    const rows = liveLinks.map((link) => ({
      link_id: link.linkId,
      reporter_node_id: device.nodeId,
      status: link.status,
      latency_ms: link.latencyMs,
      loss_percent: link.lossPercent,
      rx_bps: link.rxBps,
      tx_bps: link.txBps,
      sampled_at: isoTime(link.time),
    }));
    parts.push(
      sql`link_input as (select * from ${recordset(rows, LINK_STATE_COLUMNS)})`,
      sql`link_previous as (select s.link_id, s.status from telemetry_link_state s join link_input i on i.link_id = s.link_id and i.reporter_node_id = s.reporter_node_id)`,
      sql`link_state as (
        insert into telemetry_link_state as s (link_id, reporter_node_id, status, latency_ms, loss_percent, rx_bps, tx_bps, sampled_at, changed_at)
        select link_id, reporter_node_id, status, latency_ms, loss_percent, rx_bps, tx_bps, sampled_at, sampled_at from link_input
        on conflict (link_id, reporter_node_id) do update set
          status = excluded.status, latency_ms = excluded.latency_ms, loss_percent = excluded.loss_percent,
          rx_bps = excluded.rx_bps, tx_bps = excluded.tx_bps, sampled_at = excluded.sampled_at,
          changed_at = case when s.status = excluded.status then s.changed_at else excluded.sampled_at end
        where excluded.sampled_at >= s.sampled_at
        returning s.link_id, s.status)`,
    );
    links = sql`(select coalesce(json_agg(json_build_object('id', u.link_id, 'status', u.status, 'previous', p.status)), '[]'::json)
                 from link_state u left join link_previous p on p.link_id = u.link_id)`;
  }
  const liveConnectors = newestBy(sorted.liveConnectors, (connector) => connector.connectorId);
  if (liveConnectors.length > 0) {
    const rows = liveConnectors.map((connector) => ({
      connector_id: connector.connectorId,
      organization_id: connector.organizationId,
      site_id: connector.siteId,
      status: connector.status,
      rx_bps: connector.rxBps,
      tx_bps: connector.txBps,
      sampled_at: isoTime(connector.time),
    }));
    parts.push(
      sql`connector_state as (
        insert into telemetry_connector_state as s (connector_id, organization_id, site_id, status, rx_bps, tx_bps, sampled_at, changed_at)
        select connector_id, organization_id, site_id, status, rx_bps, tx_bps, sampled_at, sampled_at from ${recordset(rows, CONNECTOR_STATE_COLUMNS)}
        on conflict (connector_id) do update set
          status = excluded.status, rx_bps = excluded.rx_bps, tx_bps = excluded.tx_bps, sampled_at = excluded.sampled_at,
          changed_at = case when s.status = excluded.status then s.changed_at else excluded.sampled_at end
        where excluded.sampled_at >= s.sampled_at)`,
    );
  }
  return { parts, ports, links };
}

type ChangeRow = { id: string; status: string; previous: string | null };
const parseChanges = (value: unknown): ChangeRow[] => (typeof value === "string" ? (JSON.parse(value) as ChangeRow[]) : ((value as ChangeRow[] | null) ?? []));

/**
 * The whole batch in ONE statement — samples, rollup marks, device state and current states as data-modifying
 * CTEs — so it is atomic without a transaction and costs one round trip, which is what matters most on PGlite.
 */
async function storeBatch(db: Db, device: DeviceIdentity, sorted: Sorted, now: number): Promise<{ wasSilent: boolean; changes: StateChange[] }> {
  const states = stateUpserts(device, sorted);
  const parts = [...sampleInserts(sorted), ...dirtyHours(sorted.times), ...deviceState(device, sorted.device, now), ...states.parts];
  const [row] = await queryRows<{ was_silent: boolean; ports: unknown; links: unknown }>(
    db,
    sql`with ${sql.join(parts, sql`, `)}
        select coalesce((select silent from device_previous), true) as was_silent, ${states.ports} as ports, ${states.links} as links`,
  );
  return {
    wasSilent: Boolean(row?.was_silent),
    changes: [
      ...parseChanges(row?.ports).map((change) => ({ kind: "port" as const, ...change })),
      ...parseChanges(row?.links).map((change) => ({ kind: "link" as const, ...change })),
    ],
  };
}

const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

function retryableCode(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
  }
  return false;
}

const idsWithOrganization = (rows: Row[], column: string) => new Map(rows.map((row) => [String(row[column]), String(row.organization_id)]));

async function ensureSamplePartitions(db: Db, times: Record<SampleKind, number[]>) {
  for (const kind of SAMPLE_KINDS) if (times[kind].length > 0) await ensurePartitions(db, sampleTable(kind), times[kind], "day");
}

/** Stores one slice of a batch, again after a deadlock or a partition dropped under it. */
async function storeWithRetry(db: Db, device: DeviceIdentity, sorted: Sorted, now: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeBatch(db, device, sorted, now);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      if (isMissingPartition(error)) {
        // Retention in another process dropped a partition this one thought it had: make it again.
        forgetKnownPartitions();
        await ensureSamplePartitions(db, sorted.times);
      } else if (!retryableCode(error)) throw error;
    }
  }
}

/**
 * Stores the batch in slices of TELEMETRY.sliceRows samples, one statement each (a resent sample is a no-op and a
 * state never goes back in time, so a batch cut short and sent again ends the same). A port or link reported in
 * two slices counts as one change: from its state before the batch to its state after.
 */
async function storeInSlices(db: Db, device: DeviceIdentity, parts: Sorted[], now: number) {
  let wasSilent: boolean | undefined;
  const changes = new Map<string, StateChange>();
  for (const part of parts) {
    const stored = await storeWithRetry(db, device, part, now);
    wasSilent ??= stored.wasSilent;
    for (const change of stored.changes) {
      const key = `${change.kind}:${change.id}`;
      const seen = changes.get(key);
      changes.set(key, seen ? { ...change, previous: seen.previous } : change);
    }
  }
  return { wasSilent: wasSilent ?? false, changes: [...changes.values()] };
}

/** The slices of a batch as one: every slice's rows and live states, the counts added up, the newest device sample. */
function wholeBatch(parts: Sorted[]): Sorted {
  if (parts.length === 1) return parts[0];
  const whole: Sorted = {
    rows: Object.fromEntries(SAMPLE_KINDS.map((kind) => [kind, parts.flatMap((part) => part.rows[kind])])) as Sorted["rows"],
    times: Object.fromEntries(SAMPLE_KINDS.map((kind) => [kind, parts.flatMap((part) => part.times[kind])])) as Sorted["times"],
    accepted: 0,
    rejected: 0,
    device: null,
    livePorts: parts.flatMap((part) => part.livePorts),
    liveLinks: parts.flatMap((part) => part.liveLinks),
    liveConnectors: parts.flatMap((part) => part.liveConnectors),
    livePathIds: new Set(parts.flatMap((part) => [...part.livePathIds])),
  };
  for (const part of parts) {
    whole.accepted += part.accepted;
    whole.rejected += part.rejected;
    if (part.device && (!whole.device || part.device.time >= whole.device.time)) whole.device = part.device;
  }
  return whole;
}

/** Stores one batch of a device's samples and derives what follows from it; answers how many were accepted and rejected. */
export async function ingestTelemetry(db: Db, device: DeviceIdentity, batch: TelemetryBatch, now = Date.now()): Promise<TelemetryIngestResult> {
  const times = checkSampleTimes(batch.samples, now);
  const owned = await resolveOwnership(db, device, requestedIds(batch.samples));
  // Sorted once, slice by slice; the derivations read the slices as one batch.
  const indexes = batch.samples.map((_, index) => index);
  // An empty batch is one slice still: the device was seen.
  const parts = (indexes.length ? slices(indexes, TELEMETRY.sliceRows) : [[]]).map((slice) =>
    sortSamples(device, slice.map((index) => batch.samples[index]), slice.map((index) => times[index]), owned, now),
  );
  const sorted = wholeBatch(parts);
  await ensureSamplePartitions(db, sorted.times);
  const stored = await storeInSlices(db, device, parts, now);

  await deriveAfterIngest(db, {
    device,
    now,
    owned,
    livePathIds: sorted.livePathIds,
    changes: stored.changes,
    wasSilent: stored.wasSilent,
    touched: {
      paths: idsWithOrganization(sorted.rows.path, "path_id"),
      connectors: idsWithOrganization(sorted.rows.connector, "connector_id"),
      sites: idsWithOrganization([...sorted.rows.connector, ...sorted.rows.flow, ...sorted.rows.probe], "site_id"),
      linkIds: new Set(sorted.rows.link.map((row) => String(row.link_id))),
    },
  });
  metrics.telemetryAccepted.inc(sorted.accepted);
  metrics.telemetryRejected.inc(sorted.rejected);
  return { accepted: sorted.accepted, rejected: sorted.rejected };
}
