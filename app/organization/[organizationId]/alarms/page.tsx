import { AlarmsPage } from "@/components/alarms/alarms-page";
import { alarmsQueryOptions, DEFAULT_ALARM_FILTER } from "@/lib/alarms/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { searchFromUrl, sortFromUrl } from "@/lib/sorting";
import { consolePage } from "@/server/pages/console-page";

// alarms — the open alarms (of the organization in the URL when it is not the user's own), prefetched so a shared
// link renders complete; the page keeps them live.
export default consolePage("alarms", async ({ organization, home, searchParams, prefetch }) => {
  await prefetch(alarmsQueryOptions({ ...DEFAULT_ALARM_FILTER, search: searchFromUrl(searchParams) }, consoleOrganizationFilter(organization.id, home.id), sortFromUrl("alarms", searchParams)));
  return <AlarmsPage />;
});
