import { MspTopologyPage } from "@/components/msp-topology/msp-topology-page";
import { blastRadiusQueryOptions, linkFilterFromParams, mspTopologyGraphQueryOptions, parseSelection, topologyLinksQueryOptions } from "@/lib/topology/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/topology — the MSP's network drawn and listed; the graph, the links table as filtered in the URL and the blast
// radius of ?selected= are prefetched, so a shared link renders complete.
export default consolePage("msp/topology", async ({ organization, searchParams, prefetch }) => {
  const get = (name: string) => {
    const value = searchParams[name];
    return typeof value === "string" ? value : undefined;
  };
  const selection = parseSelection(get("selected"));
  await prefetch(
    mspTopologyGraphQueryOptions(organization.id),
    topologyLinksQueryOptions(organization.id, linkFilterFromParams(get)),
    ...(selection ? [blastRadiusQueryOptions(selection.type, selection.id)] : []),
  );
  return <MspTopologyPage />;
});
