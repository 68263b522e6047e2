import "server-only";
import { interfaceCreateSchema, interfaceSchema, interfaceUpdateSchema } from "@/lib/nodes/schema";
import { createInterface, deleteInterface, updateInterface } from "@/server/nodes/ports";
import { serviceContext } from "../context";
import { createRouter, deleted, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { nodeParams } from "../params";
import { networkConflict, WRITE } from "../network";

export const interfacesRouter = createRouter();

const interfaceParams = nodeParams.extend({ interfaceId: idSchema });

// POST /api/v1/config/node/{nodeId}/interface
interfacesRouter.openapi(
  route({
    method: "post",
    path: "/config/node/{nodeId}/interface",
    idempotent: true,
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(interfaceCreateSchema) },
    responses: { 201: jsonResponse(interfaceSchema, "Created interface"), ...standardErrors, ...networkConflict },
  }),
  async (c) => c.json(await createInterface(serviceContext(c), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/interface/{interfaceId}
interfacesRouter.openapi(
  route({
    method: "patch",
    path: "/config/node/{nodeId}/interface/{interfaceId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: interfaceParams, body: jsonBody(interfaceUpdateSchema) },
    responses: { 200: jsonResponse(interfaceSchema, "Updated interface"), ...standardErrors, ...networkConflict },
  }),
  async (c) => {
    const { nodeId, interfaceId } = c.req.valid("param");
    return c.json(await updateInterface(serviceContext(c), nodeId, interfaceId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/interface/{interfaceId} — with its subinterfaces; not while a link uses it.
interfacesRouter.openapi(
  route({
    method: "delete",
    path: "/config/node/{nodeId}/interface/{interfaceId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: interfaceParams },
    responses: { ...deleted, ...standardErrors, ...networkConflict },
  }),
  async (c) => {
    const { nodeId, interfaceId } = c.req.valid("param");
    await deleteInterface(serviceContext(c), nodeId, interfaceId);
    return c.body(null, 204);
  },
);
