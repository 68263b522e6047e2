import type { AreaRealtime } from "@/lib/realtime-registry";
import { webhookKeys } from "./queries";

// The webhooks page over /ws: an endpoint's change (added, edited, rotated, deleted, or disabled by the worker after
// a day of failures) is news on the events service, and refetches the endpoints lists.

const endpoints = [...webhookKeys.all, "endpoints"] as const;

export const webhooksRealtime: AreaRealtime = {
  events: {
    queries: [{ queryKey: endpoints }],
    on: {
      created: ({ data: { entityType } }) => (entityType === "webhookEndpoint" ? [{ queryKey: endpoints }] : []),
    },
  },
};
