import "server-only";
import { CLIENT_ADDRESS_HEADER } from "@/server/core/client-address";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { API_TIMEOUT_MS } from "@/lib/constants";
import { setServerTransport } from "@/lib/api/client";
import { forward } from "@/server/api/forward";
import { getPrincipal } from "@/server/pages/session";

// Where a server page's queries go: the same /api/v1 entry as the browser's, in-process, as the signed-in user of
// this request and in their language. So the server prefetches with the very query options its components read.
// An entry-level wiring (the root layout imports it, so every page render has it): the pages themselves never import
// the HTTP layer.
const INTERNAL_ORIGIN = "http://console.internal";

setServerTransport(async (url, init) => {
  const [incoming, principal, locale] = await Promise.all([headers(), getPrincipal(), getLocale()]);
  const request = new Request(new URL(url, INTERNAL_ORIGIN), init);
  request.headers.set("accept-language", locale);
  for (const name of ["cookie", CLIENT_ADDRESS_HEADER, "user-agent"]) {
    const value = incoming.get(name);
    if (value) request.headers.set(name, value);
  }
  const upstream = process.env.UPSTREAM_API_URL;
  // Forwarded to a separate control plane, the cookie says who calls; in-process, the resolved principal does.
  return forward(request, { upstream, timeoutMs: API_TIMEOUT_MS, principal: upstream ? undefined : principal });
});
