import type { QueryFilters } from "@tanstack/react-query";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import { peopleKeys } from "./queries";

/**
 * What an events message changes on the Users and Invitations tabs: a user's news refetches the users list, an
 * invitation's the invitations list (its acceptance adds a user too: that is news of its own). A resync refetches both.
 */
export function peopleRefetches(event: RealtimeEvent<"events">, organizationId: string): QueryFilters[] {
  if (event.action === RESYNC_ACTION) return [{ queryKey: peopleKeys.users(organizationId) }, { queryKey: peopleKeys.invitations(organizationId) }];
  if (event.data.entityType === "user") return [{ queryKey: peopleKeys.users(organizationId) }];
  if (event.data.entityType === "invitation") return [{ queryKey: peopleKeys.invitations(organizationId) }];
  return [];
}
