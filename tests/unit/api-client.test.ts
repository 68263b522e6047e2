import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiRequestError, apiRequest, buildUrl, configureApiClient, handleAuthFailure, setServerTransport, type Navigator } from "@/lib/api/client";

const DEFAULTS = {
  locale: "en",
  unknownErrorText: "Unknown API Error",
  timeoutText: "The request timed out",
  networkText: "The server could not be reached",
};

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

/** Stubs global fetch; each call is answered by `answer` and recorded. */
function stubFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string | URL, init: RequestInit = {}) => {
    const call = { url: String(url), init, headers: new Headers(init.headers) };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

async function rejection(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

afterEach(() => {
  configureApiClient(DEFAULTS);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("buildUrl", () => {
  it("keeps a route without parameters as it is, with no query string when there is none", () => {
    expect(buildUrl("/api/v1/config/user")).toBe("/api/v1/config/user");
    expect(buildUrl("/api/v1/config/user", {})).toBe("/api/v1/config/user");
    expect(buildUrl("/api/v1/config/user", { query: {} })).toBe("/api/v1/config/user");
  });

  it("fills each path parameter of the template, encoded", () => {
    expect(buildUrl("/api/v1/organization/{organizationId}/user/{userId}", { path: { organizationId: "o/1", userId: "u 2?" } })).toBe(
      "/api/v1/organization/o%2F1/user/u%202%3F",
    );
    expect(buildUrl("/api/v1/config/path/{pathId}", { path: { pathId: "p1" }, query: { cursor: "c" } })).toBe("/api/v1/config/path/p1?cursor=c");
  });

  it("appends query parameters, numbers and booleans as text, encoded", () => {
    const url = buildUrl("/api/v1/event", { query: { nodeId: "n 1&x", limit: 20, acknowledged: false } });
    expect(url.startsWith("/api/v1/event?")).toBe(true);
    const params = new URL(url, "http://x").searchParams;
    expect(params.get("nodeId")).toBe("n 1&x");
    expect(params.get("limit")).toBe("20");
    expect(params.get("acknowledged")).toBe("false");
  });

  it("repeats a parameter for each array entry", () => {
    const params = new URL(buildUrl("/api/v1/alarm", { query: { severity: ["major", "minor"] } }), "http://x").searchParams;
    expect(params.getAll("severity")).toEqual(["major", "minor"]);
  });

  it("skips empty, null and undefined values, in arrays too, but keeps 0 and false", () => {
    const url = buildUrl("/api/v1/event", {
      query: {
        startTime: "",
        endTime: undefined,
        nodeId: null,
        ids: ["a", "", null, undefined, "b"],
        zero: 0,
        off: false,
      },
    });
    const params = new URL(url, "http://x").searchParams;
    expect([...params.keys()].sort()).toEqual(["ids", "ids", "off", "zero"]);
    expect(params.getAll("ids")).toEqual(["a", "b"]);
    expect(params.get("zero")).toBe("0");
    expect(params.get("off")).toBe("false");
  });

  it("adds no '?' when every value is empty", () => {
    expect(buildUrl("/api/v1/event", { query: { startTime: "", endTime: undefined, tags: [] } })).toBe("/api/v1/event");
  });
});

describe("the server's transport", () => {
  afterEach(() => setServerTransport(undefined));

  it("carries a server page's calls (the same query options as the browser's) instead of fetch", async () => {
    const { fetchMock } = stubFetch(() => json("from fetch"));
    const seen: string[] = [];
    setServerTransport(async (url, init) => {
      seen.push(`${init.method} ${url} ${new Headers(init.headers).get("Accept-Language")}`);
      return json({ items: [], nextCursor: null });
    });
    expect(await api.get("/api/v1/config/path", { params: { query: { limit: 50 } } })).toEqual({ items: [], nextCursor: null });
    expect(seen).toEqual(["GET /api/v1/config/path?limit=50 en"]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is never used in the browser", async () => {
    vi.stubGlobal("window", {});
    const { calls } = stubFetch(() => json("from fetch"));
    const transport = vi.fn(async () => json("from the transport"));
    setServerTransport(transport);
    expect(await api.get("/api/v1/health")).toBe("from fetch");
    expect(calls).toHaveLength(1);
    expect(transport).not.toHaveBeenCalled();
  });
});

describe("apiRequest", () => {
  it("sends JSON with the language and a request id, and returns the parsed body", async () => {
    const { calls } = stubFetch(() => json([{ id: "o1" }]));
    const result = await apiRequest("GET", "/api/v1/config/organization");
    expect(result).toEqual([{ id: "o1" }]);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.url).toBe("/api/v1/config/organization");
    expect(call.init.method).toBe("GET");
    expect(call.headers.get("Content-Type")).toBe("application/json");
    expect(call.headers.get("Accept")).toBe("application/json");
    expect(call.headers.get("Accept-Language")).toBe("en");
    expect(call.headers.get("x-request-id")).toMatch(/\S{8,}/);
    expect(call.init.body).toBeUndefined();
  });

  it("serialises the body of a write call as JSON", async () => {
    const { calls } = stubFetch(() => json({ ok: true }, 201));
    const body = { name: "Acme", userEmail: "a@acme.test" };
    await api.post("/api/v1/config/msp/{id}/organization", { params: { path: { id: "m1" } }, body });
    expect(calls[0].init.method).toBe("POST");
    expect(calls[0].url).toBe("/api/v1/config/msp/m1/organization");
    expect(JSON.parse(String(calls[0].init.body))).toEqual(body);
    expect(calls[0].headers.get("Content-Type")).toBe("application/json");

    await api.patch("/api/v1/config/organization/{id}", { params: { path: { id: "o1" } }, body: { name: "New" } });
    expect(calls[1].init.method).toBe("PATCH");
    expect(calls[1].url).toBe("/api/v1/config/organization/o1");
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ name: "New" });
  });

  it("sends the language set by configureApiClient", async () => {
    const { calls } = stubFetch(() => json({}));
    configureApiClient({ locale: "fr" });
    await api.get("/api/v1/config/user");
    expect(calls[0].headers.get("Accept-Language")).toBe("fr");
    configureApiClient({ locale: "en" });
    await api.get("/api/v1/config/user");
    expect(calls[1].headers.get("Accept-Language")).toBe("en");
  });

  it("sends an empty JSON object as the body of a write call without one", async () => {
    const { calls } = stubFetch(() => new Response(null, { status: 204 }));
    await api.post("/api/v1/auth/logout");
    expect(calls[0].init.method).toBe("POST");
    expect(calls[0].init.body).toBe("{}");
  });

  it("sends a fresh Idempotency-Key with each create, and none with other writes", async () => {
    const { calls } = stubFetch(() => json({ id: "s1" }, 201));
    const create = () => api.post("/api/v1/config/organization/{organizationId}/site", { params: { path: { organizationId: "o1" } }, body: { name: "Lyon" } as never });
    await create();
    await create();
    await api.post("/api/v1/auth/logout");
    const keys = calls.map((call) => call.headers.get("Idempotency-Key"));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeNull();
  });

  it("sends a create whose connection failed once more under the same key, and only a create", async () => {
    let failures = 1;
    const { calls } = stubFetch(() => {
      if (failures-- > 0) throw new TypeError("Failed to fetch");
      return json({ id: "s1" }, 201);
    });
    const created = await api.post("/api/v1/config/organization/{organizationId}/site", { params: { path: { organizationId: "o1" } }, body: { name: "Lyon" } as never });
    expect(created).toEqual({ id: "s1" });
    expect(calls).toHaveLength(2);
    expect(calls[1].headers.get("Idempotency-Key")).toBe(calls[0].headers.get("Idempotency-Key"));
    expect(calls[1].init.body).toBe(calls[0].init.body);

    failures = 1;
    const error = await rejection(api.post("/api/v1/alarm/acknowledge", { body: { alarmIds: ["a1"] } as never }));
    expect(error.status).toBe(0);
    expect(calls).toHaveLength(3);
  });

  it("uses a new request id for every call", async () => {
    const { calls } = stubFetch(() => json({}));
    await Promise.all([api.get("/api/v1/config/user"), api.get("/api/v1/config/organization"), api.post("/api/v1/support/ticket", { body: { organizationId: "o1", message: "Help" } })]);
    const ids = calls.map((call) => call.headers.get("x-request-id"));
    for (const id of ids) expect(id).toBeTruthy();
    expect(new Set(ids).size).toBe(3);
  });

  it("fills the route's path parameters and appends its query", async () => {
    const { calls } = stubFetch(() => json({}));
    await api.get("/api/v1/event", { params: { query: { nodeId: "n1", startTime: "" } } });
    expect(calls[0].url).toBe("/api/v1/event?nodeId=n1");
    await api.get("/api/v1/config/organization/{organizationId}/site", { params: { path: { organizationId: "o 1" }, query: { search: "a&b", limit: 5 } } });
    expect(calls[1].url).toBe("/api/v1/config/organization/o%201/site?search=a%26b&limit=5");
  });

  it("yields undefined for a 204 answer, without reading a body", async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete("/api/v1/config/site/{siteId}", { params: { path: { siteId: "s1" } } })).resolves.toBeUndefined();
    await expect(api.patch("/api/v1/config/organization/{id}", { params: { path: { id: "o1" } }, body: { name: "Ab" } })).resolves.toBeUndefined();

    // Even a 204 that (wrongly) carries a body yields nothing, and the body is never read.
    const json = vi.fn(async () => ({ unexpected: true }));
    const text = vi.fn(async () => '{"unexpected":true}');
    stubFetch(() => ({ status: 204, ok: true, headers: new Headers(), json, text }) as unknown as Response);
    await expect(api.patch("/api/v1/config/msp/{id}", { params: { path: { id: "m1" } }, body: { name: "Ab" } })).resolves.toBeUndefined();
    expect(json).not.toHaveBeenCalled();
    expect(text).not.toHaveBeenCalled();
  });

  it("on a non-OK answer, uses the error field and appends the request id", async () => {
    const { calls } = stubFetch(() => json({ error: "Name is required" }, 400));
    const error = await rejection(api.patch("/api/v1/config/organization/{id}", { params: { path: { id: "o1" } }, body: { name: "" } }));
    const requestId = calls[0].headers.get("x-request-id")!;
    expect(error.message).toBe(`Name is required (requestId=${requestId})`);
    expect(error.status).toBe(400);
    expect(error.requestId).toBe(requestId);
  });

  it("on a non-OK answer without an error field, says Unknown API Error with the request id", async () => {
    const { calls } = stubFetch(() => json({ detail: "nothing useful" }, 500));
    const error = await rejection(api.get("/api/v1/config/user"));
    expect(error.message).toBe(`Unknown API Error (requestId=${calls[0].headers.get("x-request-id")})`);
    expect(error.status).toBe(500);
  });

  it("on a non-OK answer that is not JSON, says Unknown API Error with the request id", async () => {
    const { calls } = stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } }));
    const error = await rejection(api.get("/api/v1/config/user"));
    expect(error.message).toBe(`Unknown API Error (requestId=${calls[0].headers.get("x-request-id")})`);
  });

  it("on a non-OK answer with an empty error field, falls back to Unknown API Error", async () => {
    const { calls } = stubFetch(() => json({ error: "" }, 409));
    const error = await rejection(api.get("/api/v1/config/user"));
    expect(error.message).toBe(`Unknown API Error (requestId=${calls[0].headers.get("x-request-id")})`);
  });

  it("uses the translated unknown-error text the provider configured", async () => {
    const { calls } = stubFetch(() => json({}, 500));
    configureApiClient({ unknownErrorText: "Erreur d’API inconnue" });
    const error = await rejection(api.get("/api/v1/config/user"));
    expect(error.message).toBe(`Erreur d’API inconnue (requestId=${calls[0].headers.get("x-request-id")})`);
  });

  it("does not redirect on 401 outside a browser (no window)", async () => {
    stubFetch(() => json({ error: "Unauthenticated" }, 401));
    const error = await rejection(api.get("/api/v1/config/user"));
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/^Unauthenticated \(requestId=.+\)$/);
  });

  describe("timeout", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    /** A fetch that never answers and rejects only when its signal aborts. */
    function hangingFetch() {
      return stubFetch(
        ({ init }) =>
          new Promise<Response>((_, reject) => {
            const signal = init.signal!;
            expect(signal).toBeDefined();
            signal.addEventListener("abort", () => reject(signal.reason ?? new DOMException("Aborted", "AbortError")));
          }),
      );
    }

    it("leaves no timer behind once a call has answered (a pending 15-s timer holds the server page's whole context)", async () => {
      stubFetch(() => json({ id: "u1" }));
      await api.get("/api/v1/config/user");
      expect(vi.getTimerCount()).toBe(0);
      stubFetch(() => json({ error: "Nope" }, 500));
      await rejection(api.get("/api/v1/config/user"));
      expect(vi.getTimerCount()).toBe(0);
    });

    it("aborts a hanging call after 15 s, not before", async () => {
      const { calls } = hangingFetch();
      let settled = false;
      const promise = api.get("/api/v1/config/user").finally(() => {
        settled = true;
      });
      const outcome = rejection(promise);

      await vi.advanceTimersByTimeAsync(14_999);
      expect(settled).toBe(false);
      expect(calls[0].init.signal!.aborted).toBe(false);

      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(settled).toBe(true);
      expect(calls[0].init.signal!.aborted).toBe(true);
      expect(error.message).toBe(`The request timed out (requestId=${calls[0].headers.get("x-request-id")})`);
    });

    it("lets the caller cancel first, passing the caller's abort through", async () => {
      hangingFetch();
      const controller = new AbortController();
      const promise = api.get("/api/v1/config/user", { signal: controller.signal });
      const settledError = promise.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1_000);
      controller.abort(new DOMException("Cancelled", "AbortError"));
      const error = await settledError;
      expect(error).not.toBeInstanceOf(ApiRequestError);
      expect((error as DOMException).name).toBe("AbortError");
    });
  });

  it("reports an unreachable server with the request id", async () => {
    const { calls } = stubFetch(() => Promise.reject(new TypeError("fetch failed")));
    const error = await rejection(api.get("/api/v1/config/user"));
    expect(error.message).toBe(`The server could not be reached (requestId=${calls[0].headers.get("x-request-id")})`);
    expect(error.status).toBe(0);
  });

  describe("in a browser (window present)", () => {
    function stubWindow() {
      const replace = vi.fn();
      const store = new Map<string, string>();
      vi.stubGlobal("window", {
        location: { replace },
        sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
      });
      return { replace, store };
    }

    it.each([401, 403])("a %i on the user call sends the browser to /user/logout", async (status) => {
      const { replace } = stubWindow();
      stubFetch(() => json({ error: "Denied" }, status));
      await rejection(api.get("/api/v1/config/user"));
      expect(replace).toHaveBeenCalledWith("/user/logout");
    });

    it.each([401, 403])("a %i on another call reloads to / and records last-reload", async (status) => {
      const { replace, store } = stubWindow();
      stubFetch(() => json({ error: "Denied" }, status));
      await rejection(api.get("/api/v1/config/msp/{id}/organization", { params: { path: { id: "m1" } } }));
      expect(replace).toHaveBeenCalledWith("/");
      expect(Number(store.get("last-reload"))).toBeGreaterThan(0);
    });

    it("leaves other errors and opted-out calls alone", async () => {
      const { replace } = stubWindow();
      stubFetch(() => json({ error: "Nope" }, 500));
      await rejection(api.get("/api/v1/config/user"));
      stubFetch(() => json({ error: "Invalid email or password." }, 401));
      await rejection(api.post("/api/v1/auth/login", { body: { email: "a@b.c", password: "x" }, handleAuthErrors: false }));
      expect(replace).not.toHaveBeenCalled();
    });
  });
});

