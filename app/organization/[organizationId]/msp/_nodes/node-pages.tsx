import { NodeConfiguration } from "@/components/nodes/node-configuration";
import { NodeLayout } from "@/components/nodes/node-layout";
import { NodeLinkPage } from "@/components/nodes/node-link-page";
import { NodeMonitor } from "@/components/nodes/node-monitor";
import { NodeOverview } from "@/components/nodes/node-overview";
import { NodesPage } from "@/components/nodes/nodes-page";
import type { ListedKind } from "@/components/nodes/node-links";
import { nodeQueryOptions, nodesQueryOptions, nodeStatusQueryOptions } from "@/lib/nodes/queries";
import type { NodeKind } from "@/lib/nodes/schema";
import { customerOrganizationsQueryOptions } from "@/lib/organizations/queries";
import { connectedSitesQueryOptions, linkHealthQueryOptions, nodeDeviceQueryOptions, nodePortsQueryOptions } from "@/lib/telemetry/queries";
import { chartsSince } from "@/server/pages/dashboard-prefetch";
import { eventsQueryOptions } from "@/lib/events/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { consolePage } from "@/server/pages/console-page";

// The node pages of SPEC §2, shared by edge nodes (msp/edgeNode), CPE nodes (msp/cpeNode) and core nodes
// (msp/coreFabric/{fabricId}/coreNode): each route's page.tsx names its pattern and kind, these build it.

type NodePattern = `msp/${"edgeNode" | "cpeNode"}/:nodeId${string}` | `msp/coreFabric/:fabricId/coreNode/:nodeId${string}`;

/** msp/edgeNode, msp/cpeNode — the first page of the MSP's nodes of a kind, prefetched. */
export const nodeListPage = (pattern: "msp/edgeNode" | "msp/cpeNode", kind: ListedKind) =>
  consolePage(pattern, async ({ organization, prefetch }) => {
    await prefetch(nodesQueryOptions(organization.id, kind));
    return <NodesPage kind={kind} />;
  });

/** The node layout: the node (not found when another MSP's, or of another kind) and its status. */
export const nodeLayout = (pattern: NodePattern, kind: NodeKind) =>
  consolePage(pattern, async ({ params, require, prefetch, children }) => {
    const { nodeId, fabricId } = params as { nodeId: string; fabricId?: string };
    await require(nodeQueryOptions(nodeId));
    await prefetch(nodeStatusQueryOptions(nodeId));
    return (
      <NodeLayout nodeId={nodeId} kind={kind} fabricId={fabricId}>
        {children}
      </NodeLayout>
    );
  });

/** …/configuration — properties, ports with the customers and sites they serve, internal links. */
export const nodeConfigurationPage = (pattern: NodePattern) =>
  consolePage(pattern, async ({ organization, params, prefetch }) => {
    const { nodeId } = params as { nodeId: string };
    await prefetch(customerOrganizationsQueryOptions(organization.id), connectedSitesQueryOptions(nodeId));
    return <NodeConfiguration nodeId={nodeId} />;
  });

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

/** msp/{edgeNode|cpeNode}/{nodeId}/link — the node's links with their state and health (core nodes have none here). */
export const nodeLinkPage = (pattern: `msp/${"edgeNode" | "cpeNode"}/:nodeId/link`) =>
  consolePage(pattern, async ({ params, prefetch }) => {
    await prefetch(linkHealthQueryOptions("node", params.nodeId));
    return <NodeLinkPage nodeId={params.nodeId} />;
  });
