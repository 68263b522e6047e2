import "server-only";
import { pathCreateSchema, pathListQuerySchema, pathSchema, pathUpdateSchema } from "@/lib/paths/schema";
import { createPath, deletePath, getPath, listOrganizationPaths, listPaths, updatePath } from "@/server/paths/service";
import { serviceContext } from "../context";
import { conflict, createRouter, deleted, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { organizationParams, pathParams } from "../params";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";

export const pathsRouter = createRouter();

const headroomConflict = conflict("Over a connector's headroom, or a VLAN conflict");

// GET /api/v1/config/path — every path the caller may see ("Filter paths..." searches names, sites and connectors).
pathsRouter.openapi(
  route({
    method: "get",
    path: "/config/path",
    scopes: ["common:config:read"],
    tags: ["paths"],
    request: { query: pageQuerySchema.extend(pathListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(pathSchema), "A page of paths"), ...standardErrors },
  }),
  async (c) => {
    const { db, principal } = serviceContext(c);
    return c.json(await listPaths(db, principal, c.req.valid("query")), 200);
  },
);

// GET /api/v1/config/organization/{organizationId}/path — one console's paths: the organization's, an MSP's customers'.
pathsRouter.openapi(
  route({
    method: "get",
    path: "/config/organization/{organizationId}/path",
    scopes: ["common:config:read"],
    tags: ["paths"],
    request: { params: organizationParams, query: pageQuerySchema.extend(pathListQuerySchema.omit({ organizationId: true }).shape) },
    responses: { 200: jsonResponse(pageSchema(pathSchema), "A page of the organization's paths (an MSP's customers' for an MSP)"), ...standardErrors },
  }),
  async (c) => {
    const { db, principal } = serviceContext(c);
    const page = await listOrganizationPaths(db, principal, c.req.valid("param").organizationId, c.req.valid("query"));
    return c.json(page, 200);
  },
);

// POST /api/v1/config/organization/{organizationId}/path — a Layer 2 or Layer 3 path between two site connectors.
pathsRouter.openapi(
  route({
    method: "post",
    path: "/config/organization/{organizationId}/path",
    idempotent: true,
    scopes: ["common:config:write"],
    tags: ["paths"],
    request: { params: organizationParams, body: jsonBody(pathCreateSchema) },
    responses: { 201: jsonResponse(pathSchema, "The created path"), ...standardErrors, ...headroomConflict },
  }),
  async (c) => {
    const created = await createPath(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("json"));
    return c.json(created, 201);
  },
);

// GET /api/v1/config/path/{pathId} — one path with its sites, connectors and SLA health.
pathsRouter.openapi(
  route({
    method: "get",
    path: "/config/path/{pathId}",
    scopes: ["common:config:read"],
    tags: ["paths"],
    request: { params: pathParams },
    responses: { 200: jsonResponse(pathSchema, "The path"), ...standardErrors },
  }),
  async (c) => {
    const { db, principal } = serviceContext(c);
    const path = await getPath(db, principal, c.req.valid("param").pathId);
    return c.json(path, 200);
  },
);

// PATCH /api/v1/config/path/{pathId} — changes some fields; the merged path is checked like a new one.
pathsRouter.openapi(
  route({
    method: "patch",
    path: "/config/path/{pathId}",
    scopes: ["common:config:write"],
    tags: ["paths"],
    request: { params: pathParams, body: jsonBody(pathUpdateSchema) },
    responses: { 200: jsonResponse(pathSchema, "The updated path"), ...standardErrors, ...headroomConflict },
  }),
  async (c) => {
    const updated = await updatePath(serviceContext(c), c.req.valid("param").pathId, c.req.valid("json"));
    return c.json(updated, 200);
  },
);

// DELETE /api/v1/config/path/{pathId} — removes a path, freeing its bandwidth and VLAN on both connectors.
pathsRouter.openapi(
  route({
    method: "delete",
    path: "/config/path/{pathId}",
    scopes: ["common:config:write"],
    tags: ["paths"],
    request: { params: pathParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deletePath(serviceContext(c), c.req.valid("param").pathId);
    return c.body(null, 204);
  },
);
