import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { BreakdownQuery, SiteBreakdown, TopTalkers, TopTalkersQuery } from "@/lib/telemetry/schema";
import { queryRows, type Db } from "@/server/db/client";
import { cachedRead } from "@/server/db/read-cache";
import { planRange, type RangePlan } from "./range";
import { visibleOrganization, visibleSite, type QueryContext } from "@/server/core/visible-objects";

// A site's traffic split per connector or per path, and the top talkers (sources and destinations by bytes) of a
// site or a customer, over a range: raw samples or hourly rollups as the range needs.

const iso = (ms: number) => new Date(ms).toISOString();
// Paths of one site shown in a breakdown at most.
const BREAKDOWN_MAX = 200;

/** The raw part [rawFrom, to) and rollup part [from, hourlyTo) of a range. */
function parts(plan: RangePlan) {
  return {
    rawFrom: plan.resolution === "raw" ? plan.from : Math.max(plan.from, plan.edge),
    hourlyTo: plan.resolution === "raw" ? plan.from : Math.min(plan.to, plan.edge),
  };
}

async function trafficPerObject(db: Db, plan: RangePlan, table: "connector" | "path", object: string, where: SQL) {
  const { rawFrom, hourlyTo } = parts(plan);
  const units: SQL[] = [];
  if (rawFrom < plan.to) {
    units.push(sql`select ${sql.raw(object)} as o, count(*)::float8 as n, sum(rx_bps) as rx, max(rx_bps) as rxm, sum(tx_bps) as tx, max(tx_bps) as txm
                   from ${sql.raw(`telemetry_${table}_samples`)}
                   where ${where} and "time" >= ${iso(rawFrom)}::timestamptz and "time" < ${iso(plan.to)}::timestamptz group by 1`);
  }
  if (plan.from < hourlyTo) {
    units.push(sql`select ${sql.raw(object)} as o, sum(samples)::float8 as n, sum(rx_avg * samples) as rx, max(rx_max) as rxm,
                          sum(tx_avg * samples) as tx, max(tx_max) as txm
                   from ${sql.raw(`telemetry_${table}_hourly`)}
                   where ${where} and hour >= ${iso(plan.from)}::timestamptz and hour < ${iso(hourlyTo)}::timestamptz group by 1`);
  }
  if (units.length === 0) return new Map<string, { rx: number; rxm: number; tx: number; txm: number }>();
  const rows = await queryRows<{ o: string; rx: number; rxm: number; tx: number; txm: number }>(
    db,
    sql`with unit as (${sql.join(units, sql` union all `)})
        select o, (sum(rx) / sum(n))::float8 as rx, max(rxm)::float8 as rxm, (sum(tx) / sum(n))::float8 as tx, max(txm)::float8 as txm
        from unit group by o`,
  );
  return new Map(rows.map(({ o, ...figures }) => [o, figures]));
}

/** A site's average and peak traffic per connector, or per path touching the site, over the range. */
export async function siteBreakdown(context: QueryContext, siteId: string, query: BreakdownQuery, now = Date.now()): Promise<SiteBreakdown> {
  const site = await visibleSite(context, siteId);
  const plan = planRange(query, now);
  // Which connectors or paths, kept until one comes, goes or is renamed: the figures change every minute, they do not.
  const objects = await cachedRead(context.db, `breakdown-objects:${query.by}:${site.id}`, () =>
    query.by === "connector"
      ? queryRows<{ id: string; name: string }>(context.db, sql`select id, name from connectors where site_id = ${site.id} order by name, id`)
      : queryRows<{ id: string; name: string }>(
          context.db,
          sql`select id, name from paths where source_site_id = ${site.id} or destination_site_id = ${site.id} order by name, id limit ${BREAKDOWN_MAX}`,
        ),
  );
  const figures =
    query.by === "connector"
      ? await trafficPerObject(context.db, plan, "connector", "connector_id", sql`site_id = ${site.id}`)
      : objects.length === 0
        ? new Map()
        : await trafficPerObject(
            context.db,
            plan,
            "path",
            "path_id",
            sql`path_id in (${sql.join(
              objects.map((object) => sql`${object.id}`),
              sql`, `,
            )})`,
          );
  return {
    from: iso(plan.from),
    to: iso(plan.to),
    by: query.by,
    items: objects.map((object) => {
      const found = figures.get(object.id);
      return {
        id: object.id,
        name: object.name,
        rxBps: found?.rx ?? null,
        txBps: found?.tx ?? null,
        rxMaxBps: found?.rxm ?? null,
        txMaxBps: found?.txm ?? null,
      };
    }),
  };
}

/** The top sources and destinations at once: one pass over the flows, summed by pair, then ranked on each side. */
async function topTalkers(db: Db, where: SQL, query: TopTalkersQuery, now: number): Promise<TopTalkers> {
  const plan = planRange(query, now);
  const { rawFrom, hourlyTo } = parts(plan);
  const units: SQL[] = [];
  if (rawFrom < plan.to) {
    units.push(sql`select source, destination, sum(bytes) as bytes from telemetry_flow_samples
                   where ${where} and "time" >= ${iso(rawFrom)}::timestamptz and "time" < ${iso(plan.to)}::timestamptz group by 1, 2`);
  }
  if (plan.from < hourlyTo) {
    units.push(sql`select source, destination, sum(bytes) as bytes from telemetry_flow_hourly
                   where ${where} and hour >= ${iso(plan.from)}::timestamptz and hour < ${iso(hourlyTo)}::timestamptz group by 1, 2`);
  }
  const rows =
    units.length === 0
      ? []
      : await queryRows<{ side: "source" | "destination"; name: string; bytes: number }>(
          db,
          sql`with unit as (${sql.join(units, sql` union all `)}),
               sides as (select 'source' as side, source as name, sum(bytes)::float8 as bytes from unit group by source
                         union all
                         select 'destination', destination, sum(bytes)::float8 from unit group by destination)
              select side, name, bytes from (
                select side, name, bytes, row_number() over (partition by side order by bytes desc, name) as rank from sides) ranked
              where rank <= ${query.limit}
              order by side, rank`,
        );
  const side = (which: "source" | "destination") => rows.filter((row) => row.side === which).map(({ name, bytes }) => ({ name, bytes }));
  return { from: iso(plan.from), to: iso(plan.to), sources: side("source"), destinations: side("destination") };
}

export async function siteTopTalkers(context: QueryContext, siteId: string, query: TopTalkersQuery, now = Date.now()) {
  const site = await visibleSite(context, siteId);
  return topTalkers(context.db, sql`site_id = ${site.id}`, query, now);
}

export async function organizationTopTalkers(context: QueryContext, organizationId: string, query: TopTalkersQuery, now = Date.now()) {
  const organization = await visibleOrganization(context, organizationId);
  return topTalkers(context.db, sql`organization_id = ${organization.id}`, query, now);
}
