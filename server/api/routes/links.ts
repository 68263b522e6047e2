import "server-only";
import { linkCreateSchema, linkListQuerySchema, linkSchema, linkUpdateSchema } from "@/lib/links/schema";
import { createLink, deleteLink, getLink, listLinks, updateLink } from "@/server/nodes/links";
import { serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { createRouter, deleted, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { linkParams, mspParams } from "../params";
import { networkConflict, READ, WRITE } from "../network";

export const linksRouter = createRouter();


// GET /api/v1/config/msp/{mspId}/link — the MSP's links by name (?type=, ?nodeId=, ?search=).
linksRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/link",
    scopes: [READ],
    tags: ["links"],
    request: { params: mspParams, query: pageQuerySchema.extend(linkListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(linkSchema), "A page of links"), ...standardErrors },
  }),
  async (c) => c.json(await listLinks(serviceContext(c), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// POST /api/v1/config/msp/{mspId}/link — VLANs left out are auto-assigned (lowest free from 100 on each node).
linksRouter.openapi(
  route({
    method: "post",
    path: "/config/msp/{mspId}/link",
    idempotent: true,
    scopes: [WRITE],
    tags: ["links"],
    request: { params: mspParams, body: jsonBody(linkCreateSchema) },
    responses: { 201: jsonResponse(linkSchema, "Created link"), ...standardErrors, ...networkConflict },
  }),
  async (c) => c.json(await createLink(serviceContext(c), c.req.valid("param").mspId, c.req.valid("json")), 201),
);

// GET /api/v1/config/link/{linkId} — with both node names.
linksRouter.openapi(
  route({
    method: "get",
    path: "/config/link/{linkId}",
    scopes: [READ],
    tags: ["links"],
    request: { params: linkParams },
    responses: { 200: jsonResponse(linkSchema, "The link"), ...standardErrors },
  }),
  async (c) => c.json(await getLink(serviceContext(c), c.req.valid("param").linkId), 200),
);

// PATCH /api/v1/config/link/{linkId} — a VLAN set to null is reassigned; one left out stays while its node does.
linksRouter.openapi(
  route({
    method: "patch",
    path: "/config/link/{linkId}",
    scopes: [WRITE],
    tags: ["links"],
    request: { params: linkParams, body: jsonBody(linkUpdateSchema) },
    responses: { 200: jsonResponse(linkSchema, "Updated link"), ...standardErrors, ...networkConflict },
  }),
  async (c) => c.json(await updateLink(serviceContext(c), c.req.valid("param").linkId, c.req.valid("json")), 200),
);

// DELETE /api/v1/config/link/{linkId}
linksRouter.openapi(
  route({
    method: "delete",
    path: "/config/link/{linkId}",
    scopes: [WRITE],
    tags: ["links"],
    request: { params: linkParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteLink(serviceContext(c), c.req.valid("param").linkId);
    return c.body(null, 204);
  },
);
