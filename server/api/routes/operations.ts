import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { localizedAlarm } from "@/lib/alarms/message";
import { alarmAcknowledgeSchema, alarmListQuerySchema, alarmSchema, alarmUnacknowledgeSchema } from "@/lib/alarms/schema";
import { eventListQuerySchema, eventSchema } from "@/lib/events/schema";
import { deviceAssignSchema, deviceClaimSchema, deviceCreateSchema, deviceListQuerySchema, deviceSchema } from "@/lib/inventory/schema";
import {
  lifecycleOperationCancelSchema,
  lifecycleOperationCreateSchema,
  lifecycleOperationListQuerySchema,
  lifecycleOperationSchema,
  lifecycleOperationUpdateSchema,
  type LifecycleOperation,
} from "@/lib/lifecycle/schema";
import { translateLifecycleSummary } from "@/lib/lifecycle/result-message";
import { acknowledgeAlarms, listAlarms, unacknowledgeAlarms } from "@/server/alarms/service";
import { listEvents } from "@/server/events/service";
import { assignDevice, claimDevice, createDevice, listDevices, releaseDevice, unassignDevice } from "@/server/inventory/service";
import { cancelOperations, createOperations, listOperations, rescheduleOperation } from "@/server/lifecycle/service";
import { requirePrincipal, serviceContext, type ApiContext } from "../context";
import { createRouter, errorBodySchema, idParams, jsonBody, jsonResponse, standardErrors } from "../openapi";
import { pageQuerySchema, pageSchema } from "@/lib/pagination";

export const operationsRouter = createRouter();

const conflict = (description: string) => ({ 409: { description, content: { "application/json": { schema: errorBodySchema } } } });

/** Inventory reads: the operator's staff need internal:inventory:read, an MSP's msp:inventory:read (SPEC §6). */
function inventoryReadContext(c: ApiContext) {
  const principal = requirePrincipal(c);
  return serviceContext(c, principal.organizationType === "maia" ? "internal:inventory:read" : "msp:inventory:read");
}

// --- Inventory (SPEC §2: core/inventory for the operator, msp/inventory for an MSP; same endpoints) ---

// GET /api/v1/inventory/device — the devices the caller may see: every one for the operator, its own for an MSP.
operationsRouter.openapi(
  createRoute({
    method: "get",
    path: "/inventory/device",
    tags: ["inventory"],
    request: { query: pageQuerySchema.extend(deviceListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(deviceSchema), "A page of devices, by serial number"), ...standardErrors },
  }),
  async (c) => c.json(await listDevices(inventoryReadContext(c), c.req.valid("query")), 200),
);

// POST /api/v1/inventory/device — the operator adds a device to its stock.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/inventory/device",
    tags: ["inventory"],
    request: { body: jsonBody(deviceCreateSchema) },
    responses: { 201: jsonResponse(deviceSchema, "The added device, unclaimed"), ...standardErrors, ...conflict("The serial number exists") },
  }),
  async (c) => c.json(await createDevice(serviceContext(c, "internal:inventory:write"), c.req.valid("json")), 201),
);

// POST /api/v1/inventory/device/claim — an MSP claims an unclaimed device with its claim code.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/inventory/device/claim",
    tags: ["inventory"],
    request: { body: jsonBody(deviceClaimSchema) },
    responses: { 200: jsonResponse(deviceSchema, "The claimed device"), ...standardErrors },
  }),
  async (c) => c.json(await claimDevice(serviceContext(c, "msp:inventory:write"), c.req.valid("json")), 200),
);

// POST /api/v1/inventory/device/{id}/assign — the device takes the configuration of one of its MSP's nodes.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/inventory/device/{id}/assign",
    tags: ["inventory"],
    request: { params: idParams, body: jsonBody(deviceAssignSchema) },
    responses: {
      200: jsonResponse(deviceSchema, "The assigned device"),
      ...standardErrors,
      ...conflict("The device is unclaimed or on another node, or the node has a device"),
    },
  }),
  async (c) => {
    const device = await assignDevice(serviceContext(c, "msp:inventory:write"), c.req.valid("param").id, c.req.valid("json"));
    return c.json(device, 200);
  },
);

// POST /api/v1/inventory/device/{id}/unassign — the device leaves its node.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/inventory/device/{id}/unassign",
    tags: ["inventory"],
    request: { params: idParams },
    responses: { 200: jsonResponse(deviceSchema, "The unassigned device"), ...standardErrors },
  }),
  async (c) => {
    const device = await unassignDevice(serviceContext(c, "msp:inventory:write"), c.req.valid("param").id);
    return c.json(device, 200);
  },
);

// POST /api/v1/inventory/device/{id}/release — the operator returns a claimed device to its stock.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/inventory/device/{id}/release",
    tags: ["inventory"],
    request: { params: idParams },
    responses: {
      200: jsonResponse(deviceSchema, "The device, unclaimed again"),
      ...standardErrors,
      ...conflict("The device is assigned, or one of its operations is running"),
    },
  }),
  async (c) => {
    const device = await releaseDevice(serviceContext(c, "internal:inventory:write"), c.req.valid("param").id);
    return c.json(device, 200);
  },
);

// --- Lifecycle (SPEC §2: msp/lifecycle with the Scheduled, Running and Finished tabs) ---

