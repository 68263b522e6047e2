import type { ApiPath } from "./route-types";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/**
 * The creates that take an Idempotency-Key (server/api/idempotency.ts; `idempotent: true` on their route): the typed
 * client sends a fresh key with each call of one and the same key with its retry. A test checks the list against the
 * OpenAPI document.
 */
export const IDEMPOTENT_CREATES: ReadonlySet<string> = new Set<ApiPath<"post">>([
  "/api/v1/chat",
  "/api/v1/config/msp/{id}/organization",
  "/api/v1/config/msp/{mspId}/core-fabric",
  "/api/v1/config/msp/{mspId}/external-fabric",
  "/api/v1/config/msp/{mspId}/link",
  "/api/v1/config/msp/{mspId}/node",
  "/api/v1/config/node/{nodeId}/interface",
  "/api/v1/config/node/{nodeId}/ipsec-endpoint",
  "/api/v1/config/node/{nodeId}/subinterface",
  "/api/v1/config/node/{nodeId}/switch-port",
  "/api/v1/config/organization/{organizationId}/path",
  "/api/v1/config/organization/{organizationId}/site",
  "/api/v1/config/site/{siteId}/connector",
  "/api/v1/core/msp",
  "/api/v1/inventory/device",
  "/api/v1/inventory/device/claim",
  "/api/v1/lifecycle/operation",
  "/api/v1/lifecycle/rollout",
  "/api/v1/organization/{organizationId}/invitation",
  "/api/v1/organization/{organizationId}/webhook",
  "/api/v1/support/ticket",
]);
