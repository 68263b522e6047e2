import "server-only";
import { ASSISTANT_LIST_MAX, type ExplainPathSlaInput, type ExplainPathSlaOutput, type PathSummary, type SlaUnknownReason } from "@/lib/assistant/tools";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { bySlaHealth } from "@/lib/dashboard/lists";
import { MIN_SLA_SAMPLES, slaBreaches } from "@/lib/health";
import type { Path } from "@/lib/paths/schema";
import { getPath, listPaths } from "@/server/paths/service";
import { TELEMETRY } from "@/server/telemetry/config";
import { pathMeasurement } from "@/server/telemetry/queries/health";
import { consoleLink, pathRoute, type ChatScope } from "../scope";
import { matchPaths, pathEnds, UUID } from "../text";
import type { ToolEnvironment } from "./shared";
import { nullIfNotFound } from "@/server/core/errors";
import { pathRootCause } from "./root-cause";
import { organizationNames } from "../queries";

// explainPathSla — a path's SLA against the SPEC §9 thresholds: its state, the figures of its last evaluation window,
// which metric crossed which threshold, and why an unknown state is unknown. A name that matches several paths, or
// none, answers candidates instead. Paths come from the paths service, so another tenant's path is never found.

const SEARCH_LIMIT = 200;
const SCAN_LIMIT = 500;
const CANDIDATES_SHOWN = 8;

const summary = (path: Path): PathSummary => ({
  id: path.id,
  name: path.name,
  sourceSiteName: path.sourceSiteName,
  destinationSiteName: path.destinationSiteName,
  sla: path.slaHealth,
});

/** The worst first, then by name, in the dashboards' order: the paths most worth asking about. */
const worstFirst = (paths: Path[]): Path[] => [...paths].sort(bySlaHealth);

async function scopePaths(scope: ChatScope, search: string | undefined, limit: number): Promise<Path[]> {
  const { db, principal } = scope.context;
  const page = await listPaths(db, principal, { organizationId: scope.organizationFilter, search, limit });
  return page.items;
}

/** The paths the query names: by id, else by name or site names (searched in the database, then read whole). */
export async function findPaths(scope: ChatScope, query: string): Promise<{ matches: Path[]; scanned: Path[] | null }> {
  const { db, principal } = scope.context;
  const id = UUID.exec(query)?.[0];
  if (id) {
    const path = await nullIfNotFound(getPath(db, principal, id.toLowerCase()));
    if (path && (!scope.organizationFilter || path.organizationId === scope.organizationFilter)) return { matches: [path], scanned: null };
  }
  const term = (pathEnds(query)[0] ?? query).slice(0, 100);
  const searched = matchPaths(query, await scopePaths(scope, term, SEARCH_LIMIT));
  if (searched.length > 0) return { matches: searched, scanned: null };
  // The database's search is accent-sensitive: read the scope's paths and compare them folded.
  const scanned = await scopePaths(scope, undefined, SCAN_LIMIT);
  return { matches: matchPaths(query, scanned), scanned };
}

function unknownReason(measurement: Awaited<ReturnType<typeof pathMeasurement>>, now: number): SlaUnknownReason {
  if (!measurement) return "no-data";
  if (now - Date.parse(measurement.lastSampleAt) > TELEMETRY.slaWindowMs) return "stale";
  return "insufficient-samples";
}

export async function explainPathSla(environment: ToolEnvironment, input: ExplainPathSlaInput, now = Date.now()): Promise<ExplainPathSlaOutput> {
  const scope = await environment.scope();
  const { t } = environment;
  const query = input.path.trim();
  const { matches, scanned } = await findPaths(scope, query);
  const pathLinks = (paths: Path[]) =>
    paths.flatMap((path) => consoleLink(scope, t("assistant.links.path", { path: path.name }), pathRoute(scope, path)));

  if (matches.length === 1) {
    const [path] = matches;
    const judged = path.slaHealth === "warning" || path.slaHealth === "bad";
    // A degraded path gets the whole root cause; a healthy one the recent changes on its ends only (a cheap read).
    const [measurement, rootCause] = await Promise.all([pathMeasurement(scope.context, path.id), pathRootCause(environment, scope, path, now, { route: judged })]);
    return {
      status: "found",
      query,
      path: {
        ...summary(path),
        organizationId: path.organizationId,
        layer: path.layer,
        sourceSiteId: path.sourceSiteId,
        destinationSiteId: path.destinationSiteId,
        bandwidthMbps: path.bandwidth,
      },
      measurement,
      thresholds: SLA_THRESHOLDS,
      minSamples: MIN_SLA_SAMPLES,
      windowMinutes: TELEMETRY.slaWindowMs / 60_000,
      breaches:
        judged && measurement
          ? slaBreaches(measurement).map((breach) => ({ ...breach, threshold: SLA_THRESHOLDS[breach.metric][breach.level] }))
          : [],
      unknownReason: path.slaHealth === "unknown" ? unknownReason(measurement, now) : null,
      rootCause: rootCause?.cause ?? null,
      links: [...pathLinks([path]), ...(rootCause?.links ?? [])],
    };
  }
  if (matches.length > 1) {
    const shown = worstFirst(matches).slice(0, ASSISTANT_LIST_MAX);
    // An MSP's customers may name paths alike: then each candidate says whose it is.
    const owners = new Set(shown.map((path) => path.organizationId));
    const names = owners.size > 1 ? await organizationNames(scope, [...owners]) : new Map<string, string>();
    return {
      status: "ambiguous",
      query,
      candidates: shown.map((path) => ({ ...summary(path), ...(names.has(path.organizationId) ? { organizationName: names.get(path.organizationId) } : {}) })),
      links: pathLinks(shown.slice(0, 3)),
    };
  }
  const candidates = worstFirst(scanned ?? (await scopePaths(scope, undefined, SCAN_LIMIT))).slice(0, CANDIDATES_SHOWN);
  return { status: "not-found", query, candidates: candidates.map(summary), links: pathLinks(candidates.slice(0, 3)) };
}
