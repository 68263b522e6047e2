import { SiteConfiguration } from "@/components/sites/site-configuration";
import { siteConnectorsQueryOptions } from "@/lib/connectors/queries";
import { sitePathsQueryOptions } from "@/lib/paths/queries";
import { consolePage } from "@/server/pages/console-page";

// customer/site/{siteId}/configuration — the site and its connectors with the paths over them (their load);
// ?properties=true opens the properties panel, read on the client with the shared configurationSearchSchema.
export default consolePage("customer/site/:siteId/configuration", async ({ params, prefetch }) => {
  await prefetch(siteConnectorsQueryOptions(params.siteId), sitePathsQueryOptions(params.siteId));
  return <SiteConfiguration siteId={params.siteId} />;
});
