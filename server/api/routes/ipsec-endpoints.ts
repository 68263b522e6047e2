import "server-only";
import { ipsecEndpointCreateSchema, ipsecEndpointSchema, ipsecEndpointUpdateSchema } from "@/lib/nodes/schema";
import { createIpsecEndpoint, deleteIpsecEndpoint, updateIpsecEndpoint } from "@/server/nodes/ports";
import { serviceContext } from "../context";
import { createRouter, deleted, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { nodeParams } from "../params";
import { networkConflict, WRITE } from "../network";

export const ipsecEndpointsRouter = createRouter();

const ipsecEndpointParams = nodeParams.extend({ ipsecEndpointId: idSchema });

// POST /api/v1/config/node/{nodeId}/ipsec-endpoint
ipsecEndpointsRouter.openapi(
  route({
    method: "post",
    path: "/config/node/{nodeId}/ipsec-endpoint",
    idempotent: true,
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(ipsecEndpointCreateSchema) },
    responses: { 201: jsonResponse(ipsecEndpointSchema, "Created IPsec endpoint"), ...standardErrors },
  }),
  async (c) => c.json(await createIpsecEndpoint(serviceContext(c), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}
ipsecEndpointsRouter.openapi(
  route({
    method: "patch",
    path: "/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: ipsecEndpointParams, body: jsonBody(ipsecEndpointUpdateSchema) },
    responses: { 200: jsonResponse(ipsecEndpointSchema, "Updated IPsec endpoint"), ...standardErrors },
  }),
  async (c) => {
    const { nodeId, ipsecEndpointId } = c.req.valid("param");
    return c.json(await updateIpsecEndpoint(serviceContext(c), nodeId, ipsecEndpointId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId} — not while a link uses it.
ipsecEndpointsRouter.openapi(
  route({
    method: "delete",
    path: "/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: ipsecEndpointParams },
    responses: { ...deleted, ...standardErrors, ...networkConflict },
  }),
  async (c) => {
    const { nodeId, ipsecEndpointId } = c.req.valid("param");
    await deleteIpsecEndpoint(serviceContext(c), nodeId, ipsecEndpointId);
    return c.body(null, 204);
  },
);
