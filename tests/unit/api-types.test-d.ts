// A typecheck fixture, never run: `npm run typecheck` (tsc over the project) compiles it, and each
// `@ts-expect-error` below fails the typecheck when the error it expects stops happening — so a call naming a route,
// a parameter, a body field or an answer field the API's OpenAPI document does not have does not compile.
import { api, apiUrl } from "@/lib/api/client";

export async function routesOfTheDocument(signal: AbortSignal) {
  const site = await api.get("/api/v1/config/site/{siteId}", { params: { path: { siteId: "s1" } }, signal });
  const name: string = site.name;

  // @ts-expect-error a route the document does not have
  await api.get("/api/v1/config/sites/{siteId}", { params: { path: { siteId: "s1" } } });
  // @ts-expect-error a URL built by hand is not a route template
  await api.get(`/api/v1/config/site/${encodeURIComponent("s1")}`, { signal });
  // @ts-expect-error a method the route does not answer
  await api.put("/api/v1/config/site/{siteId}", { params: { path: { siteId: "s1" } }, body: {} });

  // @ts-expect-error a field the answer does not have
  void site.siteName;

  // @ts-expect-error the route's path parameter is missing
  await api.get("/api/v1/config/site/{siteId}", { signal });
  // @ts-expect-error a path parameter the route does not have
  await api.get("/api/v1/config/site/{siteId}", { params: { path: { id: "s1" } } });
  // @ts-expect-error a query parameter the route does not have
  await api.get("/api/v1/alarm", { params: { query: { severityLevel: "major" } } });
  // @ts-expect-error a query parameter of the wrong type
  await api.get("/api/v1/alarm", { params: { query: { limit: "ten" } } });

  // @ts-expect-error a body field the route's schema does not have
  await api.patch("/api/v1/config/site/{siteId}", { params: { path: { siteId: "s1" } }, body: { title: "New" } });
  // @ts-expect-error a body the route requires is missing
  await api.post("/api/v1/support/ticket");
  // @ts-expect-error a route that takes no body
  await api.post("/api/v1/auth/logout", { body: { everywhere: true } });

  const deleted = await api.delete("/api/v1/config/site/{siteId}", { params: { path: { siteId: "s1" } } });
  // @ts-expect-error a deletion answers 204, no body
  void deleted.id;

  // @ts-expect-error apiUrl checks its route and parameters as the calls do
  apiUrl("post", "/api/v1/chat/{chatId}/message", { path: { id: "c1" } });

  return name;
}
