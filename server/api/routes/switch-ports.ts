import "server-only";
import { switchPortCreateSchema, switchPortSchema, switchPortUpdateSchema } from "@/lib/nodes/schema";
import { createSwitchPort, deleteSwitchPort, updateSwitchPort } from "@/server/nodes/ports";
import { serviceContext } from "../context";
import { createRouter, deleted, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { nodeParams } from "../params";
import { networkConflict, WRITE } from "../network";

export const switchPortsRouter = createRouter();

const switchPortParams = nodeParams.extend({ switchPortId: idSchema });

// POST /api/v1/config/node/{nodeId}/switch-port — on a With Switch edge node; bandwidth in Gbps.
switchPortsRouter.openapi(
  route({
    method: "post",
    path: "/config/node/{nodeId}/switch-port",
    idempotent: true,
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(switchPortCreateSchema) },
    responses: { 201: jsonResponse(switchPortSchema, "Created switch port"), ...standardErrors, ...networkConflict },
  }),
  async (c) => c.json(await createSwitchPort(serviceContext(c), c.req.valid("param").nodeId, c.req.valid("json")), 201),
);

// PATCH /api/v1/config/node/{nodeId}/switch-port/{switchPortId}
switchPortsRouter.openapi(
  route({
    method: "patch",
    path: "/config/node/{nodeId}/switch-port/{switchPortId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: switchPortParams, body: jsonBody(switchPortUpdateSchema) },
    responses: { 200: jsonResponse(switchPortSchema, "Updated switch port"), ...standardErrors, ...networkConflict },
  }),
  async (c) => {
    const { nodeId, switchPortId } = c.req.valid("param");
    return c.json(await updateSwitchPort(serviceContext(c), nodeId, switchPortId, c.req.valid("json")), 200);
  },
);

// DELETE /api/v1/config/node/{nodeId}/switch-port/{switchPortId}
switchPortsRouter.openapi(
  route({
    method: "delete",
    path: "/config/node/{nodeId}/switch-port/{switchPortId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: switchPortParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    const { nodeId, switchPortId } = c.req.valid("param");
    await deleteSwitchPort(serviceContext(c), nodeId, switchPortId);
    return c.body(null, 204);
  },
);
