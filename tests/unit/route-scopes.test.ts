import { createRoute } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import type { Principal } from "@/server/auth/principal";
import { createApiApp, OPENAPI_DOCUMENT } from "@/server/api/app";
import { serviceContext } from "@/server/api/context";
import { errorResponse } from "@/server/api/error-response";
import { createRouter, jsonBody, route } from "@/server/api/openapi";

type Operation = { security?: Record<string, string[]>[]; "x-public"?: boolean; "x-required-scopes"?: unknown };

/** Every operation of the API's OpenAPI document, as "METHOD /path". */
function operations(): [string, Operation][] {
  const document = createApiApp().getOpenAPI31Document(OPENAPI_DOCUMENT);
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation]),
  );
}

const isScopeList = (value: unknown): value is Scope[] => Array.isArray(value) && value.every((scope) => (SCOPES as readonly string[]).includes(scope));

// The routes anyone may call: each checks what it needs itself (credentials, a device token, an invitation token).
const PUBLIC_ROUTES = [
  "GET /api/v1/health",
  "GET /api/v1/invitation/preview",
  "POST /api/v1/auth/login",
  "POST /api/v1/auth/login/code",
  "POST /api/v1/auth/logout",
  "POST /api/v1/invitation/accept",
  "POST /api/v1/telemetry/ingest",
];

describe("the API's route scopes", () => {
  const all = operations();

  it("are declared by every route that is not public, with known scopes, in the document's security", () => {
    expect(all.length).toBeGreaterThan(100);
    const undeclared = all.filter(([, operation]) => operation["x-public"] !== true && operation["x-required-scopes"] === undefined).map(([name]) => name);
    expect(undeclared).toEqual([]);
    for (const [name, operation] of all.filter(([, operation]) => operation["x-public"] !== true)) {
      const declared = operation["x-required-scopes"];
      const alternatives = isScopeList(declared) ? [declared] : Object.values(declared as Record<string, unknown>);
      expect(alternatives.every(isScopeList), name).toBe(true);
      // A session or an API token holding the scopes (issue 43).
      expect(operation.security, name).toEqual((alternatives as Scope[][]).flatMap((scopes) => [{ session: scopes }, { apiToken: scopes }]));
    }
  });

  it("leave public only the routes that authenticate their own way", () => {
    const open = all.filter(([, operation]) => operation["x-public"] === true).map(([name]) => name);
    expect(open.sort()).toEqual(PUBLIC_ROUTES);
    expect(all.find(([name]) => name === "POST /api/v1/telemetry/ingest")?.[1].security).toEqual([{ deviceToken: [] }]);
  });

  it("say what each kind of route needs", () => {
    const scopesOf = (name: string) => all.find(([operation]) => operation === name)?.[1]["x-required-scopes"];
    expect(scopesOf("PATCH /api/v1/config/site/{siteId}")).toEqual(["common:config:write"]);
    expect(scopesOf("GET /api/v1/telemetry/site/{siteId}/bandwidth")).toEqual(["common:config:read"]);
    expect(scopesOf("DELETE /api/v1/organization/{organizationId}/user/{userId}")).toEqual(["common:user:write"]);
    expect(scopesOf("GET /api/v1/inventory/device")).toEqual({ maia: ["internal:inventory:read"], others: ["msp:inventory:read"] });
    expect(scopesOf("GET /api/v1/config/user")).toEqual([]);
  });
});

describe("the router's access check", () => {
  function principal(organizationType: Principal["organizationType"], scopes: Scope[]): Principal {
    return { userId: "u", email: "a@b.c", firstName: "A", lastName: "B", language: "en", organizationId: "o", organizationType, role: "msp-admin", scopes, sessionTokenHash: "h" };
  }

  function app(caller: Principal | null) {
    const router = createRouter();
    router.use("*", async (c, next) => {
      c.set("principal", caller);
      await next();
    });
    const body = jsonBody(z.object({ name: z.string() }));
    router.openapi(route({ method: "post", path: "/write", scopes: ["common:config:write"], request: { body }, responses: { 200: { description: "ok" } } }), (c) =>
      c.json({ caller: serviceContext(c).principal.userId }, 200),
    );
    router.openapi(route({ method: "get", path: "/inventory", scopes: { maia: ["internal:inventory:read"], others: ["msp:inventory:read"] }, responses: { 200: { description: "ok" } } }), (c) =>
      c.json({}, 200),
    );
    router.openapi(route({ method: "get", path: "/open", public: true, responses: { 200: { description: "ok" } } }), (c) => c.json({}, 200));
    router.onError(errorResponse);
    return router;
  }
  const post = (caller: Principal | null, body: unknown) =>
    app(caller).request("/write", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("answers 401 without a session and 403 without the scopes, before the handler", async () => {
    expect((await post(null, { name: "x" })).status).toBe(401);
    expect((await post(principal("msp", ["common:config:read"]), { name: "x" })).status).toBe(403);
    const allowed = await post(principal("msp", ["common:config:read", "common:config:write"]), { name: "x" });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ caller: "u" });
  });

  it("checks after the request is parsed, as the handlers did: invalid input answers 400 to anyone", async () => {
    expect((await post(null, { name: 1 })).status).toBe(400);
    expect((await post(principal("msp", []), { name: 1 })).status).toBe(400);
  });

  it("asks the operator's staff and the others for their own scopes", async () => {
    const get = async (caller: Principal) => (await app(caller).request("/inventory")).status;
    expect(await get(principal("maia", ["internal:inventory:read"]))).toBe(200);
    expect(await get(principal("maia", ["msp:inventory:read"]))).toBe(403);
    expect(await get(principal("msp", ["msp:inventory:read"]))).toBe(200);
    expect(await get(principal("customer", ["internal:inventory:read"]))).toBe(403);
  });

  it("lets anyone call a public route", async () => {
    expect((await app(null).request("/open")).status).toBe(200);
  });

  it("refuses to register a route that declares neither scopes nor public", () => {
    const bare = createRoute({ method: "get", path: "/bare", responses: { 200: { description: "ok" } } });
    expect(() => createRouter().openapi(bare, (c) => c.json({}, 200))).toThrow(/GET \/bare declares neither its scopes nor public/);
  });
});
