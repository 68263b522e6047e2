import "server-only";
import { coreFabricCreateSchema, coreFabricDetailSchema, coreFabricListItemSchema, coreFabricListQuerySchema, coreFabricSchema, coreFabricUpdateSchema, fabricLinksReplaceSchema, fabricMeshSchema } from "@/lib/fabrics/schema";
import { createCoreFabric, deleteCoreFabric, getCoreFabric, getCoreFabricMesh, listCoreFabrics, replaceCoreFabricLinks, updateCoreFabric } from "@/server/fabrics/core";
import { serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { createRouter, deleted, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { fabricParams, mspParams } from "../params";
import { networkConflict, READ, WRITE } from "../network";

export const coreFabricsRouter = createRouter();

// GET /api/v1/config/msp/{mspId}/core-fabric — the MSP's core fabrics by name, with node and link counts and health.
coreFabricsRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/core-fabric",
    scopes: [READ],
    tags: ["core-fabrics"],
    request: { params: mspParams, query: pageQuerySchema.extend(coreFabricListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(coreFabricListItemSchema), "A page of core fabrics"), ...standardErrors },
  }),
  async (c) => c.json(await listCoreFabrics(serviceContext(c), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// POST /api/v1/config/msp/{mspId}/core-fabric
coreFabricsRouter.openapi(
  route({
    method: "post",
    path: "/config/msp/{mspId}/core-fabric",
    idempotent: true,
    scopes: [WRITE],
    tags: ["core-fabrics"],
    request: { params: mspParams, body: jsonBody(coreFabricCreateSchema) },
    responses: { 201: jsonResponse(coreFabricSchema, "Created core fabric"), ...standardErrors },
  }),
  async (c) => c.json(await createCoreFabric(serviceContext(c), c.req.valid("param").mspId, c.req.valid("json")), 201),
);

// GET /api/v1/config/core-fabric/{fabricId} — with its core nodes, links and full-mesh status.
coreFabricsRouter.openapi(
  route({
    method: "get",
    path: "/config/core-fabric/{fabricId}",
    scopes: [READ],
    tags: ["core-fabrics"],
    request: { params: fabricParams },
    responses: { 200: jsonResponse(coreFabricDetailSchema, "The core fabric"), ...standardErrors },
  }),
  async (c) => c.json(await getCoreFabric(serviceContext(c), c.req.valid("param").fabricId), 200),
);

// PATCH /api/v1/config/core-fabric/{fabricId} — renames it.
coreFabricsRouter.openapi(
  route({
    method: "patch",
    path: "/config/core-fabric/{fabricId}",
    scopes: [WRITE],
    tags: ["core-fabrics"],
    request: { params: fabricParams, body: jsonBody(coreFabricUpdateSchema) },
    responses: { 200: jsonResponse(coreFabricSchema, "Updated core fabric"), ...standardErrors },
  }),
  async (c) => c.json(await updateCoreFabric(serviceContext(c), c.req.valid("param").fabricId, c.req.valid("json")), 200),
);

// DELETE /api/v1/config/core-fabric/{fabricId} — with its links; the core nodes leave it.
coreFabricsRouter.openapi(
  route({
    method: "delete",
    path: "/config/core-fabric/{fabricId}",
    scopes: [WRITE],
    tags: ["core-fabrics"],
    request: { params: fabricParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteCoreFabric(serviceContext(c), c.req.valid("param").fabricId);
    return c.body(null, 204);
  },
);

// PUT /api/v1/config/core-fabric/{fabricId}/links — the link editor's save: the whole link set, full mesh required.
coreFabricsRouter.openapi(
  route({
    method: "put",
    path: "/config/core-fabric/{fabricId}/links",
    scopes: [WRITE],
    tags: ["core-fabrics"],
    request: { params: fabricParams, body: jsonBody(fabricLinksReplaceSchema) },
    responses: { 200: jsonResponse(coreFabricDetailSchema, "The core fabric with its new links"), ...standardErrors, ...networkConflict },
  }),
  async (c) => c.json(await replaceCoreFabricLinks(serviceContext(c), c.req.valid("param").fabricId, c.req.valid("json")), 200),
);

// GET /api/v1/config/core-fabric/{fabricId}/mesh — whether every pair of core nodes has a link, and which lack one.
coreFabricsRouter.openapi(
  route({
    method: "get",
    path: "/config/core-fabric/{fabricId}/mesh",
    scopes: [READ],
    tags: ["core-fabrics"],
    request: { params: fabricParams },
    responses: { 200: jsonResponse(fabricMeshSchema, "Full-mesh status"), ...standardErrors },
  }),
  async (c) => c.json(await getCoreFabricMesh(serviceContext(c), c.req.valid("param").fabricId), 200),
);
