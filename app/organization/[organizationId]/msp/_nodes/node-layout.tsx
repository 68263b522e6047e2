import { NodeLayout } from "@/components/nodes/node-layout";
import { nodeQueryOptions, nodeStatusQueryOptions } from "@/lib/nodes/queries";
import type { NodeKind } from "@/lib/nodes/schema";
import { consolePage } from "@/server/pages/console-page";
import type { NodePattern } from "./patterns";

/** The node layout: the node (not found when another MSP's, or of another kind) and its status. */
export const nodeLayout = (pattern: NodePattern, kind: NodeKind) =>
  consolePage(pattern, async ({ params, require, prefetch, children }) => {
    const { nodeId, fabricId } = params as { nodeId: string; fabricId?: string };
    await require(nodeQueryOptions(nodeId));
    await prefetch(nodeStatusQueryOptions(nodeId));
    return (
      <NodeLayout nodeId={nodeId} kind={kind} fabricId={fabricId}>
        {children}
      </NodeLayout>
    );
  });
