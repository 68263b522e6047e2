// SPEC §5: a path's bandwidth rule, without zod: the site configuration page reads it on first load; lib/paths/schema.ts
// checks a save with it.
import { messageWithValues } from "@/lib/validation/messages";

/**
 * SPEC §5: a path's bandwidth lies between 1 and the maximum, the smaller of its two connectors' bandwidths;
 * when that maximum is 1 the message says it must be 1. Null when the bandwidth is acceptable, else a catalogue
 * message (validation.pathBandwidthRange with {max}, or validation.pathBandwidthOne). The form uses it too.
 */
export function pathBandwidthIssue(bandwidthMbps: number, sourceConnectorMbps: number, destinationConnectorMbps: number): string | null {
  const max = Math.min(sourceConnectorMbps, destinationConnectorMbps);
  if (Number.isInteger(bandwidthMbps) && bandwidthMbps >= 1 && bandwidthMbps <= max) return null;
  return max <= 1 ? "validation.pathBandwidthOne" : messageWithValues("validation.pathBandwidthRange", { max });
}

