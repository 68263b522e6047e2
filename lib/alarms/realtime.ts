import { ENTITY_ACTIONS, type EntityAction } from "@/lib/realtime-contract";
import { cacheHolds } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import { alarmKeys, type AlarmViewQuery } from "./queries";

// The alarm lists over /ws (the alarms page, the dashboards' alarm cards). An alarm's news refetches the lists that
// show it, and the lists whose view it may have entered with this change: the news names the alarm, not its
// severity, type or organization, so a view is ruled out by what the change says of the alarm's state only.

/** The views an alarm may enter with each change. */
const ENTERS: Partial<Record<EntityAction, (view: AlarmViewQuery) => boolean>> = {
  // A new alarm is unacknowledged and active.
  raised: (view) => view.acknowledged !== "true" && view.state !== "cleared",
  created: (view) => view.acknowledged !== "true" && view.state !== "cleared",
  acknowledged: (view) => view.acknowledged !== "false",
  unacknowledged: (view) => view.acknowledged !== "true",
  cleared: (view) => view.state !== "active",
  // Its condition changed: a new severity may bring it into a view of that severity.
  updated: (view) => view.severity !== undefined,
};

export const alarmsRealtime: AreaRealtime = {
  alarms: {
    queries: [{ queryKey: alarmKeys.lists() }],
    on: forActions("alarms", ENTITY_ACTIONS, ({ action, data: { entityType, entityId } }) => {
      if (entityType !== "alarm") return [];
      const enters = ENTERS[action];
      return [
        {
          queryKey: alarmKeys.lists(),
          predicate: ({ queryKey, state }) =>
            cacheHolds<{ id: string }>(state.data, (alarm) => alarm.id === entityId) || Boolean(enters?.(queryKey[2] as AlarmViewQuery)),
        },
      ];
    }),
  },
};
