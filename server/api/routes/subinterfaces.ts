import "server-only";
import { subinterfaceCreateSchema, subinterfaceSchema, subinterfaceUpdateSchema } from "@/lib/nodes/schema";
import { createSubinterface, deleteSubinterface, updateSubinterface } from "@/server/nodes/ports";
import { serviceContext } from "../context";
import { createRouter, deleted, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { nodeParams } from "../params";
import { networkConflict, WRITE } from "../network";

export const subinterfacesRouter = createRouter();

const subinterfaceParams = nodeParams.extend({ subinterfaceId: idSchema });

// POST /api/v1/config/node/{nodeId}/subinterface — on the node's interface named by interfaceId.
subinterfacesRouter.openapi(
  route({
    method: "post",
    path: "/config/node/{nodeId}/subinterface",
    idempotent: true,
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(subinterfaceCreateSchema) },
    responses: { 201: jsonResponse(subinterfaceSchema, "Created subinterface"), ...standardErrors, ...networkConflict },
  }),
  async (c) => c.json(await createSubinterface(serviceContext(c), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/subinterface/{subinterfaceId}
subinterfacesRouter.openapi(
  route({
    method: "patch",
    path: "/config/node/{nodeId}/subinterface/{subinterfaceId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: subinterfaceParams, body: jsonBody(subinterfaceUpdateSchema) },
    responses: { 200: jsonResponse(subinterfaceSchema, "Updated subinterface"), ...standardErrors, ...networkConflict },
  }),
  async (c) => {
    const { nodeId, subinterfaceId } = c.req.valid("param");
    return c.json(await updateSubinterface(serviceContext(c), nodeId, subinterfaceId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/subinterface/{subinterfaceId}
subinterfacesRouter.openapi(
  route({
    method: "delete",
    path: "/config/node/{nodeId}/subinterface/{subinterfaceId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: subinterfaceParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    const { nodeId, subinterfaceId } = c.req.valid("param");
    await deleteSubinterface(serviceContext(c), nodeId, subinterfaceId);
    return c.body(null, 204);
  },
);
