"use client";

import { useConsole } from "@/components/shell/use-console";

// What the dashboard routes' client entries share. Each level's entry is a module of its own, so that a route's
// first load carries its own dashboard only (npm run bench:bundle).

export interface CustomerProps {
  organizationId: string;
  organizationName: string;
  since: string;
}

export interface MspProps {
  mspId: string;
  customerId: string;
  since: string;
}

/** The customer's name, from the organizations the console loaded at its root. */
export function useCustomerName(customerId: string) {
  const { organizations } = useConsole();
  return organizations.find((organization) => organization.id === customerId)?.name ?? "";
}
