import { MspTopologyPage } from "@/components/msp-topology/msp-topology-page";
import { blastRadiusQueryOptions, linkFilterFromParams, parseSelection, topologyLinksQueryOptions } from "@/lib/topology/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/topology — the links table as filtered in the URL and the blast radius of ?selected= are prefetched, so a
// shared link renders them complete. The graph's data is not: the drawings are drawn in the browser only (their
// libraries load after the page), and a large network's graph (2,000 nodes, 5,000 links: ~1.8 MB) would weigh down
// the HTML for nothing; the browser fetches it as the page starts.
export default consolePage("msp/topology", async ({ organization, searchParams, prefetch }) => {
  const get = (name: string) => {
    const value = searchParams[name];
    return typeof value === "string" ? value : undefined;
  };
  const selection = parseSelection(get("selected"));
  await prefetch(topologyLinksQueryOptions(organization.id, linkFilterFromParams(get)), ...(selection ? [blastRadiusQueryOptions(selection.type, selection.id)] : []));
  return <MspTopologyPage />;
});
