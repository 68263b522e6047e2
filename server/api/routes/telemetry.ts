import "server-only";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { safeParseTelemetryBatch } from "@/lib/telemetry/batch-parse";
import { telemetryBatchSchema, telemetryIngestResultSchema } from "@/lib/telemetry/ingest";
import {
  bandwidthSeriesSchema,
  breakdownQuerySchema,
  connectedSitesSchema,
  connectorHealthListSchema,
  currentListQuerySchema,
  frontPanelSchema,
  linkHealthListSchema,
  linkHealthQuerySchema,
  nodeDeviceStatusSchema,
  pathHealthListSchema,
  pathPerformanceSchema,
  portSeriesQuerySchema,
  probeResultsSchema,
  siteBreakdownSchema,
  siteHealthListSchema,
  telemetrySeriesQuerySchema,
  topTalkersQuerySchema,
  topTalkersSchema,
} from "@/lib/telemetry/schema";
import { authenticateDevice, type DeviceIdentity } from "@/server/telemetry/device-tokens";
import { ingestTelemetry } from "@/server/telemetry/ingest";
import { organizationTopTalkers, siteBreakdown, siteTopTalkers } from "@/server/telemetry/queries/breakdown";
import {
  coreFabricLinkHealth,
  nodeLinkHealth,
  organizationConnectorHealth,
  organizationLinkHealth,
  organizationPathHealth,
  organizationProbes,
  organizationSiteHealth,
  siteConnectorHealth,
  sitePathHealth,
  siteProbes,
} from "@/server/telemetry/queries/health";
import { nodeConnectedSites, nodeDevice, nodePorts } from "@/server/telemetry/queries/node";
import { connectorBandwidth, pathBandwidth, pathPerformance, portBandwidth, siteBandwidth } from "@/server/telemetry/queries/series";
import { serviceContext, type ApiEnv } from "../context";
import { createRouter, idParams, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { connectorParams, fabricParams, nodeParams, pathParams, siteParams } from "../params";
import { UnauthenticatedError } from "@/server/core/errors";
import { validationError } from "@/server/core/validation";
import { inBackgroundLane } from "@/server/db/background-lane";

export const telemetryRouter = createRouter();

telemetryRouter.openAPIRegistry.registerComponent("securitySchemes", "deviceToken", {
  type: "http",
  scheme: "bearer",
  description: "A device's ingestion token (POST /api/v1/inventory/device/{id}/token)",
});

const devices = new WeakMap<Request, DeviceIdentity>();

// Devices authenticate with their bearer token only: a session cookie counts for nothing here, so a browser page
// can never make a signed-in user's browser ingest anything. Checked before the body is parsed: 401 comes first.
const deviceAuth: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const device = await authenticateDevice(c.get("db"), c.req.header("authorization"));
  if (!device) {
    c.header("WWW-Authenticate", 'Bearer realm="telemetry"');
    throw new UnauthenticatedError("apiErrors.deviceUnauthenticated");
  }
  devices.set(c.req.raw, device);
  await next();
};


// POST /api/v1/telemetry/ingest — a device's batch of samples (Authorization: Bearer <device token>).
const ingestRoute = route({
  method: "post",
  path: "/telemetry/ingest",
  public: true,
  tags: ["telemetry"],
  security: [{ deviceToken: [] }],
  request: { body: jsonBody(telemetryBatchSchema) },
  responses: {
    200: jsonResponse(telemetryIngestResultSchema, "How many samples were stored, and how many were about objects the device may not report on"),
    400: standardErrors[400],
    401: standardErrors[401],
  },
});
// The document declares the batch's schema; the handler parses the body itself, by the fast pass first (a fleet's
// batches are the hottest input there is) and by that schema for anything else, so its errors read as they always did.
telemetryRouter.openAPIRegistry.registerPath(ingestRoute);
telemetryRouter.openapi({ ...ingestRoute, hide: true, middleware: [deviceAuth] as const, request: { body: jsonBody(z.unknown()) } }, async (c) => {
  const device = devices.get(c.req.raw);
  if (!device) throw new UnauthenticatedError("apiErrors.deviceUnauthenticated");
  const parsed = safeParseTelemetryBatch(c.req.valid("json"));
  if (!parsed.success) throw validationError(parsed.error);
  // Nobody waits on a device's batch: its statements give way to people's (server/db/background-lane.ts).
  return c.json(await inBackgroundLane(() => ingestTelemetry(c.get("db"), device, parsed.data)), 200);
});

const seriesRoute = <P extends z.ZodObject>(path: string, params: P, description: string) =>
  route({
    method: "get",
    path,
    scopes: ["common:config:read"],
    tags: ["telemetry"],
    request: { params, query: telemetrySeriesQuerySchema },
    responses: { 200: jsonResponse(bandwidthSeriesSchema, description), ...standardErrors },
  });

