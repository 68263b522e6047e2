import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { randomUUID } from "node:crypto";
import { EventsPage } from "@/components/events/events-page";
import { EVENT_PAGE_SIZE, eventKeys, firstEventPage, parseEventSearch } from "@/lib/events/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { makeQueryClient } from "@/lib/query-client";
import { getDb } from "@/server/db/client";
import { listEvents } from "@/server/events/service";
import { guardConsolePage } from "@/server/pages/session";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// events — SPEC §5 search parameters (startTime, endTime, nodeId) parsed with the page's own schema, and the
// matching events (of the organization in the URL when it is not the user's own) prefetched, so a deep link renders
// those events on first load.
export default async function EventsRoute({ params, searchParams }: { params: Promise<{ organizationId: string }>; searchParams: SearchParams }) {
  const { principal, organization, home } = await guardConsolePage(decodeURIComponent((await params).organizationId), "events");
  const organizationId = consoleOrganizationFilter(organization.id, home.id);
  const search = parseEventSearch(await searchParams);
  const queryClient = makeQueryClient();
  try {
    const context = { db: await getDb(), principal, requestId: randomUUID() };
    const page = await listEvents(context, { ...search, organizationId, limit: EVENT_PAGE_SIZE });
    queryClient.setQueryData(eventKeys.list(search, organizationId), firstEventPage(page));
  } catch (error) {
    // The page fetches for itself and shows the error where it belongs.
    console.error("[events] prefetch failed:", (error as Error).message);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <EventsPage />
    </HydrationBoundary>
  );
}
