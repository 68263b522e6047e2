import { PathsPage } from "@/components/paths/paths-page";
import { pathListFilter, pathListNarrowing, pathsQueryOptions } from "@/lib/paths/queries";
import { consolePage } from "@/server/pages/console-page";

// paths — every path with its SLA health; ?search= is the "Filter paths..." box, ?sla= and ?layer= its filters,
// prefetched as the page will ask.
export default consolePage("paths", async ({ organization, home, searchParams, prefetch }) => {
  const { search } = searchParams;
  const narrowing = pathListNarrowing(searchParams);
  await prefetch(pathsQueryOptions(pathListFilter(organization.id, home.id, typeof search === "string" ? search : undefined, narrowing)));
  return <PathsPage />;
});
