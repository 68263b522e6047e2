import "server-only";
import { notFound } from "next/navigation";
import type { Organization } from "@/lib/organizations/schema";
import { pathQueryOptions } from "@/lib/paths/queries";
import { cardQueries, dashboardQueries } from "@/lib/dashboard/card-queries";
import { DEFAULT_CHART_RANGE, rangeStart } from "@/lib/dashboard/format";
import { siteQueryOptions } from "@/lib/sites/queries";
import type { ConsolePage } from "./console-page";

// What the dashboard pages open with, for a customer's own dashboards and an MSP's view of its customers alike: the
// cards' own queries, prefetched so a deep link renders complete, and the checks that make a wrong id a 404.

/** Where the charts' first range starts, for this request (the page and its prefetch share it). */
export function chartsSince(): string {
  return rangeStart(DEFAULT_CHART_RANGE, Date.now());
}

/** customer/dashboard and msp/dashboard/{customer}: every card, and the charts of the site the sites card features. */
export async function prefetchCustomerOverview(page: ConsolePage, customerId: string, since: string) {
  const [sites] = await Promise.all([page.fetch(cardQueries.sites(customerId)), page.prefetch(...dashboardQueries.customerOverview(customerId))]);
  if (sites?.featuredSiteId) await page.prefetch(...dashboardQueries.siteCharts(sites.featuredSiteId, since));
}

/** A site's dashboard; not found when the site is not the customer's. */
export async function prefetchSiteDashboard(page: ConsolePage, customerId: string, siteId: string, since: string) {
  const [site] = await Promise.all([page.require(siteQueryOptions(siteId)), page.prefetch(...dashboardQueries.site(customerId, siteId, since))]);
  if (site.organizationId !== customerId) notFound();
}

/** A path's dashboard; not found when the site or path is not the customer's, or the path has no end at the site. */
export async function prefetchPathDashboard(page: ConsolePage, customerId: string, siteId: string, pathId: string, since: string) {
  const [site, path] = await Promise.all([
    page.require(siteQueryOptions(siteId)),
    page.require(pathQueryOptions(pathId)),
    page.prefetch(...dashboardQueries.path(pathId, since)),
  ]);
  const atSite = path.sourceSiteId === siteId || path.destinationSiteId === siteId;
  if (site.organizationId !== customerId || path.organizationId !== customerId || !atSite) notFound();
}

/** A connector's dashboard; not found when the site is not the customer's or the connector is not at the site. */
export async function prefetchConnectorDashboard(page: ConsolePage, customerId: string, siteId: string, connectorId: string, since: string) {
  const [site, health] = await Promise.all([
    page.require(siteQueryOptions(siteId)),
    page.fetch(cardQueries.siteConnectors(siteId)),
    page.prefetch(cardQueries.bandwidth("connector", connectorId, since)),
  ]);
  if (site.organizationId !== customerId) notFound();
  if (health && !health.items.some((item) => item.connectorId === connectorId)) notFound();
}

/** An MSP's drill-down into a customer: only into one of its own customers the user may see. */
export function requireMspCustomer(page: ConsolePage, customerId: string): Organization {
  const customer = page.organizations.find(
    (org) => org.id === customerId && org.organizationType === "customer" && org.parentId === page.organization.id,
  );
  if (!customer) notFound();
  return customer;
}
