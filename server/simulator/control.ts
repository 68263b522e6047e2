import "server-only";
import { z } from "zod";
import type { ServiceContext } from "@/server/core/service-context";
import { NotFoundError } from "@/server/core/errors";
import { getLink } from "@/server/nodes/links";

// The fault control: the simulator's link-down fault played now, on a link an MSP chooses, so a demo (or an
// end-to-end journey) need not wait for the fault script's turn. Off unless the server runs with
// SIMULATOR_FAULT_CONTROL=on — set by the end-to-end server, never by a production start — and then answered only
// for a link the caller may configure; anywhere else it answers like a missing link (404).

/** How long a played link-down lasts, at most. */
export const FAULT_CONTROL_MAX_SECONDS = 600;

export const linkDownRequestSchema = z.strictObject({
  durationSeconds: z.coerce
    .number({ error: "validation.faultDuration" })
    .int("validation.faultDuration")
    .min(1, "validation.faultDuration")
    .max(FAULT_CONTROL_MAX_SECONDS, "validation.faultDuration")
    .default(120),
});
export type LinkDownRequest = z.infer<typeof linkDownRequestSchema>;

export const linkDownResultSchema = z.object({ linkId: z.string(), downUntil: z.string() });
export type LinkDownResult = z.infer<typeof linkDownResultSchema>;

interface Controllable {
  forceLinkDown(linkId: string, durationMs: number): void;
}

// One registry per process, whichever bundle asks (the server entry and the route handler are built apart).
const REGISTRY = Symbol.for("maia.simulator.faultControl");
const registry = globalThis as { [REGISTRY]?: Controllable };

export function faultControlEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return (env.SIMULATOR_FAULT_CONTROL ?? "").trim().toLowerCase() === "on";
}

/** Makes the running simulator reachable by the control; answers the release (on stop). */
export function registerFaultControl(simulator: Controllable): () => void {
  registry[REGISTRY] = simulator;
  return () => {
    if (registry[REGISTRY] === simulator) delete registry[REGISTRY];
  };
}

// POST /api/v1/simulator/link/{linkId}/down — the link's reporting device says it is down from its next round on.
export async function playLinkDown(context: ServiceContext, linkId: string, request: LinkDownRequest): Promise<LinkDownResult> {
  const link = await getLink(context, linkId);
  const simulator = registry[REGISTRY];
  if (!link || !simulator) throw new NotFoundError();
  const durationMs = request.durationSeconds * 1000;
  simulator.forceLinkDown(link.id, durationMs);
  return { linkId: link.id, downUntil: new Date(Date.now() + durationMs).toISOString() };
}