// GET /api/v1/telemetry/site/{siteId}/bandwidth — RX/TX of the site's connectors added up, over time.
telemetryRouter.openapi(seriesRoute("/telemetry/site/{siteId}/bandwidth", siteParams, "The site's bandwidth series"), async (c) =>
  c.json(await siteBandwidth(serviceContext(c), c.req.valid("param").siteId, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/connector/{connectorId}/bandwidth — RX/TX of one site connector over time.
telemetryRouter.openapi(seriesRoute("/telemetry/connector/{connectorId}/bandwidth", connectorParams, "The connector's bandwidth series"), async (c) =>
  c.json(await connectorBandwidth(serviceContext(c), c.req.valid("param").connectorId, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/path/{pathId}/bandwidth — RX/TX of one path over time.
telemetryRouter.openapi(seriesRoute("/telemetry/path/{pathId}/bandwidth", pathParams, "The path's bandwidth series"), async (c) =>
  c.json(await pathBandwidth(serviceContext(c), c.req.valid("param").pathId, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/node/{nodeId}/port-bandwidth?portId= — RX/TX of one front-panel port over time.
telemetryRouter.openapi(
  route({
    method: "get",
    path: "/telemetry/node/{nodeId}/port-bandwidth",
    scopes: ["common:config:read"],
    tags: ["telemetry"],
    request: { params: nodeParams, query: portSeriesQuerySchema },
    responses: { 200: jsonResponse(bandwidthSeriesSchema, "The port's bandwidth series"), ...standardErrors },
  }),
  async (c) => c.json(await portBandwidth(serviceContext(c), c.req.valid("param").nodeId, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/path/{pathId}/performance — latency, jitter and loss over time, and the SLA now.
telemetryRouter.openapi(
  route({
    method: "get",
    path: "/telemetry/path/{pathId}/performance",
    scopes: ["common:config:read"],
    tags: ["telemetry"],
    request: { params: pathParams, query: telemetrySeriesQuerySchema },
    responses: { 200: jsonResponse(pathPerformanceSchema, "The path's performance series and current SLA"), ...standardErrors },
  }),
  async (c) => c.json(await pathPerformance(serviceContext(c), c.req.valid("param").pathId, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/site/{siteId}/breakdown?by=connector|path — the site's traffic per connector or per path.
telemetryRouter.openapi(
  route({
    method: "get",
    path: "/telemetry/site/{siteId}/breakdown",
    scopes: ["common:config:read"],
    tags: ["telemetry"],
    request: { params: siteParams, query: breakdownQuerySchema },
    responses: { 200: jsonResponse(siteBreakdownSchema, "Average and peak traffic per connector or path"), ...standardErrors },
  }),
  async (c) => c.json(await siteBreakdown(serviceContext(c), c.req.valid("param").siteId, c.req.valid("query")), 200),
);

const topTalkersRoute = <P extends z.ZodObject>(path: string, params: P, description: string) =>
  route({
    method: "get",
    path,
    scopes: ["common:config:read"],
    tags: ["telemetry"],
    request: { params, query: topTalkersQuerySchema },
    responses: { 200: jsonResponse(topTalkersSchema, description), ...standardErrors },
  });

// GET /api/v1/telemetry/site/{siteId}/top-talkers — the sources and destinations moving the most bytes at a site.
telemetryRouter.openapi(topTalkersRoute("/telemetry/site/{siteId}/top-talkers", siteParams, "The site's top sources and destinations"), async (c) =>
  c.json(await siteTopTalkers(serviceContext(c), c.req.valid("param").siteId, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/organization/{id}/top-talkers — the same across a customer's sites.
telemetryRouter.openapi(topTalkersRoute("/telemetry/organization/{id}/top-talkers", idParams, "The customer's top sources and destinations"), async (c) =>
  c.json(await organizationTopTalkers(serviceContext(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

const currentRoute = <P extends z.ZodObject, T extends z.ZodType>(path: string, params: P, schema: T, description: string) =>
  route({
    method: "get",
    path,
    scopes: ["common:config:read"],
    tags: ["telemetry"],
    request: { params },
    responses: { 200: jsonResponse(schema, description), ...standardErrors },
  });

/** A current-state list: worst first, the first ?limit= rows (500 when absent) and the total; or a page of it by name. */
const listRoute = <P extends z.ZodObject, T extends z.ZodType, Q extends z.ZodObject = typeof currentListQuerySchema>(
  path: string,
  params: P,
  schema: T,
  description: string,
  query: Q = currentListQuerySchema as unknown as Q,
) =>
  route({
    method: "get",
    path,
    scopes: ["common:config:read"],
    tags: ["telemetry"],
    request: { params, query },
    responses: { 200: jsonResponse(schema, description), ...standardErrors },
  });

// GET /api/v1/telemetry/site/{siteId}/probes?limit= — the latest result of each probe from the site, the worst level first.
telemetryRouter.openapi(listRoute("/telemetry/site/{siteId}/probes", siteParams, probeResultsSchema, "Latest probe results"), async (c) =>
  c.json(await siteProbes(serviceContext(c), c.req.valid("param").siteId, c.req.valid("query").limit), 200),
);

// GET /api/v1/telemetry/organization/{id}/probes?limit= — the same across a customer's sites.
telemetryRouter.openapi(listRoute("/telemetry/organization/{id}/probes", idParams, probeResultsSchema, "Latest probe results"), async (c) =>
  c.json(await organizationProbes(serviceContext(c), c.req.valid("param").id, c.req.valid("query").limit), 200),
);

// GET /api/v1/telemetry/site/{siteId}/connector-health?limit= — status, utilization and health of the site's connectors, the least healthy first.
telemetryRouter.openapi(listRoute("/telemetry/site/{siteId}/connector-health", siteParams, connectorHealthListSchema, "Connector health"), async (c) =>
  c.json(await siteConnectorHealth(serviceContext(c), c.req.valid("param").siteId, c.req.valid("query").limit), 200),
);

// GET /api/v1/telemetry/organization/{id}/connector-health?limit= — the same for every connector of a customer.
telemetryRouter.openapi(listRoute("/telemetry/organization/{id}/connector-health", idParams, connectorHealthListSchema, "Connector health"), async (c) =>
  c.json(await organizationConnectorHealth(serviceContext(c), c.req.valid("param").id, c.req.valid("query").limit), 200),
);

// GET /api/v1/telemetry/organization/{id}/site-health?limit= — a customer's sites with their connectors' worst health and traffic, the active and least healthy first.
telemetryRouter.openapi(listRoute("/telemetry/organization/{id}/site-health", idParams, siteHealthListSchema, "Site health"), async (c) =>
  c.json(await organizationSiteHealth(serviceContext(c), c.req.valid("param").id, c.req.valid("query").limit), 200),
);

// GET /api/v1/telemetry/site/{siteId}/path-health?limit= — the paths with an end at the site, the worst SLA first.
telemetryRouter.openapi(listRoute("/telemetry/site/{siteId}/path-health", siteParams, pathHealthListSchema, "Path SLA"), async (c) =>
  c.json(await sitePathHealth(serviceContext(c), c.req.valid("param").siteId, c.req.valid("query").limit), 200),
);

// GET /api/v1/telemetry/organization/{id}/path-health?limit= — a customer's paths, the worst SLA first.
telemetryRouter.openapi(listRoute("/telemetry/organization/{id}/path-health", idParams, pathHealthListSchema, "Path SLA"), async (c) =>
  c.json(await organizationPathHealth(serviceContext(c), c.req.valid("param").id, c.req.valid("query").limit), 200),
);

// GET /api/v1/telemetry/node/{nodeId}/link-health?limit=&cursor= — the links with the node at one end, with their health.
telemetryRouter.openapi(listRoute("/telemetry/node/{nodeId}/link-health", nodeParams, linkHealthListSchema, "Link health", linkHealthQuerySchema), async (c) =>
  c.json(await nodeLinkHealth(serviceContext(c), c.req.valid("param").nodeId, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/organization/{id}/link-health?limit=&cursor= — the links of an MSP by name, a page at a time, with their health.
telemetryRouter.openapi(listRoute("/telemetry/organization/{id}/link-health", idParams, linkHealthListSchema, "Link health", linkHealthQuerySchema), async (c) =>
  c.json(await organizationLinkHealth(serviceContext(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/core-fabric/{fabricId}/link-health?limit=&cursor= — a core fabric's links, with their health.
telemetryRouter.openapi(
  listRoute("/telemetry/core-fabric/{fabricId}/link-health", fabricParams, linkHealthListSchema, "Link health", linkHealthQuerySchema),
  async (c) => c.json(await coreFabricLinkHealth(serviceContext(c), c.req.valid("param").fabricId, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/node/{nodeId}/ports — the node's front panel: each port up, down or disabled.
telemetryRouter.openapi(currentRoute("/telemetry/node/{nodeId}/ports", nodeParams, frontPanelSchema, "Front-panel port states"), async (c) =>
  c.json(await nodePorts(serviceContext(c), c.req.valid("param").nodeId), 200),
);

// GET /api/v1/telemetry/node/{nodeId}/device — the node's device: uptime, software version, reachability.
telemetryRouter.openapi(currentRoute("/telemetry/node/{nodeId}/device", nodeParams, nodeDeviceStatusSchema, "The node's device status"), async (c) =>
  c.json(await nodeDevice(serviceContext(c), c.req.valid("param").nodeId), 200),
);

// GET /api/v1/telemetry/node/{nodeId}/connected-sites — the customer sites attached to the node's ports.
telemetryRouter.openapi(
  currentRoute("/telemetry/node/{nodeId}/connected-sites", nodeParams, connectedSitesSchema, "Sites connected through the node"),
  async (c) => c.json(await nodeConnectedSites(serviceContext(c), c.req.valid("param").nodeId), 200),
);
