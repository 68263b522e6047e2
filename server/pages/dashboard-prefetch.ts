import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { randomUUID } from "node:crypto";
import { prefetchRecentChats } from "@/server/pages/chat-prefetch";
import { prefetchPath, prefetchSite } from "@/server/pages/site-prefetch";
import { ALARM_PAGE_SIZE, alarmKeys, DEFAULT_ALARM_FILTER, firstAlarmPage } from "@/lib/alarms/queries";
import { telemetryKeys } from "@/lib/telemetry/queries";
import type { Organization } from "@/lib/organizations/schema";
import type { Principal } from "@/server/auth/principal";
import { getDb } from "@/server/db/client";
import { listAlarms } from "@/server/alarms/service";
import { listCustomerSummaries } from "@/server/people/msps";
import { organizationTopTalkers, siteBreakdown, siteTopTalkers } from "@/server/telemetry/queries/breakdown";
import {
  organizationHealth,
  organizationPathHealth,
  organizationProbes,
  siteConnectorHealth,
  sitePathHealth,
  siteProbes,
} from "@/server/telemetry/queries/health";
import { connectorBandwidth, pathBandwidth, pathPerformance, siteBandwidth } from "@/server/telemetry/queries/series";
import { DEFAULT_CHART_RANGE, rangeStart, TOP_TALKERS_LIMIT } from "@/lib/dashboard/format";
import { DASHBOARD_LIST_ROWS } from "@/lib/dashboard/lists";
import { dashboardKeys } from "@/lib/dashboard/queries";
import { nullIfNotFound } from "@/server/core/errors";

// Server prefetch for the dashboards: the queries a dashboard opens with, under the keys the page builds, so a
// deep link renders complete on first load. A failure only logs: the panel then fetches for itself and shows its
// error in place.

/** Where the charts' first range starts, for this request (the page and its prefetch share it). */
export function chartsSince(): string {
  return rangeStart(DEFAULT_CHART_RANGE, Date.now());
}

type Context = { db: Awaited<ReturnType<typeof getDb>>; principal: Principal; requestId: string };

async function context(principal: Principal): Promise<Context> {
  return { db: await getDb(), principal, requestId: randomUUID() };
}

async function attempt<T>(label: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    console.error(`[dashboard] prefetch of ${label} failed:`, (error as Error).message);
    return undefined;
  }
}

/** The first page of unacknowledged alarms: one organization's (a customer's dashboards), or all the caller sees. */
async function alarms(queryClient: QueryClient, ctx: Context, organizationId?: string) {
  await attempt("alarms", async () => {
    const page = await listAlarms(ctx, { ...DEFAULT_ALARM_FILTER, organizationId, limit: ALARM_PAGE_SIZE });
    queryClient.setQueryData(alarmKeys.list(DEFAULT_ALARM_FILTER, organizationId), firstAlarmPage(page));
  });
}

async function siteBandwidthAndBreakdown(queryClient: QueryClient, ctx: Context, siteId: string, since: string) {
  await Promise.all([
    attempt("site bandwidth", async () => queryClient.setQueryData(telemetryKeys.bandwidth("site", siteId, { from: since }), await siteBandwidth(ctx, siteId, { from: since }))),
    attempt("breakdown", async () => queryClient.setQueryData(telemetryKeys.breakdown(siteId, "connector", {}), await siteBreakdown(ctx, siteId, { by: "connector" }))),
  ]);
}

/** The capped lists a dashboard shows (sites, paths, probes, connectors): their worst rows, as the cards ask. */
const shown = { limit: DASHBOARD_LIST_ROWS };

/** customer/dashboard (and an MSP's view of a customer): every panel, and the featured site's charts. */
export async function prefetchCustomerOverview(queryClient: QueryClient, principal: Principal, organizationId: string, since: string) {
  const ctx = await context(principal);
  const [sites] = await Promise.all([
    attempt("sites and connector health", async () => {
      const { sites, connectors } = await organizationHealth(ctx, organizationId, shown.limit);
      queryClient.setQueryData(telemetryKeys.siteHealth(organizationId, shown), sites);
      queryClient.setQueryData(telemetryKeys.connectorHealth("organization", organizationId, shown), connectors);
      return sites;
    }),
    alarms(queryClient, ctx, organizationId),
    attempt("paths", async () =>
      queryClient.setQueryData(telemetryKeys.pathHealth("organization", organizationId, shown), await organizationPathHealth(ctx, organizationId, shown.limit)),
    ),
    attempt("probes", async () => queryClient.setQueryData(telemetryKeys.probes("organization", organizationId, shown), await organizationProbes(ctx, organizationId, shown.limit))),
    attempt("top talkers", async () =>
      queryClient.setQueryData(
        telemetryKeys.topTalkers("organization", organizationId, { limit: TOP_TALKERS_LIMIT }),
        await organizationTopTalkers(ctx, organizationId, { limit: TOP_TALKERS_LIMIT }),
      ),
    ),
    prefetchRecentChats(queryClient, principal, organizationId),
  ]);
  const siteId = sites?.featuredSiteId;
  if (siteId) await Promise.all([prefetchSite(queryClient, principal, organizationId, siteId), siteBandwidthAndBreakdown(queryClient, ctx, siteId, since)]);
}

