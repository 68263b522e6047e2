import { NodeMonitor } from "@/components/nodes/node-monitor";
import { customerOrganizationsQueryOptions } from "@/lib/organizations/queries";
import { connectedSitesQueryOptions, nodeDeviceQueryOptions, nodePortsQueryOptions } from "@/lib/telemetry/queries";
import { chartsSince } from "@/server/pages/dashboard-prefetch";
import { consolePage } from "@/server/pages/console-page";
import type { NodePattern } from "./patterns";

/** …/monitor — the front panel, a port's RX/TX, the device's uptime and version, the connected sites. */
export const nodeMonitorPage = (pattern: NodePattern) =>
  consolePage(pattern, async ({ organization, params, prefetch }) => {
    const { nodeId } = params as { nodeId: string };
    await prefetch(
      nodePortsQueryOptions(nodeId),
      nodeDeviceQueryOptions(nodeId),
      connectedSitesQueryOptions(nodeId),
      customerOrganizationsQueryOptions(organization.id),
    );
    return <NodeMonitor nodeId={nodeId} since={chartsSince()} />;
  });
