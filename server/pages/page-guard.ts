import "server-only";
import type { OrganizationType } from "@/lib/constants";
import { guardConsoleRoute, homeRoute, indexRedirect, matchConsoleRoute, organizationPath, parseOrganizationPath } from "@/lib/routes";
import type { Principal } from "@/server/auth/principal";
import { resolveSession } from "@/server/auth/sessions";
import { listVisibleOrganizations } from "@/server/core/tenancy";
import type { Db } from "@/server/db/client";

/** What the proxy does with a page request: let it render, or redirect (307) before a byte of the page is sent. */
export type PageGuard = { action: "render" } | { action: "redirect"; location: string };

interface Visible {
  id: string;
  organizationType: OrganizationType;
}

/** A signed-in user as the guards see them: who acts, with which scopes, and the organizations they may see. */
export interface GuardedUser {
  principal: Pick<Principal, "organizationId" | "scopes">;
  organizations: readonly Visible[];
}

const render: PageGuard = { action: "render" };
const redirect = (location: string): PageGuard => ({ action: "redirect", location });
const toSignIn = (pathname: string, search: string) => redirect(pathname === "/" ? "/login" : `/login?next=${encodeURIComponent(pathname + search)}`);

/**
 * The SPEC §6 guards of a page request, decided before the page starts. `user` is null for a visitor without a live
 * session, undefined while the process has not opened its database (then only what needs no session is judged).
 * - signed out, or a session that ended: sign-in, with the page to come back to;
 * - an unknown console route, an organization the user may not see (or that does not exist), a type the route does
 *   not allow, a missing scope: silently to /;
 * - an index route that only chooses a tab: that tab (search parameters kept); / : the user's home.
 */
export function decidePage(user: GuardedUser | null | undefined, hasToken: boolean, pathname: string, search: string): PageGuard {
  const target = parseOrganizationPath(pathname);
  if (pathname !== "/" && !target) return render;
  if (!hasToken || user === null) return toSignIn(pathname, search);
  const match = target ? matchConsoleRoute(target.rest) : null;
  if (target && !match) return redirect("/");
  if (!user) return render;
  if (!target || !match) {
    // /: the user's own organization's home; without one, the page says why (SPEC §4 bootstrap).
    const home = user.organizations.find((organization) => organization.id === user.principal.organizationId);
    return home ? redirect(organizationPath(home.id, homeRoute(home.organizationType))) : render;
  }
  const organization = guardConsoleRoute(user.organizations, target.organizationId, match.route, user.principal.scopes);
  if (!organization) return redirect("/");
  const index = indexRedirect(match, organization, search);
  return index ? redirect(index) : render;
}

/**
 * The proxy's first line of the guards (the page wrapper, server/pages/console-page.tsx, judges again). The session
 * and the visible organizations come through the process's caches (server/auth/session-cache.ts, the read cache of
 * server/db/read-cache.ts) that the page and the API read too, so the guard costs a page no query of its own.
 */
export async function guardPage(db: Db | undefined, token: string | undefined, pathname: string, search: string): Promise<PageGuard> {
  const consolePath = pathname === "/" || parseOrganizationPath(pathname) !== null;
  if (!token || !db || !consolePath) return decidePage(undefined, Boolean(token), pathname, search);
  const principal = await resolveSession(db, token);
  const user = principal ? { principal, organizations: await listVisibleOrganizations(db, principal) } : null;
  return decidePage(user, true, pathname, search);
}
