import type { QueryFilters, QueryKey } from "@tanstack/react-query";
import { updateCached } from "@/lib/realtime-cache";
import type { AreaRealtime } from "@/lib/realtime-registry";
import { telemetryKeys, type TelemetryObject } from "./queries";
import type { PathPerformance } from "./schema";

// The charts and health lists over /ws. New samples refetch the telemetry of the objects they name and of the
// organization they were published for (coalesced: at most one refetch a chart every few seconds); a path's new SLA
// is written into its "SLA now" at once, and only the lists of paths by health are refetched.

/** The telemetry queries of one view (`telemetry/<kind>/<id>/<view>`). */
const view = (name: string): QueryFilters => ({ queryKey: telemetryKeys.all, predicate: ({ queryKey }) => queryKey[3] === name });
const pathHealth = view("path-health");
const performance = (pathId: string): QueryKey => [...telemetryKeys.object("path", pathId), "performance"];

export const telemetryRealtime: AreaRealtime = {
  telemetry: {
    queries: [{ queryKey: telemetryKeys.all }],
    on: {
      samples: ({ data }) => {
        if (data.truncated) return [{ queryKey: telemetryKeys.all }];
        const { organizationId, siteIds = [], connectorIds = [], pathIds = [], nodeIds = [] } = data;
        const objects: [TelemetryObject, string[]][] = [
          ["organization", [organizationId]],
          ["site", siteIds],
          ["connector", connectorIds],
          ["path", pathIds],
          ["node", nodeIds],
        ];
        return objects.flatMap(([kind, ids]) => ids.map((id) => ({ queryKey: telemetryKeys.object(kind, id) })));
      },
    },
  },
  topology: {
    queries: [pathHealth, view("performance")],
    on: {
      health: ({ data }, queryClient) => {
        if (data.truncated) return [pathHealth];
        const paths = data.paths ?? [];
        for (const { id, slaHealth } of paths) {
          updateCached<PathPerformance>(
            queryClient,
            performance(id),
            (chart) => (chart.current && chart.current.sla !== slaHealth ? { ...chart, current: { ...chart.current, sla: slaHealth } } : chart),
            true,
          );
        }
        // The lists sort paths worst first: only the server knows where a path now stands.
        return paths.length > 0 ? [pathHealth] : [];
      },
    },
  },
};
