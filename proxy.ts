import { NextResponse, type NextRequest } from "next/server";
import { readSessionToken } from "@/server/auth/sessions";
import { peekDatabase } from "@/server/db/client";
import { endSession } from "@/server/pages/end-session";
import { guardPage } from "@/server/pages/page-guard";
import { contentSecurityPolicy, NONCE_HEADER, newNonce, PAGE_HEADERS } from "@/server/pages/security-headers";

// Every page answer carries a Content-Security-Policy with a nonce of its own; Next finds it on the request and
// puts it on its scripts. The SPEC §6 guards answer here, before any of the page is rendered (server/pages/page-guard.ts).
export async function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(NONCE_HEADER, nonce);
  const { pathname, search } = request.nextUrl;
  const database = peekDatabase();
  const token = readSessionToken({ get: (name) => request.cookies.get(name)?.value });
  const guard = await guardPage(database && (await database).db, token, pathname, search);
  const response =
    guard.action === "redirect" ? NextResponse.redirect(new URL(guard.location, request.url)) : NextResponse.next({ request: { headers } });
  // Sign-out's landing page: here rather than in the page, because a server component cannot set a cookie.
  if (pathname === "/logout") await endSession(request, response);
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(PAGE_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/|catalogue/|ws$|favicon.ico|logo.svg).*)"],
};
