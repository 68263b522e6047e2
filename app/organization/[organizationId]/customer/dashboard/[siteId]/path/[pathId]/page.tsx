import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { CustomerPathRoute } from "@/components/dashboard/dashboard-routes";
import { chartsSince, prefetchPathDashboard } from "@/server/pages/dashboard-prefetch";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";

type Params = Promise<{ organizationId: string; siteId: string; pathId: string }>;

// customer/dashboard/{siteId}/path/{pathId} — a path's SLA, performance against the thresholds, and traffic.
export default async function CustomerPathDashboardPage({ params }: { params: Params }) {
  const { organizationId, siteId, pathId } = await params;
  const { organization, principal } = await guardConsolePage(decodeURIComponent(organizationId), `customer/dashboard/${siteId}/path/${pathId}`);
  const site = decodeURIComponent(siteId);
  const path = decodeURIComponent(pathId);
  const queryClient = makeQueryClient();
  const since = chartsSince();
  if (!(await prefetchPathDashboard(queryClient, principal, organization.id, site, path, since))) notFound();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CustomerPathRoute organizationId={organization.id} organizationName={organization.name} siteId={site} pathId={path} since={since} />
    </HydrationBoundary>
  );
}
