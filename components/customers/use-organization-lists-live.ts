"use client";

import { useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { organizationListRefetches } from "@/lib/realtime-effects";

/** Keeps the organization lists live: an MSP's customers and their sites, the operator's MSPs and their counts. */
export function useOrganizationListsLive() {
  useRealtimeRefetch("events", organizationListRefetches);
}
