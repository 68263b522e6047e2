import "server-only";
import type { LinkDownRequest, LinkDownResult } from "@/lib/links/schema";
import { NotFoundError } from "@/server/core/errors";
import { currentFaultControl } from "@/server/core/fault-control";
import type { ServiceContext } from "@/server/core/service-context";
import { getLink } from "./links";

// POST /api/v1/simulator/link/{linkId}/down — answered only for a link the caller may see (the route asks for the
// write scope) and when the entry wired a fault control; anywhere else like a missing link.
export async function playLinkDown(context: ServiceContext, linkId: string, request: LinkDownRequest): Promise<LinkDownResult> {
  const link = await getLink(context, linkId);
  const control = currentFaultControl();
  if (!link || !control) throw new NotFoundError();
  const durationMs = request.durationSeconds * 1000;
  control.forceLinkDown(link.id, durationMs);
  return { linkId: link.id, downUntil: new Date(Date.now() + durationMs).toISOString() };
}
