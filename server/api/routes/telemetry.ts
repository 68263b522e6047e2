import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { telemetryBatchSchema, telemetryIngestResultSchema } from "@/lib/telemetry/ingest";
import {
  bandwidthSeriesSchema,
  breakdownQuerySchema,
  connectedSitesSchema,
  connectorHealthListSchema,
  deviceTokenSchema,
  frontPanelSchema,
  linkHealthListSchema,
  nodeDeviceStatusSchema,
  pathPerformanceSchema,
  portSeriesQuerySchema,
  probeResultsSchema,
  siteBreakdownSchema,
  telemetrySeriesQuerySchema,
  topTalkersQuerySchema,
  topTalkersSchema,
} from "@/lib/telemetry/schema";
import { authenticateDevice, issueTokenForDevice, type DeviceIdentity } from "@/server/telemetry/device-tokens";
import { ingestTelemetry } from "@/server/telemetry/ingest";
import { organizationTopTalkers, siteBreakdown, siteTopTalkers } from "@/server/telemetry/queries/breakdown";
import {
  nodeLinkHealth,
  organizationConnectorHealth,
  organizationLinkHealth,
  organizationProbes,
  siteConnectorHealth,
  siteProbes,
} from "@/server/telemetry/queries/health";
import { nodeConnectedSites, nodeDevice, nodePorts } from "@/server/telemetry/queries/node";
import { connectorBandwidth, pathBandwidth, pathPerformance, portBandwidth, siteBandwidth } from "@/server/telemetry/queries/series";
import { serviceContext, type ApiContext, type ApiEnv } from "../context";
import { ApiError } from "../errors";
import { createRouter, errorBodySchema, idParams, jsonBody, jsonResponse, standardErrors } from "../openapi";

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
    throw new ApiError(401, "apiErrors.deviceUnauthenticated");
  }
  devices.set(c.req.raw, device);
  await next();
};

const conflict = { 409: { description: "The device is not claimed", content: { "application/json": { schema: errorBodySchema } } } };
const read = (c: ApiContext) => serviceContext(c, "common:config:read");

// POST /api/v1/telemetry/ingest — a device's batch of samples (Authorization: Bearer <device token>).
telemetryRouter.openapi(
  createRoute({
    method: "post",
    path: "/telemetry/ingest",
    tags: ["telemetry"],
    middleware: [deviceAuth] as const,
    security: [{ deviceToken: [] }],
    request: { body: jsonBody(telemetryBatchSchema) },
    responses: {
      200: jsonResponse(telemetryIngestResultSchema, "How many samples were stored, and how many were about objects the device may not report on"),
      400: standardErrors[400],
      401: standardErrors[401],
    },
  }),
  async (c) => {
    const device = devices.get(c.req.raw);
    if (!device) throw new ApiError(401, "apiErrors.deviceUnauthenticated");
    return c.json(await ingestTelemetry(c.get("db"), device, c.req.valid("json")), 200);
  },
);

// POST /api/v1/inventory/device/{id}/token — a new ingestion token for one of the caller's claimed devices, shown once.
telemetryRouter.openapi(
  createRoute({
    method: "post",
    path: "/inventory/device/{id}/token",
    tags: ["inventory"],
    request: { params: idParams },
    responses: { 201: jsonResponse(deviceTokenSchema, "The token (the previous one no longer works)"), ...standardErrors, ...conflict },
  }),
  async (c) => c.json(await issueTokenForDevice(serviceContext(c, "msp:inventory:write"), c.req.valid("param").id), 201),
);

const seriesRoute = (path: string, description: string, query = telemetrySeriesQuerySchema) =>
  createRoute({
    method: "get",
    path,
    tags: ["telemetry"],
    request: { params: idParams, query },
    responses: { 200: jsonResponse(bandwidthSeriesSchema, description), ...standardErrors },
  });