/** An operation as this request's reader sees it: the stored summary message in their language. */
function localized(c: ApiContext, operation: LifecycleOperation): LifecycleOperation {
  return { ...operation, summary: translateLifecycleSummary(c.get("t"), operation.summary) };
}

// GET /api/v1/lifecycle/operation?tab= — the operations of one tab.
operationsRouter.openapi(
  createRoute({
    method: "get",
    path: "/lifecycle/operation",
    tags: ["lifecycle"],
    request: { query: pageQuerySchema.extend(lifecycleOperationListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(lifecycleOperationSchema), "A page of operations, by start time"), ...standardErrors },
  }),
  async (c) => {
    const page = await listOperations(serviceContext(c, "msp:lifecycle:read"), c.req.valid("query"));
    return c.json({ items: page.items.map((operation) => localized(c, operation)), nextCursor: page.nextCursor }, 200);
  },
);

// POST /api/v1/lifecycle/operation — schedules one operation per device, now or later.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/lifecycle/operation",
    tags: ["lifecycle"],
    request: { body: jsonBody(lifecycleOperationCreateSchema) },
    responses: {
      201: jsonResponse(z.array(lifecycleOperationSchema), "The scheduled operations"),
      ...standardErrors,
      ...conflict("A device already has an operation scheduled or running"),
    },
  }),
  async (c) => {
    const created = await createOperations(serviceContext(c, "msp:lifecycle:write"), c.req.valid("json"));
    return c.json(created.map((operation) => localized(c, operation)), 201);
  },
);

// PATCH /api/v1/lifecycle/operation/{id} — a scheduled operation's new start time.
operationsRouter.openapi(
  createRoute({
    method: "patch",
    path: "/lifecycle/operation/{id}",
    tags: ["lifecycle"],
    request: { params: idParams, body: jsonBody(lifecycleOperationUpdateSchema) },
    responses: {
      200: jsonResponse(lifecycleOperationSchema, "The rescheduled operation"),
      ...standardErrors,
      ...conflict("The operation is no longer scheduled"),
    },
  }),
  async (c) => {
    const updated = await rescheduleOperation(serviceContext(c, "msp:lifecycle:write"), c.req.valid("param").id, c.req.valid("json"));
    return c.json(localized(c, updated), 200);
  },
);

// POST /api/v1/lifecycle/operation/cancel — cancels scheduled operations, all or none.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/lifecycle/operation/cancel",
    tags: ["lifecycle"],
    request: { body: jsonBody(lifecycleOperationCancelSchema) },
    responses: {
      200: jsonResponse(z.array(lifecycleOperationSchema), "The cancelled operations"),
      ...standardErrors,
      ...conflict("An operation is no longer scheduled"),
    },
  }),
  async (c) => {
    const cancelled = await cancelOperations(serviceContext(c, "msp:lifecycle:write"), c.req.valid("json").operationIds);
    return c.json(cancelled.map((operation) => localized(c, operation)), 200);
  },
);

// --- Alarms (shared page): messages are stored as catalogue messages and answered in the reader's language ---

// GET /api/v1/alarm — alarms of the organizations the caller may see (or of one of them); acknowledged ones only
// when asked for, active or cleared ones (or both, by default) as asked.
operationsRouter.openapi(
  createRoute({
    method: "get",
    path: "/alarm",
    tags: ["alarms"],
    request: { query: pageQuerySchema.extend(alarmListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(alarmSchema), "A page of alarms, latest first"), ...standardErrors },
  }),
  async (c) => {
    const page = await listAlarms(serviceContext(c), c.req.valid("query"));
    return c.json({ ...page, items: page.items.map((alarm) => localizedAlarm(c.get("t"), alarm)) }, 200);
  },
);

// POST /api/v1/alarm/acknowledge — acknowledges alarms, all or none, with an optional note.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/alarm/acknowledge",
    tags: ["alarms"],
    request: { body: jsonBody(alarmAcknowledgeSchema) },
    responses: { 200: jsonResponse(z.array(alarmSchema), "The alarms, acknowledged"), ...standardErrors },
  }),
  async (c) => {
    const acknowledged = await acknowledgeAlarms(serviceContext(c, "common:config:write"), c.req.valid("json"));
    return c.json(acknowledged.map((alarm) => localizedAlarm(c.get("t"), alarm)), 200);
  },
);

// POST /api/v1/alarm/unacknowledge — makes alarms active again, all or none.
operationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/alarm/unacknowledge",
    tags: ["alarms"],
    request: { body: jsonBody(alarmUnacknowledgeSchema) },
    responses: { 200: jsonResponse(z.array(alarmSchema), "The alarms, unacknowledged"), ...standardErrors },
  }),
  async (c) => {
    const unacknowledged = await unacknowledgeAlarms(serviceContext(c, "common:config:write"), c.req.valid("json").alarmIds);
    return c.json(unacknowledged.map((alarm) => localizedAlarm(c.get("t"), alarm)), 200);
  },
);

// --- Events (shared page) ---

// GET /api/v1/event — events of the organizations the caller may see (or of one of them), newest first.
operationsRouter.openapi(
  createRoute({
    method: "get",
    path: "/event",
    tags: ["events"],
    request: { query: pageQuerySchema.extend(eventListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(eventSchema), "A page of events, newest first"), ...standardErrors },
  }),
  async (c) => c.json(await listEvents(serviceContext(c), c.req.valid("query")), 200),
);
