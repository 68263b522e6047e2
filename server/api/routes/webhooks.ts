import "server-only";
import { z } from "zod";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import {
  webhookAttemptSchema,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from "@/lib/webhooks/schema";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listAttempts,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from "@/server/webhooks/service";
import { serviceContext } from "../context";
import { conflict, createRouter, deleted, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { organizationParams } from "../params";

export const webhooksRouter = createRouter();

// Whoever reads an organization's configuration sees its webhooks; only its admins change them.
const READ = ["common:config:read"] as const;
const MANAGE = ["common:config:write", "common:user:write"] as const;

const webhookParams = z.object({ webhookId: idSchema });
const deliveryParams = webhookParams.extend({ deliveryId: idSchema });

// GET /api/v1/organization/{organizationId}/webhook — the organization's endpoints, by URL.
webhooksRouter.openapi(
  route({
    method: "get",
    path: "/organization/{organizationId}/webhook",
    scopes: READ,
    tags: ["webhooks"],
    request: { params: organizationParams, query: pageQuerySchema },
    responses: { 200: jsonResponse(pageSchema(webhookEndpointSchema), "A page of webhook endpoints"), ...standardErrors },
  }),
  async (c) => c.json(await listWebhooks(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
);

// POST /api/v1/organization/{organizationId}/webhook — subscribes an HTTPS endpoint; its secret is in this answer only.
webhooksRouter.openapi(
  route({
    method: "post",
    path: "/organization/{organizationId}/webhook",
    idempotent: true,
    scopes: MANAGE,
    tags: ["webhooks"],
    request: { params: organizationParams, body: jsonBody(webhookCreateSchema) },
    responses: {
      201: jsonResponse(webhookWithSecretSchema, "The endpoint, with its signing secret (shown this once)"),
      ...standardErrors,
      ...conflict("The organization has as many endpoints as it may"),
    },
  }),
  async (c) => c.json(await createWebhook(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("json")), 201),
);

// GET /api/v1/webhook/{webhookId} — one endpoint (never its secret).
webhooksRouter.openapi(
  route({
    method: "get",
    path: "/webhook/{webhookId}",
    scopes: READ,
    tags: ["webhooks"],
    request: { params: webhookParams },
    responses: { 200: jsonResponse(webhookEndpointSchema, "The endpoint"), ...standardErrors },
  }),
  async (c) => c.json(await getWebhook(serviceContext(c), c.req.valid("param").webhookId), 200),
);

// PATCH /api/v1/webhook/{webhookId} — its URL, event types, customers' events, enabled.
webhooksRouter.openapi(
  route({
    method: "patch",
    path: "/webhook/{webhookId}",
    scopes: MANAGE,
    tags: ["webhooks"],
    request: { params: webhookParams, body: jsonBody(webhookUpdateSchema) },
    responses: { 200: jsonResponse(webhookEndpointSchema, "The endpoint"), ...standardErrors },
  }),
  async (c) => c.json(await updateWebhook(serviceContext(c), c.req.valid("param").webhookId, c.req.valid("json")), 200),
);

// DELETE /api/v1/webhook/{webhookId} — the endpoint, its deliveries and their log.
webhooksRouter.openapi(
  route({
    method: "delete",
    path: "/webhook/{webhookId}",
    scopes: MANAGE,
    tags: ["webhooks"],
    request: { params: webhookParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteWebhook(serviceContext(c), c.req.valid("param").webhookId);
    return c.body(null, 204);
  },
);

// POST /api/v1/webhook/{webhookId}/secret — rotates the signing secret; the new one is in this answer only.
webhooksRouter.openapi(
  route({
    method: "post",
    path: "/webhook/{webhookId}/secret",
    scopes: MANAGE,
    tags: ["webhooks"],
    request: { params: webhookParams },
    responses: { 200: jsonResponse(webhookWithSecretSchema, "The endpoint, with its new secret (shown this once)"), ...standardErrors },
  }),
  async (c) => c.json(await rotateWebhookSecret(serviceContext(c), c.req.valid("param").webhookId), 200),
);

// POST /api/v1/webhook/{webhookId}/test — queues a test event for this endpoint.
webhooksRouter.openapi(
  route({
    method: "post",
    path: "/webhook/{webhookId}/test",
    scopes: MANAGE,
    tags: ["webhooks"],
    request: { params: webhookParams },
    responses: { 202: jsonResponse(webhookDeliverySchema, "The test delivery, queued"), ...standardErrors },
  }),
  async (c) => c.json(await sendTestEvent(serviceContext(c), c.req.valid("param").webhookId), 202),
);

// GET /api/v1/webhook/{webhookId}/delivery — the deliveries log, newest first.
webhooksRouter.openapi(
  route({
    method: "get",
    path: "/webhook/{webhookId}/delivery",
    scopes: READ,
    tags: ["webhooks"],
    request: { params: webhookParams, query: pageQuerySchema },
    responses: { 200: jsonResponse(pageSchema(webhookDeliverySchema), "A page of deliveries, newest first"), ...standardErrors },
  }),
  async (c) => c.json(await listDeliveries(serviceContext(c), c.req.valid("param").webhookId, c.req.valid("query")), 200),
);

// GET /api/v1/webhook/{webhookId}/delivery/{deliveryId}/attempt — each attempt of a delivery, oldest first.
webhooksRouter.openapi(
  route({
    method: "get",
    path: "/webhook/{webhookId}/delivery/{deliveryId}/attempt",
    scopes: READ,
    tags: ["webhooks"],
    request: { params: deliveryParams },
    responses: { 200: jsonResponse(z.array(webhookAttemptSchema), "The attempts"), ...standardErrors },
  }),
  async (c) => {
    const { webhookId, deliveryId } = c.req.valid("param");
    return c.json(await listAttempts(serviceContext(c), webhookId, deliveryId), 200);
  },
);

// POST /api/v1/webhook/{webhookId}/delivery/{deliveryId}/redeliver — the same event again, as a new delivery.
webhooksRouter.openapi(
  route({
    method: "post",
    path: "/webhook/{webhookId}/delivery/{deliveryId}/redeliver",
    scopes: MANAGE,
    tags: ["webhooks"],
    request: { params: deliveryParams },
    responses: { 202: jsonResponse(webhookDeliverySchema, "The new delivery, queued"), ...standardErrors },
  }),
  async (c) => {
    const { webhookId, deliveryId } = c.req.valid("param");
    return c.json(await redeliver(serviceContext(c), webhookId, deliveryId), 202);
  },
);
