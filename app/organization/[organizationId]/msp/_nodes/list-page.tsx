import { NodesPage } from "@/components/nodes/nodes-page";
import type { ListedKind } from "@/components/nodes/node-links";
import { nodesQueryOptions } from "@/lib/nodes/queries";
import { searchFromUrl, sortFromUrl } from "@/lib/sorting";
import { consolePage } from "@/server/pages/console-page";

/** msp/edgeNode, msp/cpeNode — the first page of the MSP's nodes of a kind, searched and sorted as the URL asks, prefetched. */
export const nodeListPage = (pattern: "msp/edgeNode" | "msp/cpeNode", kind: ListedKind) =>
  consolePage(pattern, async ({ organization, searchParams, prefetch }) => {
    await prefetch(nodesQueryOptions(organization.id, kind, searchFromUrl(searchParams), sortFromUrl("nodes", searchParams)));
    return <NodesPage kind={kind} />;
  });
