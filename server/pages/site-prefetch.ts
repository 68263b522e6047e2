import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { randomUUID } from "node:crypto";
import { connectorKeys } from "@/lib/connectors/queries";
import type { Connector } from "@/lib/connectors/schema";
import { pathKeys, pathListFilter, PATH_PAGE_SIZE, type PathListFilter } from "@/lib/paths/queries";
import type { Path } from "@/lib/paths/schema";
import { topologyKeys } from "@/lib/paths/topology-queries";
import { MAX_PAGE_SIZE } from "@/lib/pagination";
import { firstPage, SITE_PAGE_SIZE, siteKeys } from "@/lib/sites/queries";
import type { Site } from "@/lib/sites/schema";
import type { Principal } from "@/server/auth/principal";
import { getDb } from "@/server/db/client";
import { getPath, listOrganizationPaths, listPaths } from "@/server/paths/service";
import { pathTopology } from "@/server/paths/topology";
import { listConnectors } from "@/server/sites/connectors";
import { getSite, listSites } from "@/server/sites/service";
import { NotFoundError, nullIfNotFound } from "@/server/core/errors";

// Server prefetch for the sites, connectors and paths pages: the same data the API answers, under the same query
// keys, so a deep link renders complete on first load. A failure only logs: the page then fetches for itself and
// shows the error where it belongs.

async function context(principal: Principal) {
  return { db: await getDb(), principal, requestId: randomUUID() };
}

async function attempt(label: string, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    console.error(`[sites] prefetch of ${label} failed:`, (error as Error).message);
  }
}

/** Every row of a keyset list fetched through a service. */
async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>) {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await nullIfNotFound(fetchPage(cursor));
    if (!page) return null;
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

async function siteConnectors(queryClient: QueryClient, principal: Principal, siteId: string) {
  const ctx = await context(principal);
  const connectors = await allPages<Connector>((cursor) => listConnectors(ctx, siteId, { limit: MAX_PAGE_SIZE, cursor }));
  if (connectors) queryClient.setQueryData(connectorKeys.site(siteId), connectors);
}

async function sitePaths(queryClient: QueryClient, principal: Principal, siteId: string) {
  const { db } = await context(principal);
  const paths = await allPages<Path>((cursor) => listPaths(db, principal, { siteId, limit: MAX_PAGE_SIZE, cursor }));
  if (paths) queryClient.setQueryData(pathKeys.site(siteId), paths);
}

/** customer/site: the first page of sites and each one's connectors (the list counts them). */
export async function prefetchSites(queryClient: QueryClient, principal: Principal, organizationId: string) {
  await attempt("sites", async () => {
    const page = await nullIfNotFound(listSites(await context(principal), organizationId, { limit: SITE_PAGE_SIZE }));
    if (!page) return;
    queryClient.setQueryData(siteKeys.list(organizationId), firstPage<Site>(page));
    await Promise.all(page.items.map((site) => siteConnectors(queryClient, principal, site.id)));
  });
}

/** The site of a customer/site/{siteId} page; null when it is not visible or not this organization's. */
export async function prefetchSite(queryClient: QueryClient, principal: Principal, organizationId: string, siteId: string) {
  let site: Site | null = null;
  await attempt("site", async () => {
    site = await nullIfNotFound(getSite(await context(principal), siteId));
    if (site && site.organizationId === organizationId) queryClient.setQueryData(siteKeys.detail(siteId), site);
  });
  return site as Site | null;
}

/** The Configuration tab: the site's connectors and the paths over them (their load). */
export async function prefetchSiteConfiguration(queryClient: QueryClient, principal: Principal, siteId: string) {
  await Promise.all([
    attempt("connectors", () => siteConnectors(queryClient, principal, siteId)),
    attempt("site paths", () => sitePaths(queryClient, principal, siteId)),
  ]);
}

/** Every site of the organization (the AWS check of a path's ends, the path form's destinations). */
export async function prefetchAllSites(queryClient: QueryClient, principal: Principal, organizationId: string) {
  await attempt("all sites", async () => {
    const ctx = await context(principal);
    const sites = await allPages<Site>((cursor) => listSites(ctx, organizationId, { limit: MAX_PAGE_SIZE, cursor }));
    if (sites) queryClient.setQueryData(siteKeys.every(organizationId), sites);
  });
}

/** The Paths tab: the site's paths and connectors, and the sites their other ends are at. */
export async function prefetchSitePaths(queryClient: QueryClient, principal: Principal, organizationId: string, siteId: string) {
  await Promise.all([prefetchSiteConfiguration(queryClient, principal, siteId), prefetchAllSites(queryClient, principal, organizationId)]);
}

/** A path's detail; the path, or null when it is not visible. */
export async function prefetchPath(queryClient: QueryClient, principal: Principal, pathId: string) {
  let path: Path | null = null;
  await attempt("path", async () => {
    path = await nullIfNotFound(getPath((await context(principal)).db, principal, pathId));
    if (path) queryClient.setQueryData(pathKeys.detail(pathId), path);
  });
  return path as Path | null;
}

/** A path's route drawing (the MSP's topology page, the route section of a customer's path page). */
export async function prefetchPathTopology(queryClient: QueryClient, principal: Principal, pathId: string) {
  try {
    queryClient.setQueryData(topologyKeys.path(pathId), await pathTopology(await context(principal), pathId));
  } catch (error) {
    // A missing or foreign path is the page's to show.
    if (!(error instanceof NotFoundError)) console.error("[topology] prefetch failed:", (error as Error).message);
  }
}

/** paths: the first page of the list as the page will ask for it (the customer's own, or all an MSP sees). */
export async function prefetchPathList(
  queryClient: QueryClient,
  principal: Principal,
  organization: { id: string; organizationType: string },
  search: string | undefined,
) {
  const filter: PathListFilter = pathListFilter(organization, search?.trim() || undefined);
  await attempt("paths", async () => {
    const { db } = await context(principal);
    const query = { limit: PATH_PAGE_SIZE, search: filter.search };
    const page = filter.organizationId ? await listOrganizationPaths(db, principal, filter.organizationId, query) : await listPaths(db, principal, query);
    if (page) queryClient.setQueryData(pathKeys.list(filter), firstPage<Path>(page));
  });
}
