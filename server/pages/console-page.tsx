import "server-only";
import { dehydrate, hashKey, HydrationBoundary, type DataTag, type FetchQueryOptions, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { notFound, redirect } from "next/navigation";
import { cache, type ReactNode } from "react";
import { ApiRequestError } from "@/lib/api/client";
import type { Organization } from "@/lib/organizations/schema";
import { makeQueryClient } from "@/lib/query-client";
import { renderedAtQuery } from "@/lib/realtime-queries";
import { safeDecode } from "@/lib/request-target";
import { consoleRoute, guardConsoleRoute, matchConsoleRoute, type ConsoleRoute, type RouteParams } from "@/lib/routes";
import { bootstrapSession, type ReadySession } from "./session";
import { logger } from "@/server/core/log";

// The one way a console page or layout is built (SPEC §2, §6): decode the URL's parameters, run the route's guard
// from the route table, prefetch the queries its components read — with the components' own query options, through
// the API in-process — and hydrate them into the page.

/** One query client per request, shared by the layouts and the page (React's cache() is per request). */
export const getRequestQueryClient = cache(makeQueryClient);

export type SearchParams = Record<string, string | string[] | undefined>;

/** Query options as the factories in lib/<area>/queries.ts build them, plain or infinite. */
interface Prefetchable {
  queryKey: QueryKey;
  initialPageParam?: unknown;
}

export interface ConsolePage<Pattern extends string = string> extends ReadySession {
  /** The organization in the URL: visible to the user, of a type the route allows. */
  organization: Organization;
  route: ConsoleRoute;
  params: RouteParams<Pattern>;
  searchParams: SearchParams;
  /** A layout's children. */
  children?: ReactNode;
  /** Starts queries the page's components read and waits for them; a failure is left for the component to show. */
  prefetch(...queries: Prefetchable[]): Promise<void>;
  /** A query's data for the page to decide with, or undefined when it failed (its component shows why). */
  fetch<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  ): Promise<TData | undefined>;
  /** The object the page is about (a site, a path, a chat): the page is not found when the API answers 404. */
  require<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  ): Promise<TData>;
  /** Data the page already holds (the session's organizations and user), under its query's own key. */
  seed<T>(options: { queryKey: DataTag<QueryKey, T, Error> }, data: T): void;
}

interface EntryProps {
  params: Promise<Record<string, string | string[]>>;
  searchParams?: Promise<SearchParams>;
  children?: ReactNode;
}

/** The guard of SPEC §6 for an organization in the URL: anything it does not allow goes silently to /. */
async function openConsoleRoute(rawOrganizationId: string, route: ConsoleRoute | undefined) {
  const session = await bootstrapSession();
  if (session.status !== "ready") redirect("/");
  const organization = guardConsoleRoute(session.organizations, safeDecode(rawOrganizationId), route, session.user.scopes);
  if (!route || !organization) redirect("/");
  return { ...session, organization, route };
}

function decodeParams(raw: Record<string, string | string[]>): Record<string, string> | null {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === "organizationId" || Array.isArray(value)) continue;
    const text = safeDecode(value);
    if (text === null) return null;
    decoded[name] = text;
  }
  return decoded;
}

function pageQueries(queryClient: QueryClient) {
  const hashes = new Set<string>();
  const track = (queryKey: QueryKey) => hashes.add(hashKey(queryKey));
  const logFailure = (queryKey: QueryKey, error: unknown) => {
    if (!(error instanceof ApiRequestError && error.status === 404)) logger("page").error({ err: error, queryKey }, "prefetch failed");
  };
  return {
    hashes,
    async prefetch(...queries: Prefetchable[]) {
      await Promise.all(
        queries.map(async (options) => {
          track(options.queryKey);
          const run = "initialPageParam" in options ? queryClient.prefetchInfiniteQuery(options as never) : queryClient.prefetchQuery(options as never);
          await run;
          const state = queryClient.getQueryState(options.queryKey);
          if (state?.status === "error") logFailure(options.queryKey, state.error);
        }),
      );
    },
    async fetch<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>) {
      track(options.queryKey);
      try {
        return await queryClient.fetchQuery(options);
      } catch (error) {
        logFailure(options.queryKey, error);
        return undefined;
      }
    },
    async require<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>) {
      track(options.queryKey);
      try {
        return await queryClient.fetchQuery(options);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) notFound();
        throw error;
      }
    },
    seed<T>(options: { queryKey: DataTag<QueryKey, T, Error> }, data: T) {
      track(options.queryKey);
      queryClient.setQueryData(options.queryKey, data as never);
    },
  };
}

/**
 * A console page (or layout) for a route of the table in lib/routes.ts. `render` gets the guarded organization, the
 * decoded parameters and the prefetchers; what it prefetched is dehydrated around what it renders.
 * The pattern "*" is the catch-all: the route is looked up from the path.
 */
export function consolePage<Pattern extends string>(pattern: Pattern, render: (page: ConsolePage<Pattern>) => ReactNode | Promise<ReactNode>) {
  const fixed = pattern === "*" ? undefined : consoleRoute(pattern);
  return async function ConsolePageEntry({ params, searchParams, children }: EntryProps) {
    // Taken before anything is read: the browser's realtime connection asks /ws for what was published since. A page
    // hands it over, not a layout (their renders are moments apart, and one catch-up a page is enough).
    const renderedAt = Date.now();
    const raw = await params;
    const route = fixed ?? matchConsoleRoute([raw.rest ?? []].flat().join("/"))?.route;
    const session = await openConsoleRoute(String(raw.organizationId), route);
    const decoded = decodeParams(raw);
    if (!decoded) notFound();
    const queryClient = getRequestQueryClient();
    const queries = pageQueries(queryClient);
    const content = await render({
      ...session,
      params: decoded as RouteParams<Pattern>,
      searchParams: (await searchParams) ?? {},
      children,
      prefetch: queries.prefetch,
      fetch: queries.fetch,
      require: queries.require,
      seed: queries.seed,
    });
    if (children === undefined) queries.seed(renderedAtQuery, renderedAt);
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => queries.hashes.has(query.queryHash) && query.state.status === "success",
    });
    return (
      <HydrationBoundary state={state}>{content}</HydrationBoundary>
    );
  };
}
