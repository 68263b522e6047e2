import type { Path, VlanType } from "@/lib/paths/schema";
import { pathBandwidthIssue } from "./bandwidth";
import { decodeMessage, messageWithValues, type MessageValues } from "@/lib/validation/messages";

// SPEC §5, the rules of a path on its two connectors, once: the bandwidth within both connectors, the headroom (all
// paths on a connector together never exceed it) and VLANs (two Specific paths never share a VLAN on a connector; a
// VLAN All path shares its connectors with no other path). The form says them before submit from the connectors'
// paths it has loaded; the service enforces them from the paths it reads under the connectors' locks.

export interface ConnectorCapacity {
  id: string;
  name: string;
  /** Mbps. */
  bandwidth: number;
}

export type PathOnConnector = Pick<Path, "id" | "name" | "sourceConnectorId" | "destinationConnectorId" | "bandwidth" | "vlanType" | "vlanId">;

export interface ConnectorLoad {
  connector: ConnectorCapacity;
  /**
   * The other paths over the connector, by name: all of them from connectorLoad, only the first the plan clashes with
   * from summedConnectorLoad (what pathPlanIssueList reads either way).
   */
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
  return summedConnectorLoad(connector, onConnector.reduce((sum, path) => sum + path.bandwidth, 0), onConnector);
}

/**
 * The load on a connector as the database sums it: the Mbps all its other paths take, and only those of them a plan
 * could clash with, by name (what pathPlanIssueList reads), so a connector's thousand VLANs are never read to add one.
 */
export function summedConnectorLoad(connector: ConnectorCapacity, used: number, clashing: PathOnConnector[]): ConnectorLoad {
  return { connector, paths: clashing, used, free: Math.max(0, connector.bandwidth - used) };
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

export interface PlanIssue {
  field: "bandwidth" | "vlanType" | "vlanId";
  key: string;
  values?: MessageValues;
  /** The plan clashes with the paths already on a connector (the API answers 409), rather than being out of range (400). */
  conflict: boolean;
}

/** What is wrong with a path on these two connectors, in the order the API checks it: bandwidth, headroom, VLANs. */
export function pathPlanIssueList(plan: PathPlan, source: ConnectorLoad, destination: ConnectorLoad): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const bandwidthIssue = pathBandwidthIssue(plan.bandwidth, source.connector.bandwidth, destination.connector.bandwidth);
  const full = [source, destination].find((load) => load.used + plan.bandwidth > load.connector.bandwidth);
  if (bandwidthIssue) {
    issues.push({ field: "bandwidth", ...decodeMessage(bandwidthIssue), conflict: false });
  } else if (full) {
    const { connector, used, free } = full;
    const values = { connector: connector.name, available: free, bandwidth: connector.bandwidth, used };
    issues.push({ field: "bandwidth", key: "apiErrors.connectorHeadroom", values, conflict: true });
  }
  const vlanId = plan.vlanType === "specific" ? (plan.vlanId ?? null) : null;
  if (plan.vlanType === "specific" && vlanId === null) return issues;
  for (const load of [source, destination]) {
    // A Specific path clashes with an All path or one on its VLAN; an All path clashes with any path.
    const clash = load.paths.find((path) => vlanId === null || path.vlanType === "all" || path.vlanId === vlanId);
    if (!clash) continue;
    const connector = load.connector.name;
    if (plan.vlanType === "all" || clash.vlanType === "all") {
      const field = plan.vlanType === "all" ? "vlanType" : "vlanId";
      issues.push({ field, key: "apiErrors.vlanAllConflict", values: { connector, path: clash.name }, conflict: true });
    } else {
      issues.push({ field: "vlanId", key: "apiErrors.vlanConflict", values: { vlan: vlanId ?? "", connector, path: clash.name }, conflict: true });
    }
    break;
  }
  return issues;
}

/** Catalogue messages by field, the ones the API would answer for this path on these two connectors. */
export type PlanIssues = Partial<Record<PlanIssue["field"], string>>;

export function pathPlanIssues(plan: PathPlan, source: ConnectorLoad, destination: ConnectorLoad): PlanIssues {
  const issues: PlanIssues = {};
  for (const { field, key, values } of pathPlanIssueList(plan, source, destination)) {
    issues[field] ??= values ? messageWithValues(key, values) : key;
  }
  return issues;
}
