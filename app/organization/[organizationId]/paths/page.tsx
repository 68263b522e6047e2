import { PathsPage } from "@/components/paths/paths-page";
import { pathListFilter, pathsQueryOptions } from "@/lib/paths/queries";
import { consolePage } from "@/server/pages/console-page";

// paths — every path with its SLA health; ?search= is the "Filter paths..." box, prefetched as the page will ask.
export default consolePage("paths", async ({ organization, home, searchParams, prefetch }) => {
  const { search } = searchParams;
  await prefetch(pathsQueryOptions(pathListFilter(organization.id, home.id, typeof search === "string" ? search : undefined)));
  return <PathsPage />;
});
