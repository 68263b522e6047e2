import { ENTITY_ACTIONS } from "@/lib/realtime-contract";
import { forget } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import { connectorKeys } from "./queries";

// A site's connectors over /ws (topology news): refetched when the site or one of its connectors changes; dropped
// with a deleted site.

export const connectorsRealtime: AreaRealtime = {
  topology: {
    queries: [{ queryKey: connectorKeys.all }],
    on: forActions("topology", ENTITY_ACTIONS, ({ action, data: { entityType, entityId, siteId } }, queryClient) => {
      if (entityType === "site") return [action === "deleted" ? forget(queryClient, connectorKeys.site(entityId)) : { queryKey: connectorKeys.site(entityId) }];
      // News without its site (an older server's) cannot say which site's connectors changed.
      if (entityType === "connector") return [{ queryKey: siteId ? connectorKeys.site(siteId) : connectorKeys.all }];
      return [];
    }),
  },
};
