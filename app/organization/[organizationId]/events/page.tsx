import { EventsPage } from "@/components/events/events-page";
import { eventsQueryOptions, parseEventSearch } from "@/lib/events/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { consolePage } from "@/server/pages/console-page";

// events — SPEC §5 search parameters (startTime, endTime, nodeId) parsed with the page's own schema, and the
// matching events (of the organization in the URL when it is not the user's own) prefetched, so a deep link renders
// those events on first load.
export default consolePage("events", async ({ organization, home, searchParams, prefetch }) => {
  await prefetch(eventsQueryOptions(parseEventSearch(searchParams), consoleOrganizationFilter(organization.id, home.id)));
  return <EventsPage />;
});
