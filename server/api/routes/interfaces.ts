import "server-only";
import { createRoute } from "@hono/zod-openapi";
import { interfaceCreateSchema, interfaceSchema, interfaceUpdateSchema } from "@/lib/nodes/schema";
import { createInterface, deleteInterface, updateInterface } from "@/server/nodes/ports";
import { serviceContext } from "../context";
import { createRouter, deleted, idSchema, jsonBody, jsonResponse, standardErrors } from "../openapi";
import { nodeParams } from "../params";
import { networkConflict, WRITE } from "../network";

export const interfacesRouter = createRouter();

const interfaceParams = nodeParams.extend({ interfaceId: idSchema });

// POST /api/v1/config/node/{nodeId}/interface
interfacesRouter.openapi(
  createRoute({
    method: "post",
    path: "/config/node/{nodeId}/interface",
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(interfaceCreateSchema) },
    responses: { 201: jsonResponse(interfaceSchema, "Created interface"), ...standardErrors, ...networkConflict },
  }),
  async (c) => c.json(await createInterface(serviceContext(c, WRITE), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/interface/{interfaceId}
interfacesRouter.openapi(
  createRoute({
    method: "patch",
    path: "/config/node/{nodeId}/interface/{interfaceId}",
    tags: ["nodes"],
    request: { params: interfaceParams, body: jsonBody(interfaceUpdateSchema) },
    responses: { 200: jsonResponse(interfaceSchema, "Updated interface"), ...standardErrors, ...networkConflict },
  }),
  async (c) => {
    const { nodeId, interfaceId } = c.req.valid("param");
    return c.json(await updateInterface(serviceContext(c, WRITE), nodeId, interfaceId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/interface/{interfaceId} — with its subinterfaces; not while a link uses it.
interfacesRouter.openapi(
  createRoute({
    method: "delete",
    path: "/config/node/{nodeId}/interface/{interfaceId}",
    tags: ["nodes"],
    request: { params: interfaceParams },
    responses: { ...deleted, ...standardErrors, ...networkConflict },
  }),
  async (c) => {
    const { nodeId, interfaceId } = c.req.valid("param");
    await deleteInterface(serviceContext(c, WRITE), nodeId, interfaceId);
    return c.body(null, 204);
  },
);
