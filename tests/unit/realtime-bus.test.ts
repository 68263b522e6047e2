import { describe, expect, it } from "vitest";
import { messagesForChange } from "@/server/realtime/announce";
import { fitForNotify, LocalBus, type RealtimeMessage } from "@/server/realtime/bus";
import { maySeeOrganization } from "@/server/core/tenancy";
import type { Principal } from "@/server/auth/principal";
import { isRealtimeNews, type TelemetrySamples } from "@/lib/realtime-contract";

const message = (data: Omit<TelemetrySamples, "organizationId"> = {}): RealtimeMessage => ({
  service: "telemetry",
  action: "samples",
  organization: { id: "org-1", parentId: "msp-1" },
  data: { organizationId: "org-1", ...data },
});

describe("fitForNotify (PostgreSQL refuses NOTIFY payloads of 8000 bytes or more)", () => {
  it("keeps a small message whole", () => {
    const small = message({ pathIds: ["a", "b"] });
    expect(JSON.parse(fitForNotify(small))).toEqual(small);
  });

  it("keeps ids and states of a large message and drops the rest", () => {
    // Whatever the data holds: the transport does not read the contract.
    const large = { ...message(), data: { pathId: "p-1", status: "bad", latency: 120, samples: "x".repeat(20_000), list: Array(3000).fill("id") } };
    const text = fitForNotify(large as unknown as RealtimeMessage);
    expect(Buffer.byteLength(text)).toBeLessThan(8000);
    expect(JSON.parse(text)).toEqual({ ...large, data: { truncated: true, pathId: "p-1", status: "bad", latency: 120 } });
  });

  it("leaves a contract message cut to its organization and the truncated flag still within the contract", () => {
    const cut = JSON.parse(fitForNotify(message({ pathIds: Array(3000).fill("path-id") })));
    expect(cut.data).toEqual({ organizationId: "org-1", truncated: true });
    expect(isRealtimeNews(cut)).toBe(true);
  });

  it("fits even when every field is long, keeping the organization it is news of", () => {
    const long = { ...message(), data: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`field-${i}`, "x".repeat(150)])) };
    const cut = JSON.parse(fitForNotify(long as unknown as RealtimeMessage));
    expect(cut).toEqual({ service: "telemetry", action: "samples", organization: { id: "org-1", parentId: "msp-1" }, data: { truncated: true } });
  });
});

describe("LocalBus", () => {
  it("delivers after the publisher's task, to every listener, until unsubscribed; a failing listener harms no one", async () => {
    const bus = new LocalBus();
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error("broken listener");
    });
    const off = bus.subscribe((m) => heard.push(m.action));
    await bus.publish(message({}));
    expect(heard).toEqual([]);
    await bus.delivered();
    expect(heard).toEqual(["samples"]);
    off();
    const others: string[] = [];
    bus.subscribe((m) => others.push(m.action));
    await bus.publish(message({}));
    await bus.delivered();
    expect(others).toEqual(["samples"]);
    expect(heard).toEqual(["samples"]);
  });

  it("says when every message published so far has reached the listeners, in the order published", async () => {
    const bus = new LocalBus();
    await bus.delivered();
    const heard: string[] = [];
    bus.subscribe((m) => heard.push(String((m.data as TelemetrySamples).pathIds)));
    for (const id of ["a", "b", "c"]) await bus.publish(message({ pathIds: [id] }));
    const delivered = bus.delivered();
    expect(heard).toEqual([]);
    await delivered;
    expect(heard).toEqual(["a", "b", "c"]);
  });
});

describe("who hears what", () => {
  const principal = (organizationType: Principal["organizationType"], organizationId: string) => ({ organizationType, organizationId }) as Principal;

  it("the operator hears everything, an MSP itself and its customers, a customer itself", () => {
    const customer = { id: "org-1", parentId: "msp-1" };
    const msp = { id: "msp-1", parentId: "maia-1" };
    expect(maySeeOrganization(principal("maia", "maia-1"), customer)).toBe(true);
    expect(maySeeOrganization(principal("msp", "msp-1"), customer)).toBe(true);
    expect(maySeeOrganization(principal("msp", "msp-1"), msp)).toBe(true);
    expect(maySeeOrganization(principal("customer", "org-1"), customer)).toBe(true);
    expect(maySeeOrganization(principal("msp", "msp-2"), customer)).toBe(false);
    expect(maySeeOrganization(principal("customer", "org-2"), customer)).toBe(false);
    // A customer never sees its MSP, nor anything it were the parent of: only an MSP sees its children.
    expect(maySeeOrganization(principal("customer", "org-1"), msp)).toBe(false);
    expect(maySeeOrganization(principal("customer", "org-1"), { id: "org-9", parentId: "org-1" })).toBe(false);
  });

  it("announces every change as an event, with the entity's own service and topology news", () => {
    const base = { organizationId: "org-1", entityId: "e-1" };
    expect(messagesForChange({ ...base, entityType: "path", type: "updated", nodeId: "n-1" })).toEqual([
      { service: "events", action: "created", data: { type: "path.updated", entityType: "path", entityId: "e-1", nodeId: "n-1" } },
      { service: "topology", action: "updated", data: { entityType: "path", entityId: "e-1", nodeId: "n-1" } },
    ]);
    expect(messagesForChange({ ...base, entityType: "connector", type: "deleted", siteId: "s-1" })).toEqual([
      { service: "events", action: "created", data: { type: "connector.deleted", entityType: "connector", entityId: "e-1", siteId: "s-1" } },
      { service: "topology", action: "deleted", data: { entityType: "connector", entityId: "e-1", siteId: "s-1" } },
    ]);
    expect(messagesForChange({ ...base, entityType: "alarm", type: "raised" }).map((m) => `${m.service}:${m.action}`)).toEqual([
      "events:created",
      "alarms:raised",
    ]);
    expect(messagesForChange({ ...base, entityType: "lifecycleOperation", type: "lifecycleOperation.started" }).map((m) => `${m.service}:${m.action}`)).toEqual([
      "events:created",
      "lifecycle:started",
    ]);
    expect(messagesForChange({ ...base, entityType: "user", type: "created" }).map((m) => m.service)).toEqual(["events"]);
  });
});
