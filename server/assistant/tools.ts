import "server-only";
import { tool } from "ai";
import {
  explainPathSlaInputSchema,
  explainPathSlaOutputSchema,
  guidePathCreationInputSchema,
  guidePathCreationOutputSchema,
  guideSiteCreationInputSchema,
  guideSiteCreationOutputSchema,
  listOpenAlarmsInputSchema,
  listOpenAlarmsOutputSchema,
  listSitesInputSchema,
  listSitesOutputSchema,
  recentEventsInputSchema,
  recentEventsOutputSchema,
  type AssistantToolName,
} from "@/lib/assistant/tools";
import type { AssistantRequest } from "./run";
import { guidePathCreation, guideSiteCreation } from "./tools/guides";
import { listOpenAlarms, recentEvents } from "./tools/operations";
import { explainPathSla } from "./tools/path-sla";
import { runTool, toolEnvironment, type ToolEnvironment } from "./tools/shared";
import { listSites } from "./tools/sites";

// The assistant's tools for one request. Each acts through the console's services with the caller's own principal,
// on the chat's organization; they read and guide, and change nothing. The descriptions are for the model.

export function assistantTools(
  request: Pick<AssistantRequest, "context" | "organizationId" | "locale">,
  environment: ToolEnvironment = toolEnvironment(request),
) {
  const run = <T>(name: AssistantToolName, work: () => Promise<T>) => runTool(environment, name, request.context.requestId, work);
  return {
    listSites: tool({
      description:
        "List the sites of the organization (name, type, location, active, connector and path counts, worst path SLA), the first 20 by name with the total. Optionally filter by part of the name.",
      inputSchema: listSitesInputSchema,
      outputSchema: listSitesOutputSchema,
      execute: (input) => run("listSites", () => listSites(environment, input)),
    }),
    explainPathSla: tool({
      description:
        "Explain a path's SLA: its state (healthy, warning, bad, unknown), the latest latency, jitter, loss and sample count, the thresholds, which metric crossed which threshold, and why an unknown SLA is unknown. Takes a path name or id, or two site names as 'A to B'. Answers candidates when the name is ambiguous or unknown.",
      inputSchema: explainPathSlaInputSchema,
      outputSchema: explainPathSlaOutputSchema,
      execute: (input) => run("explainPathSla", () => explainPathSla(environment, input)),
    }),
    listOpenAlarms: tool({
      description: "List the open, unacknowledged alarms of the organization, latest first (severity, message, object, time), with the total.",
      inputSchema: listOpenAlarmsInputSchema,
      outputSchema: listOpenAlarmsOutputSchema,
      execute: () => run("listOpenAlarms", () => listOpenAlarms(environment)),
    }),
    recentEvents: tool({
      description: "List the latest events of the organization (configuration changes, acknowledgements, lifecycle and inventory changes), newest first.",
      inputSchema: recentEventsInputSchema,
      outputSchema: recentEventsOutputSchema,
      execute: (input) => run("recentEvents", () => recentEvents(environment, input)),
    }),
    guideSiteCreation: tool({
      description:
        "Give the steps to create a site in the console (name, description, location from the search, type; cloud account and region for cloud types), whether the user may do it, and the link to the sites page. It creates nothing.",
      inputSchema: guideSiteCreationInputSchema,
      outputSchema: guideSiteCreationOutputSchema,
      execute: (input) => run("guideSiteCreation", () => guideSiteCreation(environment, input)),
    }),
    guidePathCreation: tool({
      description:
        "Give the steps to create a path between two sites (layer 2 or 3, connectors, VLAN type All or Specific, prefixes for layer 3, bandwidth), with the named sites resolved and their connectors, whether the user may do it, and the link to the page. It creates nothing.",
      inputSchema: guidePathCreationInputSchema,
      outputSchema: guidePathCreationOutputSchema,
      execute: (input) => run("guidePathCreation", () => guidePathCreation(environment, input)),
    }),
  };
}

export type AssistantToolSet = ReturnType<typeof assistantTools>;
