import "server-only";
import {
  deviceAssignSchema,
  deviceClaimSchema,
  deviceCreateSchema,
  deviceListQuerySchema,
  deviceMspAssignSchema,
  deviceSchema,
  deviceUnassignmentSchema,
} from "@/lib/inventory/schema";
import { deviceTokenSchema } from "@/lib/telemetry/schema";
import {
  assignDevice,
  assignDeviceToMsp,
  claimDevice,
  createDevice,
  listDevices,
  releaseDevice,
  unassignDevice,
  deviceUnassignment,
} from "@/server/inventory/service";
import { deviceTokenRules } from "@/server/inventory/token-limits";
import { issueTokenForDevice } from "@/server/telemetry/device-tokens";
import { claimRules } from "@/server/auth/attempt-limits";
import { guessUnderLimits, reserveAttempt, tooManyAttempts } from "@/server/auth/attempt-throttle";
import { NotFoundError } from "@/server/core/errors";
import { clientAddress, serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { conflict, createRouter, errorAnswerDoc, idParams, jsonBody, jsonResponse, route, standardErrors } from "../openapi";

export const inventoryRouter = createRouter();

// Only a serial number and code that match no unclaimed device count as a guess.
const isWrongClaim = (error: unknown) => error instanceof NotFoundError && error.key === "apiErrors.claimFailed";

// GET /api/v1/inventory/device — the devices the caller may see: every one for the operator, its own for an MSP.
inventoryRouter.openapi(
  route({
    method: "get",
    path: "/inventory/device",
    // Inventory reads: the operator's staff need internal:inventory:read, an MSP's msp:inventory:read (SPEC §6).
    scopes: { maia: ["internal:inventory:read"], others: ["msp:inventory:read"] },
    tags: ["inventory"],
    request: { query: pageQuerySchema.extend(deviceListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(deviceSchema), "A page of devices, by serial number"), ...standardErrors },
  }),
  async (c) => c.json(await listDevices(serviceContext(c), c.req.valid("query")), 200),
);

// POST /api/v1/inventory/device — the operator adds a device to its stock.
inventoryRouter.openapi(
  route({
    method: "post",
    path: "/inventory/device",
    idempotent: true,
    scopes: ["internal:inventory:write"],
    tags: ["inventory"],
    request: { body: jsonBody(deviceCreateSchema) },
    responses: { 201: jsonResponse(deviceSchema, "The added device, unclaimed"), ...standardErrors, ...conflict("The serial number exists") },
  }),
  async (c) => c.json(await createDevice(serviceContext(c), c.req.valid("json")), 201),
);

// POST /api/v1/inventory/device/claim — an MSP claims an unclaimed device with its claim code.
inventoryRouter.openapi(
  route({
    method: "post",
    path: "/inventory/device/claim",
    idempotent: true,
    scopes: ["msp:inventory:write"],
    tags: ["inventory"],
    request: { body: jsonBody(deviceClaimSchema) },
    responses: {
      200: jsonResponse(deviceSchema, "The claimed device"),
      ...standardErrors,
      429: errorAnswerDoc("Too many wrong claim codes from this address or organization"),
    },
  }),
  async (c) => {
    const context = serviceContext(c);
    const rules = claimRules(clientAddress(c), context.principal.organizationId);
    const device = await guessUnderLimits(context.db, rules, "apiErrors.tooManyClaimAttempts", () => claimDevice(context, c.req.valid("json")), isWrongClaim);
    return c.json(device, 200);
  },
);

// POST /api/v1/inventory/device/{id}/assign — the device takes the configuration of one of its MSP's nodes.
inventoryRouter.openapi(
  route({
    method: "post",
    path: "/inventory/device/{id}/assign",
    scopes: ["msp:inventory:write"],
    tags: ["inventory"],
    request: { params: idParams, body: jsonBody(deviceAssignSchema) },
    responses: {
      200: jsonResponse(deviceSchema, "The assigned device"),
      ...standardErrors,
      ...conflict("The device is unclaimed or on another node, or the node has a device"),
    },
  }),
  async (c) => {
    const device = await assignDevice(serviceContext(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json(device, 200);
  },
);

// GET /api/v1/inventory/device/{id}/unassignment — the connectors (and customers) its node serves, asked before unassigning.
inventoryRouter.openapi(
  route({
    method: "get",
    path: "/inventory/device/{id}/unassignment",
    scopes: ["msp:inventory:read"],
    tags: ["inventory"],
    request: { params: idParams },
    responses: { 200: jsonResponse(deviceUnassignmentSchema, "The device's node and the connectors it serves"), ...standardErrors },
  }),
  async (c) => c.json(await deviceUnassignment(serviceContext(c), c.req.valid("param").id), 200),
);

// POST /api/v1/inventory/device/{id}/unassign — the device leaves its node.
inventoryRouter.openapi(
  route({
    method: "post",
    path: "/inventory/device/{id}/unassign",
    scopes: ["msp:inventory:write"],
    tags: ["inventory"],
    request: { params: idParams },
    responses: { 200: jsonResponse(deviceSchema, "The unassigned device"), ...standardErrors },
  }),
  async (c) => {
    const device = await unassignDevice(serviceContext(c), c.req.valid("param").id);
    return c.json(device, 200);
  },
);

// POST /api/v1/inventory/device/{id}/release — the operator returns a claimed device to its stock.
inventoryRouter.openapi(
  route({
    method: "post",
    path: "/inventory/device/{id}/release",
    scopes: ["internal:inventory:write"],
    tags: ["inventory"],
    request: { params: idParams },
    responses: {
      200: jsonResponse(deviceSchema, "The device, unclaimed again"),
      ...standardErrors,
      ...conflict("The device is assigned, or one of its operations is running"),
    },
  }),
  async (c) => {
    const device = await releaseDevice(serviceContext(c), c.req.valid("param").id);
    return c.json(device, 200);
  },
);


// POST /api/v1/inventory/device/{id}/msp — the operator hands a device of its stock to an MSP.
inventoryRouter.openapi(
  route({
    method: "post",
    path: "/inventory/device/{id}/msp",
    scopes: ["internal:inventory:write"],
    tags: ["inventory"],
    request: { params: idParams, body: jsonBody(deviceMspAssignSchema) },
    responses: {
      200: jsonResponse(deviceSchema, "The device, now the MSP's"),
      ...standardErrors,
      ...conflict("Another MSP holds the device"),
    },
  }),
  async (c) => {
    const device = await assignDeviceToMsp(serviceContext(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json(device, 200);
  },
);

// POST /api/v1/inventory/device/{id}/token — a new ingestion token for one of the caller's claimed devices, shown
// once; the previous one stops working. Counted per organization and address (server/inventory/token-limits.ts).
inventoryRouter.openapi(
  route({
    method: "post",
    path: "/inventory/device/{id}/token",
    scopes: ["msp:inventory:write"],
    tags: ["inventory"],
    request: { params: idParams },
    responses: {
      201: jsonResponse(deviceTokenSchema, "The token (the previous one no longer works)"),
      ...standardErrors,
      ...conflict("The device is not claimed"),
      429: errorAnswerDoc("Too many tokens issued from this address or organization"),
    },
  }),
  async (c) => {
    const context = serviceContext(c);
    const reservation = await reserveAttempt(context.db, deviceTokenRules(clientAddress(c), context.principal.organizationId));
    if (!reservation.ok) throw tooManyAttempts("inventory.errors.tooManyTokens", reservation.retryAfterMs);
    return c.json(await issueTokenForDevice(context, c.req.valid("param").id), 201);
  },
);
