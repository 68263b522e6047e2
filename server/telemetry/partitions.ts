import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/server/db/client";
import { TELEMETRY } from "./config";

// Time partitions of the sample tables (one per UTC day) and of the rollup tables (one per UTC month). They are
// created ahead by the maintenance job and on demand when a sample of another day arrives (a backfill of last
// month's history), and dropped whole by retention. PostgreSQL and PGlite alike.

export const SAMPLE_KINDS = ["port", "connector", "path", "link", "flow", "probe"] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

export const sampleTable = (kind: SampleKind) => `telemetry_${kind}_samples`;
export const hourlyTable = (kind: SampleKind) => `telemetry_${kind}_hourly`;

export type Granularity = "day" | "month";

/** The start of the UTC day or month holding the instant. */
export function periodStart(ms: number, granularity: Granularity): number {
  const date = new Date(ms);
  return granularity === "day"
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function periodEnd(start: number, granularity: Granularity): number {
  const date = new Date(start);
  return granularity === "day"
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** telemetry_path_samples_p20261122, telemetry_path_hourly_p202611. */
export function partitionName(table: string, start: number, granularity: Granularity): string {
  const iso = new Date(start).toISOString();
  const suffix = granularity === "day" ? iso.slice(0, 10).replaceAll("-", "") : iso.slice(0, 7).replace("-", "");
  return `${table}_p${suffix}`;
}

const PARTITION_SUFFIX = /_p(\d{4})(\d{2})(\d{2})?$/;

/** The period a partition of ours covers, from its name; null for any other table. */
export function partitionPeriod(name: string): { start: number; end: number; granularity: Granularity } | null {
  const match = PARTITION_SUFFIX.exec(name);
  if (!match) return null;
  const [, year, month, day] = match;
  const granularity: Granularity = day ? "day" : "month";
  const start = Date.UTC(Number(year), Number(month) - 1, day ? Number(day) : 1);
  return { start, end: periodEnd(start, granularity), granularity };
}

// Partitions this process knows exist. A partition dropped by another process is found out by the insert that
// misses it (SQLSTATE 23514), which forgets this cache and creates it again.
const known = new Set<string>();

export function forgetKnownPartitions(): void {
  known.clear();
}

const ALREADY_EXISTS = new Set(["42P07", "23505"]);

function databaseCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** True when the error is an insert into a time that has no partition. */
export const isMissingPartition = (error: unknown) => databaseCode(error) === "23514";

/** Creates the partitions of `table` covering the given instants (one per distinct day or month); returns how many were new. */
export async function ensurePartitions(db: Db, table: string, instants: Iterable<number>, granularity: Granularity): Promise<number> {
  const starts = new Set<number>();
  for (const instant of instants) starts.add(periodStart(instant, granularity));
  let created = 0;
  for (const start of [...starts].sort((a, b) => a - b)) {
    const name = partitionName(table, start, granularity);
    if (known.has(name)) continue;
    const from = new Date(start).toISOString();
    const to = new Date(periodEnd(start, granularity)).toISOString();
    try {
      const [{ existed }] = await queryRows<{ existed: boolean }>(db, sql`select to_regclass(${name}) is not null as existed`);
      if (!existed) {
        await db.execute(sql.raw(`create table if not exists "${name}" partition of "${table}" for values from ('${from}') to ('${to}')`));
        created++;
      }
    } catch (error) {
      // Another process created it at the same moment.
      if (!ALREADY_EXISTS.has(databaseCode(error) ?? "")) throw error;
    }
    known.add(name);
  }
  return created;
}

/** The partitions of one parent table, with the period each covers. */
export async function listPartitions(db: Db, table: string) {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        where p.relname = ${table} and p.relnamespace = c.relnamespace and pg_table_is_visible(p.oid)`,
  );
  return rows.flatMap(({ name }) => {
    const period = partitionPeriod(name);
    return period ? [{ name, ...period }] : [];
  });
}

/** Drops the partitions of `table` that end at or before the cutoff, except those `keep` holds on to. */
export async function dropPartitionsBefore(db: Db, table: string, cutoff: number, keep: (partition: { start: number; end: number }) => boolean = () => false) {
  const dropped: string[] = [];
  for (const partition of await listPartitions(db, table)) {
    if (partition.end > cutoff || keep(partition)) continue;
    await db.execute(sql.raw(`drop table if exists "${partition.name}"`));
    known.delete(partition.name);
    dropped.push(partition.name);
  }
  return dropped;
}

/** Today's sample partitions and the next few days', so the live stream never waits on a DDL statement. */
export async function createPartitionsAhead(db: Db, now: number): Promise<number> {
  let created = 0;
  const days = Array.from({ length: TELEMETRY.daysAhead + 1 }, (_, i) => now + i * TELEMETRY.DAY_MS);
  for (const kind of SAMPLE_KINDS) {
    created += await ensurePartitions(db, sampleTable(kind), days, "day");
    created += await ensurePartitions(db, hourlyTable(kind), [now, now + TELEMETRY.daysAhead * TELEMETRY.DAY_MS], "month");
  }
  return created;
}
