import "server-only";
import { externalFabricCreateSchema, externalFabricListQuerySchema, externalFabricSchema, externalFabricUpdateSchema } from "@/lib/fabrics/schema";
import { createExternalFabric, deleteExternalFabric, getExternalFabric, listExternalFabrics, updateExternalFabric } from "@/server/fabrics/external";
import { serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { createRouter, deleted, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { fabricParams, mspParams } from "../params";
import { READ, WRITE } from "../network";

export const externalFabricsRouter = createRouter();

// GET /api/v1/config/msp/{mspId}/external-fabric — the MSP's external fabrics by name.
externalFabricsRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/external-fabric",
    scopes: [READ],
    tags: ["external-fabrics"],
    request: { params: mspParams, query: pageQuerySchema.extend(externalFabricListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(externalFabricSchema), "A page of external fabrics"), ...standardErrors },
  }),
  async (c) => c.json(await listExternalFabrics(serviceContext(c), c.req.valid("param").mspId, c.req.valid("query")), 200),
);

// POST /api/v1/config/msp/{mspId}/external-fabric — an Equinix account; the client secret is never returned.
externalFabricsRouter.openapi(
  route({
    method: "post",
    path: "/config/msp/{mspId}/external-fabric",
    idempotent: true,
    scopes: [WRITE],
    tags: ["external-fabrics"],
    request: { params: mspParams, body: jsonBody(externalFabricCreateSchema) },
    responses: { 201: jsonResponse(externalFabricSchema, "Created external fabric"), ...standardErrors },
  }),
  async (c) => c.json(await createExternalFabric(serviceContext(c), c.req.valid("param").mspId, c.req.valid("json")), 201),
);

// GET /api/v1/config/external-fabric/{fabricId}
externalFabricsRouter.openapi(
  route({
    method: "get",
    path: "/config/external-fabric/{fabricId}",
    scopes: [READ],
    tags: ["external-fabrics"],
    request: { params: fabricParams },
    responses: { 200: jsonResponse(externalFabricSchema, "The external fabric"), ...standardErrors },
  }),
  async (c) => c.json(await getExternalFabric(serviceContext(c), c.req.valid("param").fabricId), 200),
);

// PATCH /api/v1/config/external-fabric/{fabricId} — the client secret only when it changes.
externalFabricsRouter.openapi(
  route({
    method: "patch",
    path: "/config/external-fabric/{fabricId}",
    scopes: [WRITE],
    tags: ["external-fabrics"],
    request: { params: fabricParams, body: jsonBody(externalFabricUpdateSchema) },
    responses: { 200: jsonResponse(externalFabricSchema, "Updated external fabric"), ...standardErrors },
  }),
  async (c) => c.json(await updateExternalFabric(serviceContext(c), c.req.valid("param").fabricId, c.req.valid("json")), 200),
);

// DELETE /api/v1/config/external-fabric/{fabricId}
externalFabricsRouter.openapi(
  route({
    method: "delete",
    path: "/config/external-fabric/{fabricId}",
    scopes: [WRITE],
    tags: ["external-fabrics"],
    request: { params: fabricParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteExternalFabric(serviceContext(c), c.req.valid("param").fabricId);
    return c.body(null, 204);
  },
);
