import { NodeLinkPage } from "@/components/nodes/node-link-page";
import { linkHealthQueryOptions } from "@/lib/telemetry/queries";
import { consolePage } from "@/server/pages/console-page";

/** msp/{edgeNode|cpeNode}/{nodeId}/link — the node's links with their state and health (core nodes have none here). */
export const nodeLinkPage = (pattern: `msp/${"edgeNode" | "cpeNode"}/:nodeId/link`) =>
  consolePage(pattern, async ({ params, prefetch }) => {
    await prefetch(linkHealthQueryOptions("node", params.nodeId));
    return <NodeLinkPage nodeId={params.nodeId} />;
  });