describe("handleAuthFailure", () => {
  function fakeNavigator(start = 1_700_000_000_000, withStorage = true) {
    const store = new Map<string, string>();
    const replaced: string[] = [];
    const clock = { now: start };
    const nav: Navigator = {
      replace: (url) => void replaced.push(url),
      now: () => clock.now,
      storage: () =>
        withStorage ? { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) } : null,
    };
    return { nav, store, replaced, clock };
  }

  it.each(["/api/v1/config/user", "/api/v1/config/organization"] as const)("%s → /user/logout, without recording a reload", (path) => {
    const { nav, store, replaced } = fakeNavigator();
    handleAuthFailure(path, nav);
    expect(replaced).toEqual(["/user/logout"]);
    expect(store.has("last-reload")).toBe(false);
  });

  it("another call, the first time: records last-reload and replaces /", () => {
    const { nav, store, replaced, clock } = fakeNavigator();
    handleAuthFailure("/api/v1/config/msp/{id}/organization", nav);
    expect(store.get("last-reload")).toBe(String(clock.now));
    expect(replaced).toEqual(["/"]);
  });

  it("a second failure within 5000 ms → /user/logout", () => {
    const { nav, replaced, clock } = fakeNavigator();
    handleAuthFailure("/api/v1/alarm", nav);
    clock.now += 4_999;
    handleAuthFailure("/api/v1/event", nav);
    expect(replaced).toEqual(["/", "/user/logout"]);
  });

  it("a failure 5000 ms or more after the recorded reload → / again, recording the new time", () => {
    const { nav, store, replaced, clock } = fakeNavigator();
    handleAuthFailure("/api/v1/alarm", nav);
    clock.now += 5_000;
    handleAuthFailure("/api/v1/alarm", nav);
    expect(replaced).toEqual(["/", "/"]);
    expect(store.get("last-reload")).toBe(String(clock.now));
    clock.now += 60_000;
    handleAuthFailure("/api/v1/alarm", nav);
    expect(replaced).toEqual(["/", "/", "/"]);
  });

  it("reads a reload recorded earlier in the session (the key survives the reload)", () => {
    const { nav, store, replaced, clock } = fakeNavigator();
    store.set("last-reload", String(clock.now - 1_000));
    handleAuthFailure("/api/v1/alarm", nav);
    expect(replaced).toEqual(["/user/logout"]);
  });

  it("still reloads to / when there is no session storage", () => {
    const { nav, replaced } = fakeNavigator(1_700_000_000_000, false);
    handleAuthFailure("/api/v1/alarm", nav);
    expect(replaced).toEqual(["/"]);
  });
});
