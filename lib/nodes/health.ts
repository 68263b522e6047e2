import type { HealthTone } from "@/lib/health";

// A node's health in one word, for the node lists, the node layout and the overview (STYLE: the console's shared
// status colours). It reads the node's device and what its ports and links last reported.

export interface NodeCondition {
  /** Whether a device is assigned to the node at all. */
  hasDevice: boolean;
  /** The device reported within the silent threshold (and the sweep has not called it silent). */
  reachable: boolean;
  /** Ports last reported down. */
  portsDown: number;
  /** Links with an end that reports them down. */
  linksDown: number;
}

/**
 * No device: unknown (nothing can report). A silent device: bad (nothing it carries can be vouched for). A port or a
 * link down: warning. Otherwise healthy.
 */
export function classifyNodeHealth(condition: NodeCondition): HealthTone {
  if (!condition.hasDevice) return "unknown";
  if (!condition.reachable) return "bad";
  if (condition.portsDown > 0 || condition.linksDown > 0) return "warning";
  return "healthy";
}
