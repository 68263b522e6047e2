import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { randomUUID } from "node:crypto";
import { EventsPage } from "@/components/events/events-page";
import { EVENT_PAGE_SIZE, eventKeys, firstEventPage, parseEventSearch } from "@/lib/events/queries";
import { makeQueryClient } from "@/lib/query-client";
import { getDb } from "@/server/db/client";
import { listEvents } from "@/server/operations/events";
import { guardConsolePage } from "@/server/pages/session";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// events — SPEC §5 search parameters (startTime, endTime, nodeId) parsed with the page's own schema, and the
// matching events prefetched, so a deep link renders those events on first load.
export default async function EventsRoute({ params, searchParams }: { params: Promise<{ organizationId: string }>; searchParams: SearchParams }) {
  const { principal } = await guardConsolePage(decodeURIComponent((await params).organizationId), "events");
  const search = parseEventSearch(await searchParams);
  const queryClient = makeQueryClient();
  try {
    const context = { db: await getDb(), principal, requestId: randomUUID() };
    queryClient.setQueryData(eventKeys.list(search), firstEventPage(await listEvents(context, { ...search, limit: EVENT_PAGE_SIZE })));
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
