import { notFound } from "next/navigation";
import { SiteLayout } from "@/components/sites/site-header";
import { siteQueryOptions } from "@/lib/sites/queries";
import { consolePage } from "@/server/pages/console-page";

// customer/site/{siteId} — the site layout (name, type, place, status; Configuration and Paths tabs); another
// organization's site is not found.
export default consolePage("customer/site/:siteId", async ({ organization, params, require, children }) => {
  const site = await require(siteQueryOptions(params.siteId));
  if (site.organizationId !== organization.id) notFound();
  return <SiteLayout siteId={params.siteId}>{children}</SiteLayout>;
});
