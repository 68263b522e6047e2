import type { AreaRealtime } from "@/lib/realtime-registry";
import { auditKeys } from "./queries";

// The audit log over /ws: a new event refetches the audit lists whose range is still open (the server decides whether
// it is a person's change of the console's, as it decides every filter).

export const auditRealtime: AreaRealtime = {
  events: {
    queries: [{ queryKey: auditKeys.lists() }],
    on: {
      created: () => [
        {
          queryKey: auditKeys.lists(),
          predicate: ({ queryKey }) => {
            const endTime = (queryKey[3] as Record<string, string> | undefined)?.endTime;
            return !endTime || Date.parse(endTime) >= Date.now();
          },
        },
      ],
    },
  },
};
