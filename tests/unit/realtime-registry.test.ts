import { QueryObserver, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alarmKeys, DEFAULT_ALARM_FILTER } from "@/lib/alarms/queries";
import { eventKeys } from "@/lib/events/queries";
import { lifecycleKeys } from "@/lib/lifecycle/queries";
import { nodeKeys } from "@/lib/nodes/queries";
import { pathKeys } from "@/lib/paths/queries";
import { peopleKeys } from "@/lib/people/queries";
import { REALTIME_AREAS, realtimeRegistry } from "@/lib/realtime-areas";
import type { RealtimeEvent } from "@/lib/realtime-client";
import { realtimeActions } from "@/lib/realtime-contract";
import { REALTIME_SERVICES } from "@/lib/realtime-protocol";
import { RealtimeRegistry, type AreaRealtime } from "@/lib/realtime-registry";
import { siteKeys } from "@/lib/sites/queries";
import { cacheOf, entity, health, pages, refetched, resync, topology } from "./realtime-fixtures";

// The one registry of live updates: every message of the contract has an effect, and an effect touches the object
// its message names — its detail, the lists that may hold it — and leaves the others alone.

describe("the registry covers the contract", () => {
  const everyMessage = REALTIME_SERVICES.flatMap((service) => realtimeActions(service).map((action) => [service, action] as const));

  it("knows the contract's actions, each service's own among them", () => {
    expect(realtimeActions("events")).toEqual(["created"]);
    expect(realtimeActions("telemetry")).toEqual(["samples"]);
    expect(realtimeActions("lifecycle")).toEqual(expect.arrayContaining(["progress", "created", "succeeded", "halted"]));
    expect(realtimeActions("topology")).toEqual(expect.arrayContaining(["health", "deleted", "token-issued"]));
    expect(everyMessage.length).toBeGreaterThan(60);
  });

  it.each(everyMessage)("has an effect for %s.%s", (service, action) => {
    expect(realtimeRegistry.handles(service, action)).toBe(true);
  });

  it("would say so of a message no area handles", () => {
    const withoutLifecycle = new RealtimeRegistry(REALTIME_AREAS.filter((area) => !area.lifecycle));
    expect(withoutLifecycle.handles("lifecycle", "progress")).toBe(false);
    expect(realtimeRegistry.handles("topology", "exploded")).toBe(false);
    expect(realtimeRegistry.handles("topology", "toString")).toBe(false);
  });

  it("registers only the contract's actions, each service with the queries it touches", () => {
    for (const area of REALTIME_AREAS) {
      for (const service of REALTIME_SERVICES) {
        const effects = area[service];
        if (!effects) continue;
        expect(effects.queries.length, service).toBeGreaterThan(0);
        for (const action of Object.keys(effects.on)) expect(realtimeActions(service), `${service}.${action}`).toContain(action);
      }
    }
  });
});

