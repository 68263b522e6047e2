import "server-only";
import { z } from "zod";
import { connectorCreateSchema, connectorListQuerySchema, connectorSchema, connectorUpdateSchema } from "@/lib/connectors/schema";
import { locationResultSchema, locationSearchQuerySchema, regionSchema } from "@/lib/locations/schema";
import { awsConfigUploadSchema, siteCreateSchema, siteListItemSchema, siteListQuerySchema, siteSchema, siteUpdateSchema } from "@/lib/sites/schema";
import { listRegions, searchLocations } from "@/server/locations/service";
import { connectorHomingSchema, homingProposalQuerySchema, homingProposalSchema, rehomeSchema, rehomingSchema } from "@/lib/connectors/homing-schema";
import { createConnector, deleteConnector, getConnector, listConnectors, updateConnector } from "@/server/sites/connectors";
import { connectorHoming, homingProposal, rehomeConnector } from "@/server/sites/homing";
import { createSite, deleteSite, getSite, listSites, updateSite, uploadAwsConfig } from "@/server/sites/service";
import { serviceContext } from "../context";
import { conflict, createRouter, deleted, errorAnswerDoc, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { connectorParams, organizationParams, siteParams } from "../params";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { ValidationError } from "@/server/core/errors";
import { validationError } from "@/server/core/validation";

export const sitesRouter = createRouter();

const networkRule = conflict("Refused by a rule of the network");
const unavailable = { 503: errorAnswerDoc("The location index could not be loaded") };

// GET /api/v1/config/location — data-centre metros, then world cities by population, for the location dropdown.
sitesRouter.openapi(
  route({
    method: "get",
    path: "/config/location",
    scopes: [],
    tags: ["locations"],
    request: { query: locationSearchQuerySchema },
    responses: { 200: jsonResponse(z.array(locationResultSchema), "Matching locations"), ...standardErrors, ...unavailable },
  }),
  async (c) => {
    const { search, limit } = c.req.valid("query");
    return c.json(await searchLocations(search, limit), 200);
  },
);

// GET /api/v1/config/region — the data-centre metros of each region (the dropdown when search fails).
sitesRouter.openapi(
  route({
    method: "get",
    path: "/config/region",
    scopes: [],
    tags: ["locations"],
    responses: { 200: jsonResponse(z.array(regionSchema), "Regions and their metros"), ...standardErrors },
  }),
  (c) => c.json(listRegions(c.get("t")), 200),
);

// GET /api/v1/config/organization/{organizationId}/site — the organization's sites, by name.
sitesRouter.openapi(
  route({
    method: "get",
    path: "/config/organization/{organizationId}/site",
    scopes: ["common:config:read"],
    tags: ["sites"],
    request: { params: organizationParams, query: pageQuerySchema.extend(siteListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(siteListItemSchema), "A page of sites, each with its connectors counted by kind"), ...standardErrors },
  }),
  async (c) => {
    const page = await listSites(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("query"));
    return c.json(page, 200);
  },
);

// POST /api/v1/config/organization/{organizationId}/site — a site in a customer organization.
sitesRouter.openapi(
  route({
    method: "post",
    path: "/config/organization/{organizationId}/site",
    idempotent: true,
    scopes: ["common:config:write"],
    tags: ["sites"],
    request: { params: organizationParams, body: jsonBody(siteCreateSchema) },
    responses: { 201: jsonResponse(siteSchema, "Created site"), ...standardErrors },
  }),
  async (c) => {
    const site = await createSite(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("json"));
    return c.json(site, 201);
  },
);

// GET /api/v1/config/site/{siteId}
sitesRouter.openapi(
  route({
    method: "get",
    path: "/config/site/{siteId}",
    scopes: ["common:config:read"],
    tags: ["sites"],
    request: { params: siteParams },
    responses: { 200: jsonResponse(siteSchema, "The site"), ...standardErrors },
  }),
  async (c) => {
    const site = await getSite(serviceContext(c), c.req.valid("param").siteId);
    return c.json(site, 200);
  },
);

// PATCH /api/v1/config/site/{siteId} — any of its fields; a new type needs its account and region.
sitesRouter.openapi(
  route({
    method: "patch",
    path: "/config/site/{siteId}",
    scopes: ["common:config:write"],
    tags: ["sites"],
    request: { params: siteParams, body: jsonBody(siteUpdateSchema) },
    responses: { 200: jsonResponse(siteSchema, "Updated site"), ...standardErrors },
  }),
  async (c) => {
    const site = await updateSite(serviceContext(c), c.req.valid("param").siteId, c.req.valid("json"));
    return c.json(site, 200);
  },
);

// DELETE /api/v1/config/site/{siteId} — by its customer only, with its connectors and paths.
sitesRouter.openapi(
  route({
    method: "delete",
    path: "/config/site/{siteId}",
    scopes: ["common:config:write"],
    tags: ["sites"],
    request: { params: siteParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteSite(serviceContext(c), c.req.valid("param").siteId);
    return c.body(null, 204);
  },
);

// POST /api/v1/config/site/{siteId}/aws-config — the AWS configuration file of an AWS site (a .txt file).
sitesRouter.openapi(
  route({
    method: "post",
    path: "/config/site/{siteId}/aws-config",
    scopes: ["common:config:write"],
    tags: ["sites"],
    request: { params: siteParams, body: jsonBody(awsConfigUploadSchema) },
    responses: { 200: jsonResponse(siteSchema, "The site, with awsConfigSet"), ...standardErrors },
  }),
  async (c) => {
    const site = await uploadAwsConfig(serviceContext(c), c.req.valid("param").siteId, c.req.valid("json"));
    return c.json(site, 200);
  },
  // SPEC §8: whatever is wrong with the file, one message.
  (result) => {
    if (result.success) return;
    if (result.target === "json") throw new ValidationError("validation.awsConfigFile");
    throw validationError(result.error as z.ZodError);
  },
);

// GET /api/v1/config/site/{siteId}/connector — the site's connectors, by name.
sitesRouter.openapi(
  route({
    method: "get",
    path: "/config/site/{siteId}/connector",
    scopes: ["common:config:read"],
    tags: ["connectors"],
    request: { params: siteParams, query: pageQuerySchema.extend(connectorListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(connectorSchema), "A page of connectors"), ...standardErrors },
  }),
  async (c) => {
    const page = await listConnectors(serviceContext(c), c.req.valid("param").siteId, c.req.valid("query"));
    return c.json(page, 200);
  },
);

// POST /api/v1/config/site/{siteId}/connector — a connector of the site (physical needs an assigned port).
sitesRouter.openapi(
  route({
    method: "post",
    path: "/config/site/{siteId}/connector",
    idempotent: true,
    scopes: ["common:config:write"],
    tags: ["connectors"],
    request: { params: siteParams, body: jsonBody(connectorCreateSchema) },
    responses: { 201: jsonResponse(connectorSchema, "Created connector"), ...standardErrors, ...networkRule },
  }),
  async (c) => {
    const connector = await createConnector(serviceContext(c), c.req.valid("param").siteId, c.req.valid("json"));
    return c.json(connector, 201);
  },
);

// GET /api/v1/config/connector/{connectorId}
sitesRouter.openapi(
  route({
    method: "get",
    path: "/config/connector/{connectorId}",
    scopes: ["common:config:read"],
    tags: ["connectors"],
    request: { params: connectorParams },
    responses: { 200: jsonResponse(connectorSchema, "The connector"), ...standardErrors },
  }),
  async (c) => {
    const connector = await getConnector(serviceContext(c), c.req.valid("param").connectorId);
    return c.json(connector, 200);
  },
);

// PATCH /api/v1/config/connector/{connectorId} — fields of its kind; not below the bandwidth its paths use.
sitesRouter.openapi(
  route({
    method: "patch",
    path: "/config/connector/{connectorId}",
    scopes: ["common:config:write"],
    tags: ["connectors"],
    request: { params: connectorParams, body: jsonBody(connectorUpdateSchema) },
    responses: { 200: jsonResponse(connectorSchema, "Updated connector"), ...standardErrors, ...networkRule },
  }),
  async (c) => {
    const connector = await updateConnector(serviceContext(c), c.req.valid("param").connectorId, c.req.valid("json"));
    return c.json(connector, 200);
  },
);

// DELETE /api/v1/config/connector/{connectorId} — with the paths over it.
sitesRouter.openapi(
  route({
    method: "delete",
    path: "/config/connector/{connectorId}",
    scopes: ["common:config:write"],
    tags: ["connectors"],
    request: { params: connectorParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteConnector(serviceContext(c), c.req.valid("param").connectorId);
    return c.body(null, 204);
  },
);

// GET /api/v1/config/connector/{connectorId}/homing — the node serving it and, for its MSP, the nodes that may.
sitesRouter.openapi(
  route({
    method: "get",
    path: "/config/connector/{connectorId}/homing",
    scopes: ["common:config:read"],
    tags: ["connectors"],
    request: { params: connectorParams },
    responses: { 200: jsonResponse(connectorHomingSchema, "The connector's serving node and the nodes that may serve it"), ...standardErrors },
  }),
  async (c) => c.json(await connectorHoming(serviceContext(c), c.req.valid("param").connectorId), 200),
);

// GET /api/v1/config/site/{siteId}/homing?kind=… — the node a new connector of that kind would be served by.
sitesRouter.openapi(
  route({
    method: "get",
    path: "/config/site/{siteId}/homing",
    scopes: ["common:config:read"],
    tags: ["connectors"],
    request: { params: siteParams, query: homingProposalQuerySchema },
    responses: { 200: jsonResponse(homingProposalSchema, "The node a new connector of that kind at the site would be served by"), ...standardErrors },
  }),
  async (c) => c.json(await homingProposal(serviceContext(c), c.req.valid("param").siteId, c.req.valid("query").kind), 200),
);

// POST /api/v1/config/connector/{connectorId}/homing — re-homes it onto another node of its MSP: without `apply`, only
// the paths that would move; with it, done (by the MSP or the operator; a node change never does it on its own).
sitesRouter.openapi(
  route({
    method: "post",
    path: "/config/connector/{connectorId}/homing",
    scopes: ["common:config:write"],
    tags: ["connectors"],
    request: { params: connectorParams, body: jsonBody(rehomeSchema) },
    responses: { 200: jsonResponse(rehomingSchema, "The re-homing, as previewed or applied, with the paths it moves"), ...standardErrors },
  }),
  async (c) => c.json(await rehomeConnector(serviceContext(c), c.req.valid("param").connectorId, c.req.valid("json")), 200),
);
