import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Organization } from "@/lib/organizations/schema";
import { homeRoute, organizationPath } from "@/lib/routes";
import type { CurrentUser } from "@/lib/users/schema";
import type { Principal } from "@/server/auth/principal";
import { readSessionToken, resolveSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { listOrganizations } from "@/server/organizations/service";
import { toCurrentUser } from "@/server/people/user-settings";

/** The signed-in principal of this request, from the session cookie (once per request). */
export const getPrincipal = cache(async (): Promise<Principal | null> => {
  const store = await cookies();
  return resolveSession(await getDb(), readSessionToken({ get: (name) => store.get(name)?.value }));
});

export interface ReadySession {
  principal: Principal;
  user: CurrentUser;
  organizations: Organization[];
  /** The user's own organization. */
  home: Organization;
}

export type Bootstrap = { status: "no-organizations" } | { status: "organization-not-found" } | ({ status: "ready" } & ReadySession);

/**
 * SPEC §4 session bootstrap: organizations and user fetched in parallel; fail when the user has no organization
 * or the list is empty; otherwise the user's own organization is found by id, or it fails.
 * Redirects to sign-in when there is no session.
 */
export const bootstrapSession = cache(async (): Promise<Bootstrap> => {
  const principal = await getPrincipal();
  if (!principal) redirect("/login");
  const db = await getDb();
  const [organizations, user] = await Promise.all([listOrganizations(db, principal), Promise.resolve(toCurrentUser(principal))]);
  if (!user.organizationId || organizations.length === 0) return { status: "no-organizations" };
  const home = organizations.find((org) => org.id === user.organizationId);
  if (!home) return { status: "organization-not-found" };
  return { status: "ready", principal, user, organizations, home };
});

export function homePath(organization: Organization): string {
  return organizationPath(organization.id, homeRoute(organization.organizationType));
}
