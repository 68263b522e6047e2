import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { eventKeys } from "@/lib/events/queries";
import { nodeKeys } from "@/lib/nodes/queries";
import { telemetryKeys } from "@/lib/telemetry/queries";
import type { Link, LinkCreate, LinkUpdate } from "./schema";

export const linkKeys = { all: ["links"] as const };

const segment = (id: string) => encodeURIComponent(id);

// POST /api/v1/config/msp/{mspId}/link, PATCH /api/v1/config/link/{linkId} — a link's ends are two nodes: both
// nodes' entries (their links, internal links and link health) and the link lists are refetched.
export function useSaveLink(mspId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, body }: { linkId?: string; body: LinkCreate | LinkUpdate }) =>
      linkId ? api.patch<Link>(`/config/link/${segment(linkId)}`, body) : api.post<Link>(`/config/msp/${segment(mspId)}/link`, body),
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
