import { NodeOverview } from "@/components/nodes/node-overview";
import { connectedSitesQueryOptions, nodeDeviceQueryOptions } from "@/lib/telemetry/queries";
import { eventsQueryOptions } from "@/lib/events/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { consolePage } from "@/server/pages/console-page";
import type { NodePattern } from "./patterns";

/** The node's own URL: its overview — what it is, its device, health and open alarms, events, whom it serves. */
export const nodeOverviewPage = (pattern: NodePattern) =>
  consolePage(pattern, async ({ organization, home, params, prefetch }) => {
    const { nodeId } = params as { nodeId: string };
    await prefetch(
      nodeDeviceQueryOptions(nodeId),
      connectedSitesQueryOptions(nodeId),
      eventsQueryOptions({ nodeId }, consoleOrganizationFilter(organization.id, home.id)),
    );
    return <NodeOverview nodeId={nodeId} />;
  });
