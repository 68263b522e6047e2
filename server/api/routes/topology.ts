import "server-only";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { blastRadiusSchema, topologyGraphSchema, topologyLinkQuerySchema, topologyLinkRowSchema } from "@/lib/topology/schema";
import { linkBlastRadius, nodeBlastRadius } from "@/server/topology/blast-radius";
import { mspTopologyGraph } from "@/server/topology/graph";
import { listTopologyLinks } from "@/server/topology/links";
import { serviceContext } from "../context";
import { createRouter, jsonResponse, route, standardErrors } from "../openapi";
import { linkParams, mspParams, nodeParams } from "../params";
import { READ } from "../network";

export const topologyRouter = createRouter();

// GET /api/v1/config/msp/{mspId}/topology — every node with its device's state and every link with its health.
topologyRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/topology",
    scopes: [READ],
    tags: ["topology"],
    request: { params: mspParams },
    responses: { 200: jsonResponse(topologyGraphSchema, "The MSP's nodes and links with their health"), ...standardErrors },
  }),
  async (c) => c.json(await mspTopologyGraph(serviceContext(c), c.req.valid("param").mspId), 200),
);

// GET /api/v1/config/msp/{mspId}/topology/link — the links table: ends, priority (cost) and status (?type=, ?health=, ?nodeId=, ?search=).
topologyRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/topology/link",
    scopes: [READ],
    tags: ["topology"],
    request: { params: mspParams, query: pageQuerySchema.extend(topologyLinkQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(topologyLinkRowSchema), "A page of links with their live state"), ...standardErrors },
  }),
  async (c) => c.json(await listTopologyLinks(serviceContext(c), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// GET /api/v1/config/link/{linkId}/blast-radius — the customers' paths whose route crosses the link, with their SLA.
topologyRouter.openapi(
  route({
    method: "get",
    path: "/config/link/{linkId}/blast-radius",
    scopes: [READ],
    tags: ["topology"],
    request: { params: linkParams },
    responses: { 200: jsonResponse(blastRadiusSchema, "The paths over the link and their customers"), ...standardErrors },
  }),
  async (c) => c.json(await linkBlastRadius(serviceContext(c), c.req.valid("param").linkId), 200),
);

// GET /api/v1/config/node/{nodeId}/blast-radius — the customers' paths whose route crosses the node, with their SLA.
topologyRouter.openapi(
  route({
    method: "get",
    path: "/config/node/{nodeId}/blast-radius",
    scopes: [READ],
    tags: ["topology"],
    request: { params: nodeParams },
    responses: { 200: jsonResponse(blastRadiusSchema, "The paths over the node and their customers"), ...standardErrors },
  }),
  async (c) => c.json(await nodeBlastRadius(serviceContext(c), c.req.valid("param").nodeId), 200),
);
