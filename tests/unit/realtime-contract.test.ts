import { describe, expect, it } from "vitest";
import { actionOfChange, ENTITY_ACTIONS, isRealtimeNews } from "@/lib/realtime-contract";
import { messagesForChange } from "@/server/realtime/announce";

describe("the realtime contract's guards", () => {
  it("accept each service's messages in their documented shape", () => {
    const valid = [
      { service: "alarms", action: "raised", data: { entityType: "alarm", entityId: "a1", nodeId: "n1" } },
      { service: "events", action: "created", data: { type: "site.deleted", entityType: "site", entityId: "s1" } },
      { service: "lifecycle", action: "progress", data: { operationId: "o1", status: "active", progress: 40, step: "install" } },
      { service: "lifecycle", action: "succeeded", data: { entityType: "lifecycleOperation", entityId: "o1" } },
      { service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: ["p1"], siteIds: [], nodeIds: ["n1"] } },
      { service: "telemetry", action: "samples", data: { organizationId: "org", truncated: true } },
      {
        service: "topology",
        action: "health",
        data: {
          organizationId: "org",
          paths: [{ id: "p1", slaHealth: "warning" }],
          ports: [{ nodeId: null, portId: "1", status: "disabled" }],
          links: [{ id: "l1", status: "down" }],
          devices: [{ id: "d1", nodeId: "n1", reachable: false }],
        },
      },
      { service: "topology", action: "deleted", data: { entityType: "path", entityId: "p1" } },
      { service: "topology", action: "updated", data: { entityType: "connector", entityId: "c1", siteId: "s1" } },
    ];
    for (const message of valid) expect(isRealtimeNews(message), JSON.stringify(message)).toBe(true);
  });

  it("refuse unknown services and actions, missing or mistyped fields, and states outside the lists", () => {
    const invalid = [
      { service: "system", action: "welcome", data: { userId: "u" } },
      { service: "toString", action: "created", data: { entityType: "x", entityId: "y" } },
      { service: "alarms", action: "exploded", data: { entityType: "alarm", entityId: "a1" } },
      { service: "alarms", action: "raised", data: { entityId: "a1" } },
      { service: "alarms", action: "raised", data: null },
      { service: "events", action: "created", data: { entityType: "site", entityId: "s1" } },
      { service: "lifecycle", action: "progress", data: { operationId: "o1", status: "active", progress: 140, step: "x" } },
      { service: "lifecycle", action: "progress", data: { operationId: "o1", status: "scheduled", progress: 0, step: "x" } },
      { service: "telemetry", action: "samples", data: { pathIds: ["p1"] } },
      { service: "telemetry", action: "samples", data: { organizationId: "org", pathIds: [1] } },
      { service: "telemetry", action: "samples", data: { organizationId: "org", truncated: "yes" } },
      { service: "topology", action: "health", data: { organizationId: "org", paths: [{ id: "p1", slaHealth: "awful" }] } },
      { service: "topology", action: "health", data: { organizationId: "org", links: [{ id: "l1", status: "disabled" }] } },
      { service: "topology", action: "health", data: { organizationId: "org", devices: [{ id: "d1", reachable: true }] } },
      { service: "telemetry", action: "health", data: { organizationId: "org" } },
      { service: "topology", action: "updated", data: { entityType: "connector", entityId: "c1", siteId: 7 } },
    ];
    for (const message of invalid) expect(isRealtimeNews(message), JSON.stringify(message)).toBe(false);
  });
});

describe("the publisher's side: committed changes", () => {
  const base = { organizationId: "org-1", entityId: "e-1" };

  it("every action of every entity, with or without a node, becomes contract messages", () => {
    for (const entityType of ["alarm", "lifecycleOperation", "path", "site", "device", "user", "invitation"]) {
      for (const action of ENTITY_ACTIONS) {
        for (const type of [action, `${entityType}.${action}` as const]) {
          for (const nodeId of [undefined, null, "n-1"]) {
            const messages = messagesForChange({ ...base, entityType, type, nodeId });
            expect(messages.length).toBeGreaterThan(0);
            for (const message of messages) expect(isRealtimeNews(message), `${entityType} ${type} → ${JSON.stringify(message)}`).toBe(true);
            expect(messages.every((message) => message.service === "events" || message.action === action)).toBe(true);
          }
        }
      }
    }
  });

  it("a change's action is the last part of its type", () => {
    expect(actionOfChange("alarm.raised")).toBe("raised");
    expect(actionOfChange("created")).toBe("created");
    expect(actionOfChange("device.token-issued")).toBe("token-issued");
  });
});