/** A site's dashboard; the site, or null when it is not this customer's (the page is then not found). */
export async function prefetchSiteDashboard(queryClient: QueryClient, principal: Principal, organizationId: string, siteId: string, since: string) {
  const site = await prefetchSite(queryClient, principal, organizationId, siteId);
  if (!site || site.organizationId !== organizationId) return null;
  const ctx = await context(principal);
  await Promise.all([
    siteBandwidthAndBreakdown(queryClient, ctx, siteId, since),
    alarms(queryClient, ctx, organizationId),
    attempt("paths", async () => queryClient.setQueryData(telemetryKeys.pathHealth("site", siteId, shown), await sitePathHealth(ctx, siteId, shown.limit))),
    attempt("connector health", async () =>
      queryClient.setQueryData(telemetryKeys.connectorHealth("site", siteId, shown), await siteConnectorHealth(ctx, siteId, shown.limit)),
    ),
    attempt("probes", async () => queryClient.setQueryData(telemetryKeys.probes("site", siteId, shown), await siteProbes(ctx, siteId, shown.limit))),
    attempt("top talkers", async () =>
      queryClient.setQueryData(telemetryKeys.topTalkers("site", siteId, { limit: TOP_TALKERS_LIMIT }), await siteTopTalkers(ctx, siteId, { limit: TOP_TALKERS_LIMIT })),
    ),
  ]);
  return site;
}

/** A path's dashboard; false when the site or path is not this customer's, or the path has no end at the site. */
export async function prefetchPathDashboard(queryClient: QueryClient, principal: Principal, organizationId: string, siteId: string, pathId: string, since: string) {
  const [site, path] = await Promise.all([prefetchSite(queryClient, principal, organizationId, siteId), prefetchPath(queryClient, principal, pathId)]);
  if (!site || site.organizationId !== organizationId || !path || path.organizationId !== organizationId) return false;
  if (path.sourceSiteId !== siteId && path.destinationSiteId !== siteId) return false;
  const ctx = await context(principal);
  await Promise.all([
    attempt("performance", async () => queryClient.setQueryData(telemetryKeys.performance(pathId, { from: since }), await pathPerformance(ctx, pathId, { from: since }))),
    attempt("path bandwidth", async () => queryClient.setQueryData(telemetryKeys.bandwidth("path", pathId, { from: since }), await pathBandwidth(ctx, pathId, { from: since }))),
  ]);
  return true;
}

/** A connector's dashboard; false when the site is not this customer's or the connector not at the site. */
export async function prefetchConnectorDashboard(queryClient: QueryClient, principal: Principal, organizationId: string, siteId: string, connectorId: string, since: string) {
  const site = await prefetchSite(queryClient, principal, organizationId, siteId);
  if (!site || site.organizationId !== organizationId) return false;
  const ctx = await context(principal);
  const health = await attempt("connector health", async () => {
    const list = await siteConnectorHealth(ctx, siteId);
    queryClient.setQueryData(telemetryKeys.connectorHealth("site", siteId), list);
    return list;
  });
  if (health && !health.items.some((item) => item.connectorId === connectorId)) return false;
  await attempt("connector bandwidth", async () =>
    queryClient.setQueryData(telemetryKeys.bandwidth("connector", connectorId, { from: since }), await connectorBandwidth(ctx, connectorId, { from: since })),
  );
  return true;
}

/** msp/dashboard: the customers' summaries and the open alarms; the summaries (null when not an MSP visible here). */
export async function prefetchMspDashboard(queryClient: QueryClient, principal: Principal, mspId: string) {
  const ctx = await context(principal);
  const [summaries] = await Promise.all([
    attempt("customer summaries", async () => {
      const list = await nullIfNotFound(listCustomerSummaries(ctx, mspId));
      if (list) queryClient.setQueryData(dashboardKeys.customerSummaries(mspId), list);
      return list;
    }),
    alarms(queryClient, ctx),
    prefetchRecentChats(queryClient, principal, mspId),
  ]);
  return summaries ?? null;
}

/**
 * Whether the customer is one of the MSP's and the caller may see it (the page is a 404 otherwise), from the
 * organizations the page's guard already read.
 */
export function isMspCustomer(organizations: Organization[], mspId: string, customerId: string): boolean {
  return organizations.some((org) => org.id === customerId && org.organizationType === "customer" && org.parentId === mspId);
}
