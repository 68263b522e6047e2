import type { AreaRealtime } from "@/lib/realtime-registry";
import { apiTokenKeys } from "./queries";

// Users → API tokens over /ws: a token's news (created, revoked, used from a new address) is an event; it refetches
// the token lists held (the news does not say whose list shows it).

export const apiTokensRealtime: AreaRealtime = {
  events: {
    queries: [{ queryKey: apiTokenKeys.all }],
    on: {
      created: ({ data: { entityType } }) => (entityType === "apiToken" ? [{ queryKey: apiTokenKeys.all }] : []),
    },
  },
};
