import { NextResponse, type NextRequest } from "next/server";
import { matchConsoleRoute, parseOrganizationPath } from "@/lib/routes";
import { readSessionToken, resolveSession } from "@/server/auth/sessions";
import { peekDatabase } from "@/server/db/client";
import { endSession } from "@/server/pages/end-session";
import { contentSecurityPolicy, NONCE_HEADER, newNonce, PAGE_HEADERS } from "@/server/pages/security-headers";

// Every page answer carries a Content-Security-Policy with a nonce of its own; Next finds it on the request and
// puts it on its scripts.
export async function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(NONCE_HEADER, nonce);
  const response = await guard(request, () => NextResponse.next({ request: { headers } }));
  // Sign-out's landing page: here rather than in the page, because a server component cannot set a cookie.
  if (request.nextUrl.pathname === "/logout") await endSession(request, response);
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(PAGE_HEADERS)) response.headers.set(name, value);
  return response;
}

// First line of the SPEC §6 guards: signed-out visitors and ended sessions go to sign-in (with the page to come back
// to), unknown console routes silently to /. The organization in the URL — whether the user may see it, its type,
// the user's scopes — is the page wrapper's to judge (server/pages/console-page.tsx), with the organizations it reads
// anyway: judged here too, it cost every page a query of its own before it could start.
async function guard(request: NextRequest, render: () => NextResponse): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const token = readSessionToken({ get: (name) => request.cookies.get(name)?.value });
  const organizationPath = parseOrganizationPath(pathname);
  const redirectTo = (path: string) => NextResponse.redirect(new URL(path, request.url));

  if (pathname === "/" || organizationPath) {
    if (!token) return redirectTo(pathname === "/" ? "/login" : `/login?next=${encodeURIComponent(pathname + search)}`);
  }
  if (!organizationPath) return render();

  const match = matchConsoleRoute(organizationPath.rest);
  if (!match) return redirectTo("/");
  const database = peekDatabase();
  if (database && !(await resolveSession((await database).db, token))) return redirectTo(`/login?next=${encodeURIComponent(pathname + search)}`);
  return render();
}

export const config = {
  matcher: ["/((?!api/|_next/|catalogue/|ws$|favicon.ico|logo.svg).*)"],
};
