import "server-only";
import { z } from "zod";
import { lifecycleOperationCancelSchema, lifecycleOperationCreateSchema, lifecycleOperationListQuerySchema, lifecycleOperationSchema, lifecycleOperationUpdateSchema, type LifecycleOperation } from "@/lib/lifecycle/schema";
import { translateLifecycleSummary } from "@/lib/lifecycle/result-message";
import { cancelOperations, createOperations, listOperations, rescheduleOperation } from "@/server/lifecycle/service";
import { serviceContext, type ApiContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { conflict, createRouter, idParams, jsonBody, jsonResponse, route, standardErrors } from "../openapi";

export const lifecycleRouter = createRouter();

/** An operation as this request's reader sees it: the stored summary message in their language. */
function localized(c: ApiContext, operation: LifecycleOperation): LifecycleOperation {
  return { ...operation, summary: translateLifecycleSummary(c.get("t"), operation.summary) };
}

// GET /api/v1/lifecycle/operation?tab= — the operations of one tab.
lifecycleRouter.openapi(
  route({
    method: "get",
    path: "/lifecycle/operation",
    scopes: ["msp:lifecycle:read"],
    tags: ["lifecycle"],
    request: { query: pageQuerySchema.extend(lifecycleOperationListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(lifecycleOperationSchema), "A page of operations, by start time"), ...standardErrors },
  }),
  async (c) => {
    const page = await listOperations(serviceContext(c), c.req.valid("query"));
    return c.json({ items: page.items.map((operation) => localized(c, operation)), nextCursor: page.nextCursor }, 200);
  },
);

// POST /api/v1/lifecycle/operation — schedules one operation per device, now or later.
lifecycleRouter.openapi(
  route({
    method: "post",
    path: "/lifecycle/operation",
    idempotent: true,
    scopes: ["msp:lifecycle:write"],
    tags: ["lifecycle"],
    request: { body: jsonBody(lifecycleOperationCreateSchema) },
    responses: {
      201: jsonResponse(z.array(lifecycleOperationSchema), "The scheduled operations"),
      ...standardErrors,
      ...conflict("A device already has an operation scheduled or running"),
    },
  }),
  async (c) => {
    const created = await createOperations(serviceContext(c), c.req.valid("json"));
    return c.json(created.map((operation) => localized(c, operation)), 201);
  },
);

// PATCH /api/v1/lifecycle/operation/{id} — a scheduled operation's new start time.
lifecycleRouter.openapi(
  route({
    method: "patch",
    path: "/lifecycle/operation/{id}",
    scopes: ["msp:lifecycle:write"],
    tags: ["lifecycle"],
    request: { params: idParams, body: jsonBody(lifecycleOperationUpdateSchema) },
    responses: {
      200: jsonResponse(lifecycleOperationSchema, "The rescheduled operation"),
      ...standardErrors,
      ...conflict("The operation is no longer scheduled"),
    },
  }),
  async (c) => {
    const updated = await rescheduleOperation(serviceContext(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json(localized(c, updated), 200);
  },
);

// POST /api/v1/lifecycle/operation/cancel — cancels scheduled operations, all or none.
lifecycleRouter.openapi(
  route({
    method: "post",
    path: "/lifecycle/operation/cancel",
    scopes: ["msp:lifecycle:write"],
    tags: ["lifecycle"],
    request: { body: jsonBody(lifecycleOperationCancelSchema) },
    responses: {
      200: jsonResponse(z.array(lifecycleOperationSchema), "The cancelled operations"),
      ...standardErrors,
      ...conflict("An operation is no longer scheduled"),
    },
  }),
  async (c) => {
    const cancelled = await cancelOperations(serviceContext(c), c.req.valid("json").operationIds);
    return c.json(cancelled.map((operation) => localized(c, operation)), 200);
  },
);
