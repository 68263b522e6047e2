import { NodesPage } from "@/components/nodes/nodes-page";
import type { ListedKind } from "@/components/nodes/node-links";
import { nodesQueryOptions } from "@/lib/nodes/queries";
import { consolePage } from "@/server/pages/console-page";

/** msp/edgeNode, msp/cpeNode — the first page of the MSP's nodes of a kind, prefetched. */
export const nodeListPage = (pattern: "msp/edgeNode" | "msp/cpeNode", kind: ListedKind) =>
  consolePage(pattern, async ({ organization, prefetch }) => {
    await prefetch(nodesQueryOptions(organization.id, kind));
    return <NodesPage kind={kind} />;
  });
