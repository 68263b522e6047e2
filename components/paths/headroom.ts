import { pathBandwidthIssue, type Path, type VlanType } from "@/lib/paths/schema";
import { messageWithValues } from "@/lib/validation/messages";

// What the server checks when a path is written (bandwidth within both connectors, the connectors' headroom, VLANs),
// computed in the browser from the connectors and the paths already on them, so the form says it before submit.

export interface ConnectorCapacity {
  id: string;
  name: string;
  /** Mbps. */
  bandwidth: number;
}

type PathOnConnector = Pick<Path, "id" | "name" | "sourceConnectorId" | "destinationConnectorId" | "bandwidth" | "vlanType" | "vlanId">;

export interface ConnectorLoad {
  connector: ConnectorCapacity;
  /** The other paths over the connector, by name. */
  paths: PathOnConnector[];
  /** Mbps the other paths take. */
  used: number;
  /** Mbps left for this path (never below 0). */
  free: number;
}

const byName = (a: PathOnConnector, b: PathOnConnector) => (a.name === b.name ? a.id.localeCompare(b.id) : a.name < b.name ? -1 : 1);

/** The load on a connector from the given paths, leaving out the path being edited. Paths listed twice count once. */
export function connectorLoad(connector: ConnectorCapacity, paths: readonly PathOnConnector[], selfId?: string): ConnectorLoad {
  const seen = new Set<string>();
  const onConnector: PathOnConnector[] = [];
  for (const path of paths) {
    if (path.id === selfId || seen.has(path.id)) continue;
    if (path.sourceConnectorId !== connector.id && path.destinationConnectorId !== connector.id) continue;
    seen.add(path.id);
    onConnector.push(path);
  }
  onConnector.sort(byName);
  const used = onConnector.reduce((sum, path) => sum + path.bandwidth, 0);
  return { connector, paths: onConnector, used, free: Math.max(0, connector.bandwidth - used) };
}

/** The most a path between two connectors may use: SPEC §5's maximum (the smaller connector) and what is free. */
export function pathBandwidthLimit(source: ConnectorLoad, destination: ConnectorLoad): { max: number; available: number } {
  return {
    max: Math.min(source.connector.bandwidth, destination.connector.bandwidth),
    available: Math.min(source.free, destination.free),
  };
}

export interface PathPlan {
  bandwidth: number;
  vlanType: VlanType;
  vlanId?: number | null;
}

/** Catalogue messages by field, the ones the API would answer for this path on these two connectors. */
export type PlanIssues = Partial<Record<"bandwidth" | "vlanType" | "vlanId", string>>;

export function pathPlanIssues(plan: PathPlan, source: ConnectorLoad, destination: ConnectorLoad): PlanIssues {
  const issues: PlanIssues = {};
  const bandwidthIssue = pathBandwidthIssue(plan.bandwidth, source.connector.bandwidth, destination.connector.bandwidth);
  if (bandwidthIssue) {
    issues.bandwidth = bandwidthIssue;
  } else {
    for (const load of [source, destination]) {
      if (load.used + plan.bandwidth > load.connector.bandwidth) {
        issues.bandwidth = messageWithValues("apiErrors.connectorHeadroom", {
          connector: load.connector.name,
          available: load.free,
          bandwidth: load.connector.bandwidth,
          used: load.used,
        });
        break;
      }
    }
  }
  const vlanId = plan.vlanType === "specific" ? (plan.vlanId ?? null) : null;
  if (plan.vlanType === "specific" && vlanId === null) return issues;
  for (const load of [source, destination]) {
    // A Specific path clashes with an All path or one on its VLAN; an All path clashes with any path.
    const clash = load.paths.find((path) => vlanId === null || path.vlanType === "all" || path.vlanId === vlanId);
    if (!clash) continue;
    if (plan.vlanType === "all" || clash.vlanType === "all") {
      issues[plan.vlanType === "all" ? "vlanType" : "vlanId"] = messageWithValues("apiErrors.vlanAllConflict", {
        connector: load.connector.name,
        path: clash.name,
      });
    } else {
      issues.vlanId = messageWithValues("apiErrors.vlanConflict", { vlan: vlanId ?? "", connector: load.connector.name, path: clash.name });
    }
    break;
  }
  return issues;
}
