import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { BackcastOption } from "@/lib/constants";
import type {
  BreakdownDimension,
  } from "./schema";

// The dashboards' and node monitor's telemetry: one query-options factory per endpoint, with keys grouped by the
// object they are about (["telemetry", "site", id, …]) so realtime news naming a site, connector, path, node or
// organization invalidates exactly that object's queries with `telemetryKeys.object(kind, id)`.

/** A range (absent ends: the last 24 hours up to now). */
export interface TelemetryRange {
  from?: string;
  to?: string;
}

/** A series: a range, a step in seconds (picked by the server when absent) and a backcast comparison. */
export interface TelemetrySeriesParams extends TelemetryRange {
  step?: number;
  backcast?: BackcastOption;
}

export type TelemetryObject = "site" | "connector" | "path" | "node" | "organization";

/** A current-state list's worst rows: the first `limit` (all, up to the API's maximum, when absent). */
export interface CurrentList {
  limit?: number;
}

/** Absent values left out, so the server's prefetch and the page build the same key. */
function defined<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== "")) as Partial<T>;
}

export const telemetryKeys = {
  all: ["telemetry"] as const,
  /** Every telemetry query about one object (the prefix realtime news invalidates). */
  object: (kind: TelemetryObject, id: string) => [...telemetryKeys.all, kind, id] as const,
  bandwidth: (kind: "site" | "connector" | "path", id: string, params: TelemetrySeriesParams) =>
    [...telemetryKeys.object(kind, id), "bandwidth", defined(params)] as const,
  portBandwidth: (nodeId: string, portId: string, params: TelemetrySeriesParams) =>
    [...telemetryKeys.object("node", nodeId), "port-bandwidth", portId, defined(params)] as const,
  performance: (pathId: string, params: TelemetrySeriesParams) => [...telemetryKeys.object("path", pathId), "performance", defined(params)] as const,
  breakdown: (siteId: string, by: BreakdownDimension, range: TelemetryRange) => [...telemetryKeys.object("site", siteId), "breakdown", by, defined(range)] as const,
  topTalkers: (kind: "site" | "organization", id: string, params: TelemetryRange & { limit?: number }) =>
    [...telemetryKeys.object(kind, id), "top-talkers", defined(params)] as const,
  probes: (kind: "site" | "organization", id: string, list: CurrentList = {}) => [...telemetryKeys.object(kind, id), "probes", defined(list)] as const,
  connectorHealth: (kind: "site" | "organization", id: string, list: CurrentList = {}) =>
    [...telemetryKeys.object(kind, id), "connector-health", defined(list)] as const,
  siteHealth: (organizationId: string, list: CurrentList = {}) => [...telemetryKeys.object("organization", organizationId), "site-health", defined(list)] as const,
  pathHealth: (kind: "site" | "organization", id: string, list: CurrentList = {}) => [...telemetryKeys.object(kind, id), "path-health", defined(list)] as const,
  linkHealth: (kind: "node" | "organization", id: string) => [...telemetryKeys.object(kind, id), "link-health"] as const,
  ports: (nodeId: string) => [...telemetryKeys.object("node", nodeId), "ports"] as const,
  device: (nodeId: string) => [...telemetryKeys.object("node", nodeId), "device"] as const,
  connectedSites: (nodeId: string) => [...telemetryKeys.object("node", nodeId), "connected-sites"] as const,
};


// GET /api/v1/telemetry/{site|connector|path}/{id}/bandwidth
export const bandwidthQueryOptions = (kind: "site" | "connector" | "path", id: string, params: TelemetrySeriesParams = {}) =>
  queryOptions({
    queryKey: telemetryKeys.bandwidth(kind, id, params),
    queryFn: ({ signal }) => {
      const query = defined(params);
      if (kind === "site") return api.get("/api/v1/telemetry/site/{siteId}/bandwidth", { params: { path: { siteId: id }, query }, signal });
      if (kind === "connector") return api.get("/api/v1/telemetry/connector/{connectorId}/bandwidth", { params: { path: { connectorId: id }, query }, signal });
      return api.get("/api/v1/telemetry/path/{pathId}/bandwidth", { params: { path: { pathId: id }, query }, signal });
    },
  });

// GET /api/v1/telemetry/node/{id}/port-bandwidth?portId=
export const portBandwidthQueryOptions = (nodeId: string, portId: string, params: TelemetrySeriesParams = {}) =>
  queryOptions({
    queryKey: telemetryKeys.portBandwidth(nodeId, portId, params),
    queryFn: ({ signal }) =>
      api.get("/api/v1/telemetry/node/{nodeId}/port-bandwidth", { params: { path: { nodeId }, query: { ...defined(params), portId } }, signal }),
  });

// GET /api/v1/telemetry/path/{id}/performance
export const pathPerformanceQueryOptions = (pathId: string, params: TelemetrySeriesParams = {}) =>
  queryOptions({
    queryKey: telemetryKeys.performance(pathId, params),
    queryFn: ({ signal }) => api.get("/api/v1/telemetry/path/{pathId}/performance", { params: { path: { pathId }, query: defined(params) }, signal }),
  });

