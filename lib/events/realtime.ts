import type { AreaRealtime } from "@/lib/realtime-registry";
import { eventKeys, eventMatchesSearch, type EventQuery } from "./queries";

// The events page over /ws: a new event refetches the lists whose view it belongs in — an open-ended time range,
// and the type and node searched for, if any.

export const eventsRealtime: AreaRealtime = {
  events: {
    queries: [{ queryKey: eventKeys.lists() }],
    on: {
      created: ({ data }) => [
        {
          queryKey: eventKeys.lists(),
          predicate: ({ queryKey }) => {
            const { endTime, type, nodeId } = (queryKey[2] ?? {}) as EventQuery;
            return eventMatchesSearch({ endTime: endTime ? new Date(endTime) : undefined, type, nodeId }, { ...data }, Date.now());
          },
        },
      ],
    },
  },
};
