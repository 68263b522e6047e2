import type { QueryFilters } from "@tanstack/react-query";
import { dashboardKeys } from "@/lib/dashboard/queries";
import { mspKeys } from "@/lib/msps/queries";
import type { AreaRealtime } from "@/lib/realtime-registry";

// The organization lists over /ws (events news): an MSP's customers with their active and inactive sites, the
// operator's MSPs with their customers and attachments (their customers' sites). Refetched when what they count
// changes: an organization or a site created, changed or deleted. The news names neither the MSP nor the
// organization a site belongs to, so every such list may hold it.

const COUNTED = new Set(["organization", "site"]);
const LISTS: QueryFilters[] = [{ queryKey: dashboardKeys.allCustomerSummaries }, { queryKey: mspKeys.all }];

export const organizationsRealtime: AreaRealtime = {
  events: {
    queries: LISTS,
    on: { created: ({ data }) => (COUNTED.has(data.entityType) ? LISTS : []) },
  },
};
