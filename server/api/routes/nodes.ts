import "server-only";
import {
  nodeCreateSchema,
  nodeDeletionSchema,
  nodeDetailSchema,
  nodeListItemSchema,
  nodeListQuerySchema,
  nodeSchema,
  nodeStatusSchema,
  nodeUpdateSchema,
} from "@/lib/nodes/schema";
import { createNode, deleteNode, getNode, listNodes, updateNode } from "@/server/nodes/service";
import { nodeDeletion, nodeStatus } from "@/server/nodes/status";
import { serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { createRouter, deleted, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { mspParams, nodeParams } from "../params";
import { networkConflict, READ, WRITE } from "../network";

export const nodesRouter = createRouter();

// GET /api/v1/config/msp/{mspId}/node — the MSP's nodes by name (?kind=edge|cpe|core, ?search=).
nodesRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/node",
    scopes: [READ],
    tags: ["nodes"],
    request: { params: mspParams, query: pageQuerySchema.extend(nodeListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(nodeListItemSchema), "A page of nodes with their health"), ...standardErrors },
  }),
  async (c) => c.json(await listNodes(serviceContext(c), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// POST /api/v1/config/msp/{mspId}/node — an edge (Standard or With Switch), CPE or core node.
nodesRouter.openapi(
  route({
    method: "post",
    path: "/config/msp/{mspId}/node",
    idempotent: true,
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: mspParams, body: jsonBody(nodeCreateSchema) },
    responses: { 201: jsonResponse(nodeSchema, "Created node"), ...standardErrors },
  }),
  async (c) => c.json(await createNode(serviceContext(c), c.req.valid("param").mspId, c.req.valid("json")), 201),
);

// GET /api/v1/config/node/{nodeId} — the node with its ports, links and assigned device.
nodesRouter.openapi(
  route({
    method: "get",
    path: "/config/node/{nodeId}",
    scopes: [READ],
    tags: ["nodes"],
    request: { params: nodeParams },
    responses: { 200: jsonResponse(nodeDetailSchema, "The node"), ...standardErrors },
  }),
  async (c) => c.json(await getNode(serviceContext(c), c.req.valid("param").nodeId), 200),
);

// PATCH /api/v1/config/node/{nodeId} — its properties; the kind stays.
nodesRouter.openapi(
  route({
    method: "patch",
    path: "/config/node/{nodeId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: nodeParams, body: jsonBody(nodeUpdateSchema) },
    responses: { 200: jsonResponse(nodeSchema, "Updated node"), ...standardErrors, ...networkConflict },
  }),
  async (c) => c.json(await updateNode(serviceContext(c), c.req.valid("param").nodeId, c.req.valid("json")), 200),
);

// DELETE /api/v1/config/node/{nodeId} — with its ports and links.
nodesRouter.openapi(
  route({
    method: "delete",
    path: "/config/node/{nodeId}",
    scopes: [WRITE],
    tags: ["nodes"],
    request: { params: nodeParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteNode(serviceContext(c), c.req.valid("param").nodeId);
    return c.body(null, 204);
  },
);

// GET /api/v1/config/node/{nodeId}/status — its health and why (device, ports and links down), its open alarms.
nodesRouter.openapi(
  route({
    method: "get",
    path: "/config/node/{nodeId}/status",
    scopes: [READ],
    tags: ["nodes"],
    request: { params: nodeParams },
    responses: { 200: jsonResponse(nodeStatusSchema, "The node's health and open alarms"), ...standardErrors },
  }),
  async (c) => c.json(await nodeStatus(serviceContext(c), c.req.valid("param").nodeId), 200),
);

// GET /api/v1/config/node/{nodeId}/deletion — what deleting the node removes with it, to say so before confirming.
nodesRouter.openapi(
  route({
    method: "get",
    path: "/config/node/{nodeId}/deletion",
    scopes: [READ],
    tags: ["nodes"],
    request: { params: nodeParams },
    responses: { 200: jsonResponse(nodeDeletionSchema, "What deleting the node removes"), ...standardErrors },
  }),
  async (c) => c.json(await nodeDeletion(serviceContext(c), c.req.valid("param").nodeId), 200),
);