// GET /api/v1/telemetry/site/{id}/breakdown?by=
export const siteBreakdownQueryOptions = (siteId: string, by: BreakdownDimension = "connector", range: TelemetryRange = {}) =>
  queryOptions({
    queryKey: telemetryKeys.breakdown(siteId, by, range),
    queryFn: ({ signal }) => api.get("/api/v1/telemetry/site/{siteId}/breakdown", { params: { path: { siteId }, query: { ...defined(range), by } }, signal }),
  });

// GET /api/v1/telemetry/{site|organization}/{id}/top-talkers
export const topTalkersQueryOptions = (kind: "site" | "organization", id: string, params: TelemetryRange & { limit?: number } = {}) =>
  queryOptions({
    queryKey: telemetryKeys.topTalkers(kind, id, params),
    queryFn: ({ signal }) =>
      kind === "site"
        ? api.get("/api/v1/telemetry/site/{siteId}/top-talkers", { params: { path: { siteId: id }, query: defined(params) }, signal })
        : api.get("/api/v1/telemetry/organization/{id}/top-talkers", { params: { path: { id }, query: defined(params) }, signal }),
  });

// GET /api/v1/telemetry/{site|organization}/{id}/probes?limit=
export const probesQueryOptions = (kind: "site" | "organization", id: string, list: CurrentList = {}) =>
  queryOptions({
    queryKey: telemetryKeys.probes(kind, id, list),
    queryFn: ({ signal }) =>
      kind === "site"
        ? api.get("/api/v1/telemetry/site/{siteId}/probes", { params: { path: { siteId: id }, query: defined(list) }, signal })
        : api.get("/api/v1/telemetry/organization/{id}/probes", { params: { path: { id }, query: defined(list) }, signal }),
  });

// GET /api/v1/telemetry/{site|organization}/{id}/connector-health?limit=
export const connectorHealthQueryOptions = (kind: "site" | "organization", id: string, list: CurrentList = {}) =>
  queryOptions({
    queryKey: telemetryKeys.connectorHealth(kind, id, list),
    queryFn: ({ signal }) =>
      kind === "site"
        ? api.get("/api/v1/telemetry/site/{siteId}/connector-health", { params: { path: { siteId: id }, query: defined(list) }, signal })
        : api.get("/api/v1/telemetry/organization/{id}/connector-health", { params: { path: { id }, query: defined(list) }, signal }),
  });

// GET /api/v1/telemetry/organization/{id}/site-health?limit=
export const siteHealthQueryOptions = (organizationId: string, list: CurrentList = {}) =>
  queryOptions({
    queryKey: telemetryKeys.siteHealth(organizationId, list),
    queryFn: ({ signal }) => api.get("/api/v1/telemetry/organization/{id}/site-health", { params: { path: { id: organizationId }, query: defined(list) }, signal }),
  });

// GET /api/v1/telemetry/{site|organization}/{id}/path-health?limit=
export const pathHealthQueryOptions = (kind: "site" | "organization", id: string, list: CurrentList = {}) =>
  queryOptions({
    queryKey: telemetryKeys.pathHealth(kind, id, list),
    queryFn: ({ signal }) =>
      kind === "site"
        ? api.get("/api/v1/telemetry/site/{siteId}/path-health", { params: { path: { siteId: id }, query: defined(list) }, signal })
        : api.get("/api/v1/telemetry/organization/{id}/path-health", { params: { path: { id }, query: defined(list) }, signal }),
  });

// GET /api/v1/telemetry/{node|organization}/{id}/link-health
export const linkHealthQueryOptions = (kind: "node" | "organization", id: string) =>
  queryOptions({
    queryKey: telemetryKeys.linkHealth(kind, id),
    queryFn: ({ signal }) =>
      kind === "node"
        ? api.get("/api/v1/telemetry/node/{nodeId}/link-health", { params: { path: { nodeId: id } }, signal })
        : api.get("/api/v1/telemetry/organization/{id}/link-health", { params: { path: { id } }, signal }),
  });

// GET /api/v1/telemetry/node/{id}/ports
export const nodePortsQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: telemetryKeys.ports(nodeId),
    queryFn: ({ signal }) => api.get("/api/v1/telemetry/node/{nodeId}/ports", { params: { path: { nodeId } }, signal }),
  });

// GET /api/v1/telemetry/node/{id}/device
export const nodeDeviceQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: telemetryKeys.device(nodeId),
    queryFn: ({ signal }) => api.get("/api/v1/telemetry/node/{nodeId}/device", { params: { path: { nodeId } }, signal }),
  });

// GET /api/v1/telemetry/node/{id}/connected-sites
export const connectedSitesQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: telemetryKeys.connectedSites(nodeId),
    queryFn: ({ signal }) => api.get("/api/v1/telemetry/node/{nodeId}/connected-sites", { params: { path: { nodeId } }, signal }),
  });
