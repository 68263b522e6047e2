import { NodeConfiguration } from "@/components/nodes/node-configuration";
import { customerOrganizationsQueryOptions } from "@/lib/organizations/queries";
import { connectedSitesQueryOptions } from "@/lib/telemetry/queries";
import { consolePage } from "@/server/pages/console-page";
import type { NodePattern } from "./patterns";

/** …/configuration — properties, ports with the customers and sites they serve, internal links. */
export const nodeConfigurationPage = (pattern: NodePattern) =>
  consolePage(pattern, async ({ organization, params, prefetch }) => {
    const { nodeId } = params as { nodeId: string };
    await prefetch(customerOrganizationsQueryOptions(organization.id), connectedSitesQueryOptions(nodeId));
    return <NodeConfiguration nodeId={nodeId} />;
  });
