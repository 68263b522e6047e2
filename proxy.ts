import { NextResponse, type NextRequest } from "next/server";
import { guardConsoleRoute, matchConsoleRoute, parseOrganizationPath } from "@/lib/routes";
import { readSessionToken, resolveSession } from "@/server/auth/sessions";
import { peekDatabase } from "@/server/db/client";
import { findVisibleOrganization } from "@/server/core/tenancy";

// First line of the SPEC §6 guards (pages check again on the server): signed-out visitors go to sign-in,
// unknown console routes and routes the organization type or the user's scopes do not allow go silently to /.
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const token = readSessionToken({ get: (name) => request.cookies.get(name)?.value });
  const organizationPath = parseOrganizationPath(pathname);
  const redirectTo = (path: string) => NextResponse.redirect(new URL(path, request.url));

  if (pathname === "/" || organizationPath) {
    if (!token) return redirectTo(pathname === "/" ? "/login" : `/login?next=${encodeURIComponent(pathname + search)}`);
  }
  if (!organizationPath) return NextResponse.next();

  const match = matchConsoleRoute(organizationPath.rest);
  if (!match) return redirectTo("/");
  const database = peekDatabase();
  if (database && (match.route.types || match.route.scopes?.length)) {
    const { db } = await database;
    const principal = await resolveSession(db, token);
    if (!principal) return redirectTo(`/login?next=${encodeURIComponent(pathname + search)}`);
    const organization = await findVisibleOrganization(db, principal, organizationPath.organizationId);
    if (!guardConsoleRoute(organization ? [organization] : [], organizationPath.organizationId, match.route, principal.scopes)) return redirectTo("/");
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api/|_next/|ws$|favicon.ico|logo.svg).*)"],
};
