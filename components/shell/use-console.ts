"use client";

import { useQuery } from "@tanstack/react-query";
import { useParams } from "next/navigation";
import { organizationsQueryOptions } from "@/lib/organizations/queries";
import type { Organization } from "@/lib/organizations/schema";
import { safeDecode } from "@/lib/request-target";
import { currentUserQueryOptions } from "@/lib/users/queries";
import type { CurrentUser } from "@/lib/users/schema";

/** The organization in the URL, the user, and the organizations they may see (hydrated by the server layout). */
export function useConsole(): { organization: Organization; organizations: Organization[]; user: CurrentUser } {
  const { organizationId } = useParams<{ organizationId: string }>();
  const organizations = useQuery(organizationsQueryOptions()).data ?? [];
  const user = useQuery(currentUserQueryOptions()).data;
  const id = safeDecode(organizationId);
  const organization = organizations.find((org) => org.id === id);
  if (!organization || !user) throw new Error("The console context is missing: the layout did not prefetch it");
  return { organization, organizations, user };
}

export function useCan(scope: CurrentUser["scopes"][number]): boolean {
  return useConsole().user.scopes.includes(scope);
}
