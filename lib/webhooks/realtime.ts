import type { AreaRealtime } from "@/lib/realtime-registry";
import { webhookKeys } from "./queries";

// The webhooks page over /ws. An endpoint's change (added, edited, rotated, deleted, or disabled by the worker after
// a day of failures) is news on the events service, and refetches the endpoints lists. Any recorded change may have
// queued a delivery (server/core/webhook-outbox.ts), so it refetches the deliveries log on screen too; the log then
// polls while a delivery is pending (lib/webhooks/queries.ts), the worker's sends not being news.

const endpoints = [...webhookKeys.all, "endpoints"] as const;
const deliveries = [...webhookKeys.all, "deliveries"] as const;

export const webhooksRealtime: AreaRealtime = {
  events: {
    queries: [{ queryKey: endpoints }, { queryKey: deliveries }],
    on: {
      created: ({ data: { entityType } }) => (entityType === "webhookEndpoint" ? [{ queryKey: endpoints }, { queryKey: deliveries }] : [{ queryKey: deliveries }]),
    },
  },
};
