import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { randomUUID } from "node:crypto";
import { AlarmsPage } from "@/components/alarms/alarms-page";
import { ALARM_PAGE_SIZE, alarmKeys, DEFAULT_ALARM_FILTER, firstAlarmPage } from "@/lib/alarms/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { makeQueryClient } from "@/lib/query-client";
import { getDb } from "@/server/db/client";
import { listAlarms } from "@/server/alarms/service";
import { guardConsolePage } from "@/server/pages/session";

// alarms — the open alarms (of the organization in the URL when it is not the user's own), prefetched so a shared
// link renders complete; the page keeps them live.
export default async function AlarmsRoute({ params }: { params: Promise<{ organizationId: string }> }) {
  const { principal, organization, home } = await guardConsolePage(decodeURIComponent((await params).organizationId), "alarms");
  const organizationId = consoleOrganizationFilter(organization.id, home.id);
  const queryClient = makeQueryClient();
  try {
    const context = { db: await getDb(), principal, requestId: randomUUID() };
    const page = await listAlarms(context, { ...DEFAULT_ALARM_FILTER, organizationId, limit: ALARM_PAGE_SIZE });
    queryClient.setQueryData(alarmKeys.list(DEFAULT_ALARM_FILTER, organizationId), firstAlarmPage(page));
  } catch (error) {
    // The page fetches for itself and shows the error where it belongs.
    console.error("[alarms] prefetch failed:", (error as Error).message);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AlarmsPage />
    </HydrationBoundary>
  );
}