// GET /api/v1/telemetry/site/{id}/bandwidth — RX/TX of the site's connectors added up, over time.
telemetryRouter.openapi(seriesRoute("/telemetry/site/{id}/bandwidth", "The site's bandwidth series"), async (c) =>
  c.json(await siteBandwidth(read(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/connector/{id}/bandwidth — RX/TX of one site connector over time.
telemetryRouter.openapi(seriesRoute("/telemetry/connector/{id}/bandwidth", "The connector's bandwidth series"), async (c) =>
  c.json(await connectorBandwidth(read(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/path/{id}/bandwidth — RX/TX of one path over time.
telemetryRouter.openapi(seriesRoute("/telemetry/path/{id}/bandwidth", "The path's bandwidth series"), async (c) =>
  c.json(await pathBandwidth(read(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/node/{id}/port-bandwidth?portId= — RX/TX of one front-panel port over time.
telemetryRouter.openapi(
  createRoute({
    method: "get",
    path: "/telemetry/node/{id}/port-bandwidth",
    tags: ["telemetry"],
    request: { params: idParams, query: portSeriesQuerySchema },
    responses: { 200: jsonResponse(bandwidthSeriesSchema, "The port's bandwidth series"), ...standardErrors },
  }),
  async (c) => c.json(await portBandwidth(read(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/path/{id}/performance — latency, jitter and loss over time, and the SLA now.
telemetryRouter.openapi(
  createRoute({
    method: "get",
    path: "/telemetry/path/{id}/performance",
    tags: ["telemetry"],
    request: { params: idParams, query: telemetrySeriesQuerySchema },
    responses: { 200: jsonResponse(pathPerformanceSchema, "The path's performance series and current SLA"), ...standardErrors },
  }),
  async (c) => c.json(await pathPerformance(read(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/site/{id}/breakdown?by=connector|path — the site's traffic per connector or per path.
telemetryRouter.openapi(
  createRoute({
    method: "get",
    path: "/telemetry/site/{id}/breakdown",
    tags: ["telemetry"],
    request: { params: idParams, query: breakdownQuerySchema },
    responses: { 200: jsonResponse(siteBreakdownSchema, "Average and peak traffic per connector or path"), ...standardErrors },
  }),
  async (c) => c.json(await siteBreakdown(read(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

const topTalkersRoute = (path: string, description: string) =>
  createRoute({
    method: "get",
    path,
    tags: ["telemetry"],
    request: { params: idParams, query: topTalkersQuerySchema },
    responses: { 200: jsonResponse(topTalkersSchema, description), ...standardErrors },
  });

// GET /api/v1/telemetry/site/{id}/top-talkers — the sources and destinations moving the most bytes at a site.
telemetryRouter.openapi(topTalkersRoute("/telemetry/site/{id}/top-talkers", "The site's top sources and destinations"), async (c) =>
  c.json(await siteTopTalkers(read(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

// GET /api/v1/telemetry/organization/{id}/top-talkers — the same across a customer's sites.
telemetryRouter.openapi(topTalkersRoute("/telemetry/organization/{id}/top-talkers", "The customer's top sources and destinations"), async (c) =>
  c.json(await organizationTopTalkers(read(c), c.req.valid("param").id, c.req.valid("query")), 200),
);

const currentRoute = <T extends z.ZodType>(path: string, schema: T, description: string) =>
  createRoute({
    method: "get",
    path,
    tags: ["telemetry"],
    request: { params: idParams },
    responses: { 200: jsonResponse(schema, description), ...standardErrors },
  });

// GET /api/v1/telemetry/site/{id}/probes — the latest result of each probe from the site, with its health level.
telemetryRouter.openapi(currentRoute("/telemetry/site/{id}/probes", probeResultsSchema, "Latest probe results"), async (c) =>
  c.json(await siteProbes(read(c), c.req.valid("param").id), 200),
);

// GET /api/v1/telemetry/organization/{id}/probes — the same across a customer's sites.
telemetryRouter.openapi(currentRoute("/telemetry/organization/{id}/probes", probeResultsSchema, "Latest probe results"), async (c) =>
  c.json(await organizationProbes(read(c), c.req.valid("param").id), 200),
);

// GET /api/v1/telemetry/site/{id}/connector-health — status, utilization and health of the site's connectors.
telemetryRouter.openapi(currentRoute("/telemetry/site/{id}/connector-health", connectorHealthListSchema, "Connector health"), async (c) =>
  c.json(await siteConnectorHealth(read(c), c.req.valid("param").id), 200),
);

// GET /api/v1/telemetry/organization/{id}/connector-health — the same for every connector of a customer.
telemetryRouter.openapi(currentRoute("/telemetry/organization/{id}/connector-health", connectorHealthListSchema, "Connector health"), async (c) =>
  c.json(await organizationConnectorHealth(read(c), c.req.valid("param").id), 200),
);

// GET /api/v1/telemetry/node/{id}/link-health — the links with the node at one end, with their health.
telemetryRouter.openapi(currentRoute("/telemetry/node/{id}/link-health", linkHealthListSchema, "Link health"), async (c) =>
  c.json(await nodeLinkHealth(read(c), c.req.valid("param").id), 200),
);

// GET /api/v1/telemetry/organization/{id}/link-health — the links of an MSP, with their health.
telemetryRouter.openapi(currentRoute("/telemetry/organization/{id}/link-health", linkHealthListSchema, "Link health"), async (c) =>
  c.json(await organizationLinkHealth(read(c), c.req.valid("param").id), 200),
);

// GET /api/v1/telemetry/node/{id}/ports — the node's front panel: each port up, down or disabled.
telemetryRouter.openapi(currentRoute("/telemetry/node/{id}/ports", frontPanelSchema, "Front-panel port states"), async (c) =>
  c.json(await nodePorts(read(c), c.req.valid("param").id), 200),
);

// GET /api/v1/telemetry/node/{id}/device — the node's device: uptime, software version, reachability.
telemetryRouter.openapi(currentRoute("/telemetry/node/{id}/device", nodeDeviceStatusSchema, "The node's device status"), async (c) =>
  c.json(await nodeDevice(read(c), c.req.valid("param").id), 200),
);

// GET /api/v1/telemetry/node/{id}/connected-sites — the customer sites attached to the node's ports.
telemetryRouter.openapi(currentRoute("/telemetry/node/{id}/connected-sites", connectedSitesSchema, "Sites connected through the node"), async (c) =>
  c.json(await nodeConnectedSites(read(c), c.req.valid("param").id), 200),
);
