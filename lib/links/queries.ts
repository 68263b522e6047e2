import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { eventKeys } from "@/lib/events/queries";
import { nodeKeys } from "@/lib/nodes/queries";
import { telemetryKeys } from "@/lib/telemetry/queries";
import type { LinkCreate } from "./schema";

export const linkKeys = { all: ["links"] as const };

// POST /api/v1/config/msp/{mspId}/link, PATCH /api/v1/config/link/{linkId} — a link's ends are two nodes: both
// nodes' entries (their links, internal links and link health) and the link lists are refetched.
export function useSaveLink(mspId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, body }: { linkId?: string; body: LinkCreate }) =>
      linkId
        ? api.patch("/api/v1/config/link/{linkId}", { params: { path: { linkId } }, body })
        : api.post("/api/v1/config/msp/{mspId}/link", { params: { path: { mspId } }, body }),
    onSuccess: (link, { linkId }) =>
      Promise.all([
        ...[link.sourceNodeId, link.destinationNodeId].flatMap((nodeId) => [
          queryClient.invalidateQueries({ queryKey: nodeKeys.node(nodeId) }),
          queryClient.invalidateQueries({ queryKey: telemetryKeys.object("node", nodeId) }),
        ]),
        // An edited link may have left a node it joined before.
        linkId ? queryClient.invalidateQueries({ queryKey: [...nodeKeys.all, "node"] }) : undefined,
        queryClient.invalidateQueries({ queryKey: linkKeys.all }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]),
  });
}
