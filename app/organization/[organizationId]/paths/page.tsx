import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { PathsPage } from "@/components/paths/paths-page";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";
import { prefetchPathList } from "@/server/pages/site-prefetch";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// paths — every path with its SLA health; ?search= is the "Filter paths..." box, prefetched as the page will ask.
export default async function PathsRoute({ params, searchParams }: { params: Promise<{ organizationId: string }>; searchParams: SearchParams }) {
  const { organization, principal } = await guardConsolePage(decodeURIComponent((await params).organizationId), "paths");
  const { search } = await searchParams;
  const queryClient = makeQueryClient();
  await prefetchPathList(queryClient, principal, organization, typeof search === "string" ? search.slice(0, 100) : undefined);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PathsPage />
    </HydrationBoundary>
  );
}
