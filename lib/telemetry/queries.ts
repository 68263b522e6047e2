import { queryOptions, useMutation } from "@tanstack/react-query";
import { api, type QueryValue } from "@/lib/api/client";
import type { BackcastOption } from "@/lib/constants";
import type {
  BandwidthSeries,
  BreakdownDimension,
  ConnectedSites,
  ConnectorHealthList,
  DeviceToken,
  FrontPanel,
  LinkHealthList,
  NodeDeviceStatus,
  PathHealthList,
  PathPerformance,
  ProbeResults,
  SiteBreakdown,
  SiteHealthList,
  TopTalkers,
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

const segment = (id: string) => encodeURIComponent(id);
const query = (params: object) => defined(params) as Record<string, QueryValue>;

// GET /api/v1/telemetry/{site|connector|path}/{id}/bandwidth
export const bandwidthQueryOptions = (kind: "site" | "connector" | "path", id: string, params: TelemetrySeriesParams = {}) =>
  queryOptions({
    queryKey: telemetryKeys.bandwidth(kind, id, params),
    queryFn: ({ signal }) => api.get<BandwidthSeries>(`/telemetry/${kind}/${segment(id)}/bandwidth`, { query: query(params), signal }),
  });

// GET /api/v1/telemetry/node/{id}/port-bandwidth?portId=
export const portBandwidthQueryOptions = (nodeId: string, portId: string, params: TelemetrySeriesParams = {}) =>
  queryOptions({
    queryKey: telemetryKeys.portBandwidth(nodeId, portId, params),
    queryFn: ({ signal }) => api.get<BandwidthSeries>(`/telemetry/node/${segment(nodeId)}/port-bandwidth`, { query: query({ ...params, portId }), signal }),
  });

// GET /api/v1/telemetry/path/{id}/performance
export const pathPerformanceQueryOptions = (pathId: string, params: TelemetrySeriesParams = {}) =>
  queryOptions({
    queryKey: telemetryKeys.performance(pathId, params),
    queryFn: ({ signal }) => api.get<PathPerformance>(`/telemetry/path/${segment(pathId)}/performance`, { query: query(params), signal }),
  });

// GET /api/v1/telemetry/site/{id}/breakdown?by=
export const siteBreakdownQueryOptions = (siteId: string, by: BreakdownDimension = "connector", range: TelemetryRange = {}) =>
  queryOptions({
    queryKey: telemetryKeys.breakdown(siteId, by, range),
    queryFn: ({ signal }) => api.get<SiteBreakdown>(`/telemetry/site/${segment(siteId)}/breakdown`, { query: query({ ...range, by }), signal }),
  });

// GET /api/v1/telemetry/{site|organization}/{id}/top-talkers
export const topTalkersQueryOptions = (kind: "site" | "organization", id: string, params: TelemetryRange & { limit?: number } = {}) =>
  queryOptions({
    queryKey: telemetryKeys.topTalkers(kind, id, params),
    queryFn: ({ signal }) => api.get<TopTalkers>(`/telemetry/${kind}/${segment(id)}/top-talkers`, { query: query(params), signal }),
  });

// GET /api/v1/telemetry/{site|organization}/{id}/probes?limit=
export const probesQueryOptions = (kind: "site" | "organization", id: string, list: CurrentList = {}) =>
  queryOptions({
    queryKey: telemetryKeys.probes(kind, id, list),
    queryFn: ({ signal }) => api.get<ProbeResults>(`/telemetry/${kind}/${segment(id)}/probes`, { query: query(list), signal }),
  });

// GET /api/v1/telemetry/{site|organization}/{id}/connector-health?limit=
export const connectorHealthQueryOptions = (kind: "site" | "organization", id: string, list: CurrentList = {}) =>
  queryOptions({
    queryKey: telemetryKeys.connectorHealth(kind, id, list),
    queryFn: ({ signal }) => api.get<ConnectorHealthList>(`/telemetry/${kind}/${segment(id)}/connector-health`, { query: query(list), signal }),
  });

// GET /api/v1/telemetry/organization/{id}/site-health?limit=
export const siteHealthQueryOptions = (organizationId: string, list: CurrentList = {}) =>
  queryOptions({
    queryKey: telemetryKeys.siteHealth(organizationId, list),
    queryFn: ({ signal }) => api.get<SiteHealthList>(`/telemetry/organization/${segment(organizationId)}/site-health`, { query: query(list), signal }),
  });

// GET /api/v1/telemetry/{site|organization}/{id}/path-health?limit=
export const pathHealthQueryOptions = (kind: "site" | "organization", id: string, list: CurrentList = {}) =>
  queryOptions({
    queryKey: telemetryKeys.pathHealth(kind, id, list),
    queryFn: ({ signal }) => api.get<PathHealthList>(`/telemetry/${kind}/${segment(id)}/path-health`, { query: query(list), signal }),
  });

// GET /api/v1/telemetry/{node|organization}/{id}/link-health
export const linkHealthQueryOptions = (kind: "node" | "organization", id: string) =>
  queryOptions({
    queryKey: telemetryKeys.linkHealth(kind, id),
    queryFn: ({ signal }) => api.get<LinkHealthList>(`/telemetry/${kind}/${segment(id)}/link-health`, { signal }),
  });

// GET /api/v1/telemetry/node/{id}/ports
export const nodePortsQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: telemetryKeys.ports(nodeId),
    queryFn: ({ signal }) => api.get<FrontPanel>(`/telemetry/node/${segment(nodeId)}/ports`, { signal }),
  });

// GET /api/v1/telemetry/node/{id}/device
export const nodeDeviceQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: telemetryKeys.device(nodeId),
    queryFn: ({ signal }) => api.get<NodeDeviceStatus>(`/telemetry/node/${segment(nodeId)}/device`, { signal }),
  });

// GET /api/v1/telemetry/node/{id}/connected-sites
export const connectedSitesQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: telemetryKeys.connectedSites(nodeId),
    queryFn: ({ signal }) => api.get<ConnectedSites>(`/telemetry/node/${segment(nodeId)}/connected-sites`, { signal }),
  });

// POST /api/v1/inventory/device/{id}/token — the token is in the answer only: show it once, keep it nowhere.
export function useIssueDeviceToken() {
  return useMutation({
    mutationFn: (deviceId: string) => api.post<DeviceToken>(`/inventory/device/${segment(deviceId)}/token`),
  });
}
