import { describe, expect, it } from "vitest";
import { webhookKeys } from "@/lib/webhooks/queries";
import { cacheOf, pages, refetched } from "./realtime-fixtures";

// The webhooks page over /ws: an endpoint's news refetches the endpoints and the log on screen; any other recorded
// change (it may have queued a delivery) refetches the log only.

const world = () =>
  cacheOf([
    [webhookKeys.endpoints("org"), pages([{ id: "w1" }])],
    [webhookKeys.deliveries("w1"), pages([{ id: "d1" }])],
  ]);

describe("webhooks live updates", () => {
  it("an endpoint's change refetches the endpoints and the deliveries log", () => {
    const event = { service: "events", action: "created", data: { type: "webhookEndpoint.updated", entityType: "webhookEndpoint", entityId: "w1" } } as const;
    expect(refetched(world(), event)).toEqual(["webhooks/deliveries/w1", "webhooks/endpoints/org"]);
  });

  it("another change refetches the deliveries log only", () => {
    const event = { service: "events", action: "created", data: { type: "alarm.raised", entityType: "alarm", entityId: "a1" } } as const;
    expect(refetched(world(), event)).toEqual(["webhooks/deliveries/w1"]);
  });
});