describe("a message about one object", () => {
  const alarm = (id: string, acknowledged = false) => ({ id, acknowledged });
  const operation = (id: string, progress: number) => ({ id, status: "active", progress });

  /** Two of each: A (named by the messages below) and B. */
  function world(): QueryClient {
    const entries: [QueryKey, unknown][] = [
      [pathKeys.detail("pA"), { id: "pA", slaHealth: "healthy" }],
      [pathKeys.detail("pB"), { id: "pB", slaHealth: "healthy" }],
      [pathKeys.list({ organizationId: "org" }), pages([{ id: "pA", slaHealth: "healthy" }, { id: "pB", slaHealth: "healthy" }])],
      [siteKeys.detail("sA"), { id: "sA" }],
      [siteKeys.detail("sB"), { id: "sB" }],
      [siteKeys.list("org"), pages([{ id: "sA" }, { id: "sB" }])],
      [nodeKeys.detail("nA"), { id: "nA", links: [] }],
      [nodeKeys.detail("nB"), { id: "nB", links: [] }],
      [nodeKeys.list("msp", "edge"), pages([{ id: "nA" }])],
      [nodeKeys.list("msp", "core"), pages([{ id: "nB" }])],
      [alarmKeys.list(DEFAULT_ALARM_FILTER, "org"), pages([alarm("aA"), alarm("aB")])],
      [alarmKeys.list({ acknowledged: "true", state: "all" }, "org"), pages([alarm("aC", true)])],
      [alarmKeys.list({ acknowledged: "false", state: "cleared" }, "org"), pages([])],
      [alarmKeys.list({ acknowledged: "false", state: "active" }, "org"), pages([])],
      [eventKeys.list({}, "org"), pages([])],
      [eventKeys.list({ type: "path.updated" }, "org"), pages([])],
      [eventKeys.list({ type: "site.created" }, "org"), pages([])],
      [eventKeys.list({ endTime: new Date("2020-01-01T00:00:00.000Z") }, "org"), pages([])],
      [peopleKeys.users("org"), pages([])],
      [peopleKeys.invitations("org"), pages([])],
      [lifecycleKeys.list("msp", "running"), pages([operation("oA", 10), operation("oB", 20)])],
    ];
    return cacheOf(entries);
  }

  it.each<[string, RealtimeEvent, string[]]>([
    [
      "a path's change: its detail and the lists, not B's detail",
      topology("updated", { entityType: "path", entityId: "pA" }),
      ["paths/detail/pA", "paths/list/{organizationId=org}"],
    ],
    ["a site's change: its detail and the lists", topology("updated", { entityType: "site", entityId: "sA" }), ["sites/detail/sA", "sites/list/org/"]],
    [
      "a node's port: that node's pages and the list showing it",
      topology("updated", { entityType: "switchPort", entityId: "port", nodeId: "nA" }),
      ["nodes/list/msp/edge/", "nodes/node/nA/detail"],
    ],
    [
      "an alarm acknowledged: the lists showing it and those of acknowledged alarms",
      entity("alarms", "acknowledged", { entityType: "alarm", entityId: "aA" }),
      ["alarms/list/{acknowledged=false,state=all,organizationId=org}", "alarms/list/{acknowledged=true,state=all,organizationId=org}"],
    ],
    [
      "an alarm raised: the lists of unacknowledged, active alarms only",
      entity("alarms", "raised", { entityType: "alarm", entityId: "aN" }),
      ["alarms/list/{acknowledged=false,state=active,organizationId=org}", "alarms/list/{acknowledged=false,state=all,organizationId=org}"],
    ],
    [
      "an alarm cleared that no list shows: the lists that show cleared alarms, not those of active ones",
      entity("alarms", "cleared", { entityType: "alarm", entityId: "aN" }),
      [
        "alarms/list/{acknowledged=false,state=all,organizationId=org}",
        "alarms/list/{acknowledged=false,state=cleared,organizationId=org}",
        "alarms/list/{acknowledged=true,state=all,organizationId=org}",
      ],
    ],
    [
      "a new event: the open-ended views of its type",
      { service: "events", action: "created", data: { type: "path.updated", entityType: "path", entityId: "pA" } },
      ["events/list/{organizationId=org}", "events/list/{type=path.updated,organizationId=org}"],
    ],
    [
      "a user's news: the users lists, not the invitations (and the open events view, as any event)",
      { service: "events", action: "created", data: { type: "user.updated", entityType: "user", entityId: "u" } },
      ["events/list/{organizationId=org}", "people/users/org"],
    ],
    [
      "an operation that started: the lists holding it and the Running tab",
      entity("lifecycle", "updated", { entityType: "lifecycleOperation", entityId: "oA" }),
      ["lifecycle/list/msp/running"],
    ],
  ])("%s", (_, event, expected) => {
    const client = world();
    expect(refetched(client, event)).toEqual(expected);
  });

  it("a deleted object's detail is dropped, B's stays", () => {
    const client = world();
    expect(refetched(client, topology("deleted", { entityType: "site", entityId: "sA" }))).toEqual(["sites/list/org/"]);
    expect(client.getQueryData(siteKeys.detail("sA"))).toBeUndefined();
    expect(client.getQueryData(siteKeys.detail("sB"))).toEqual({ id: "sB" });
  });

  it("a deleted object's detail someone shows stays, to be refetched", () => {
    const client = world();
    const stop = new QueryObserver(client, { queryKey: siteKeys.detail("sA"), queryFn: () => ({ id: "sA" }), enabled: false }).subscribe(() => {});
    expect(refetched(client, topology("deleted", { entityType: "site", entityId: "sA" }))).toEqual(["sites/detail/sA", "sites/list/org/"]);
    stop();
  });

  it("news that carries A's new state is written into A's entries at once; B's keep the same data", () => {
    const client = world();
    const pathB = client.getQueryData(pathKeys.detail("pB"));
    expect(refetched(client, health({ paths: [{ id: "pA", slaHealth: "bad" }] }))).toEqual([]);
    expect(client.getQueryData(pathKeys.detail("pA"))).toEqual({ id: "pA", slaHealth: "bad" });
    expect(client.getQueryData(pathKeys.detail("pB"))).toBe(pathB);
    expect(client.getQueryData(pathKeys.list({ organizationId: "org" }))).toMatchObject({ pages: [{ items: [{ slaHealth: "bad" }, { slaHealth: "healthy" }] }] });

    expect(refetched(client, { service: "lifecycle", action: "progress", data: { operationId: "oA", status: "active", progress: 55, step: "install" } })).toEqual([]);
    expect(client.getQueryData(lifecycleKeys.list("msp", "running"))).toMatchObject({
      pages: [{ items: [{ id: "oA", progress: 55 }, { id: "oB", progress: 20 }] }],
    });
  });

  it("a resync refetches every query of its service", () => {
    const client = world();
    expect(refetched(client, resync("alarms"))).toHaveLength(4);
    expect(refetched(client, resync("events"))).toEqual(expect.arrayContaining(["events/list/{organizationId=org}", "people/invitations/org", "people/users/org"]));
  });
});

describe("the registry's dispatch", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("keeps the other areas' effects when one fails", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing: AreaRealtime = {
      alarms: {
        queries: [{ queryKey: ["x"] }],
        on: {
          raised: () => {
            throw new Error("boom");
          },
        },
      },
    };
    const working: AreaRealtime = { alarms: { queries: [{ queryKey: ["y"] }], on: { raised: () => [{ queryKey: ["y"] }] } } };
    const registry = new RealtimeRegistry([failing, working]);
    const client = cacheOf([[["y"], 1]]);
    expect(registry.apply(entity("alarms", "raised", { entityType: "alarm", entityId: "a" }), client)).toEqual([{ queryKey: ["y"] }]);
    expect(error).toHaveBeenCalledOnce();
  });

  it("says whether the page shows a query of a service: an observed one, not one merely cached", () => {
    const client = cacheOf([[alarmKeys.list(DEFAULT_ALARM_FILTER), pages([])]]);
    expect(realtimeRegistry.shows("alarms", client)).toBe(false);
    const stop = new QueryObserver(client, { queryKey: alarmKeys.list(DEFAULT_ALARM_FILTER), enabled: false }).subscribe(() => {});
    expect(realtimeRegistry.shows("alarms", client)).toBe(true);
    expect(realtimeRegistry.shows("events", client)).toBe(false);
    stop();
    expect(realtimeRegistry.shows("alarms", client)).toBe(false);
  });
});
