// Webhooks (issue 43 scope 2): what an endpoint may subscribe to and how a delivery is signed. Zod-free: the
// webhooks page and the API docs page read it.

/** The event types an endpoint subscribes to. */
export const WEBHOOK_EVENT_TYPES = [
  "alarm.raised",
  "alarm.acknowledged",
  "alarm.cleared",
  "path.sla_changed",
  "configuration.changed",
  "lifecycle_operation.state_changed",
  "rollout.halted",
  "invitation.accepted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the event "Send test event" delivers (to that endpoint only, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** Catalogue keys of the event types' labels. */
export const WEBHOOK_EVENT_LABELS = {
  "alarm.raised": "webhooks.eventTypes.alarmRaised",
  "alarm.acknowledged": "webhooks.eventTypes.alarmAcknowledged",
  "alarm.cleared": "webhooks.eventTypes.alarmCleared",
  "path.sla_changed": "webhooks.eventTypes.pathSlaChanged",
  "configuration.changed": "webhooks.eventTypes.configurationChanged",
  "lifecycle_operation.state_changed": "webhooks.eventTypes.lifecycleStateChanged",
  "rollout.halted": "webhooks.eventTypes.rolloutHalted",
  "invitation.accepted": "webhooks.eventTypes.invitationAccepted",
} as const satisfies Record<WebhookEventType, string>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The headers of every delivery (documented on the API docs page and in the README). */
export const WEBHOOK_HEADERS = {
  delivery: "X-Maia-Delivery",
  event: "X-Maia-Event",
  timestamp: "X-Maia-Timestamp",
  signature: "X-Maia-Signature",
} as const;

/** An endpoint whose deliveries have failed this long is disabled (and its owner told). */
export const WEBHOOK_FAILING_LIMIT_MS = 24 * 60 * 60 * 1000;

export const WEBHOOK_URL_MAX_LENGTH = 2000;

/**
 * How a receiver checks a delivery, in Node: the snippet the API docs page and the README show, and the one the API
 * tests verify real deliveries with (tests/api/webhooks.test.ts), so the documentation cannot drift from the server.
 */
export const WEBHOOK_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// secret: the endpoint's secret (whsec_…); headers: the request's headers (lower-case names);
// rawBody: the request body exactly as received (a string), before any JSON parsing.
export function verifyMaiaWebhook(secret, headers, rawBody, toleranceSeconds = 300) {
  const timestamp = headers["x-maia-timestamp"] ?? "";
  const signature = headers["x-maia-signature"] ?? "";
  const expected = "sha256=" + createHmac("sha256", secret).update(timestamp + "." + rawBody).digest("hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= toleranceSeconds;
  return fresh && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}`;
