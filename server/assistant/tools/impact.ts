import "server-only";
import type { z } from "zod";
import { ASSISTANT_LIST_MAX } from "@/lib/assistant/tools";
import type { blastRadiusInputSchema, blastRadiusOutputSchema } from "@/lib/assistant/tool-schemas";
import { nodeBlastRadius } from "@/server/topology/blast-radius";
import { resolveNode } from "../resolve";
import { consoleLink } from "../scope";
import { unresolvedOutput } from "./live";
import type { ToolEnvironment } from "./shared";

// blastRadius — "if nw-core-fra dies, who gets hit?": the customers and paths whose route crosses the node, as the
// topology page's blast radius lists them (the MSP's routes, each path's SLA now). A node out of the caller's sight
// answers like a missing one.

type Out<T extends z.ZodType> = z.infer<T>;

export async function blastRadius(environment: ToolEnvironment, input: Out<typeof blastRadiusInputSchema>): Promise<Out<typeof blastRadiusOutputSchema>> {
  const scope = await environment.scope();
  const resolution = await resolveNode(scope, input.node);
  if (resolution.status !== "found") return unresolvedOutput(resolution, input.node, (node) => node.serialNumber);
  const node = resolution.item;
  const radius = await nodeBlastRadius(scope.context, node.id);
  return {
    status: "found",
    node: { name: node.name, kind: node.kind },
    customers: radius.customers.map((customer) => ({ name: customer.name, pathCount: customer.pathCount, worstSla: customer.worstSla })),
    paths: radius.paths.slice(0, ASSISTANT_LIST_MAX).map((path) => ({ name: path.name, organizationName: path.organizationName, sla: path.sla })),
    pathCount: radius.pathCount,
    links: consoleLink(scope, environment.t("assistant.links.topology"), "msp/topology"),
  };
}
