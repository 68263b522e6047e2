import { ENTITY_ACTIONS } from "@/lib/realtime-contract";
import { forget, holdingId, objectAndLists } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import { siteKeys } from "./queries";

// The sites on screen over /ws (topology news): a site's change refetches that site and the site lists; a connector's
// change, the lists that show its site (they count its connectors by kind).

const siteLists = [...siteKeys.all, "list"] as const;

export const sitesRealtime: AreaRealtime = {
  topology: {
    queries: [{ queryKey: siteKeys.all }],
    on: forActions("topology", ENTITY_ACTIONS, ({ action, data: { entityType, entityId, siteId } }, queryClient) => {
      if (entityType === "site") {
        if (action === "deleted") forget(queryClient, siteKeys.detail(entityId));
        return [objectAndLists(siteKeys.all, entityId)];
      }
      // News without its site (an older server's) cannot say which site's counts changed.
      if (entityType === "connector") return [siteId ? holdingId(siteLists, siteId) : { queryKey: siteLists }];
      return [];
    }),
  },
};
