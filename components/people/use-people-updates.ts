"use client";

import { useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { peopleRefetches } from "@/lib/people/realtime";

/**
 * Keeps the Users and Invitations lists current over /ws: each committed change is news on the events service; a
 * user's or an invitation's (invited, resent, revoked, accepted, role changed, removed) refetches that list.
 */
export function usePeopleUpdates(organizationId: string): void {
  useRealtimeRefetch("events", (event) => peopleRefetches(event, organizationId));
}
