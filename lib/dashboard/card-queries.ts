import { DEFAULT_ALARM_FILTER, alarmsQueryOptions } from "@/lib/alarms/queries";
import { recentChatsQueryOptions } from "@/lib/chat/queries";
import { siteQueryOptions } from "@/lib/sites/queries";
import {
  bandwidthQueryOptions,
  connectorHealthQueryOptions,
  pathHealthQueryOptions,
  pathPerformanceQueryOptions,
  probesQueryOptions,
  siteBreakdownQueryOptions,
  siteHealthQueryOptions,
  topTalkersQueryOptions,
  type CurrentList,
} from "@/lib/telemetry/queries";
import type { BreakdownDimension } from "@/lib/telemetry/schema";
import { TOP_TALKERS_LIMIT } from "./format";
import { FIRST_ROWS } from "./lists";
import { customerSummariesQueryOptions } from "./queries";

// Each dashboard card's query, in one place: the card reads it and the server page prefetches the very same one, so
// a deep link renders complete and the two can never ask for different things.

type Scope = "site" | "organization";

/** A capped list's first view: its worst rows (expanded, the card asks for all). */

export const cardQueries = {
  alarms: (organizationId?: string) => alarmsQueryOptions(DEFAULT_ALARM_FILTER, organizationId),
  sites: (organizationId: string) => siteHealthQueryOptions(organizationId, FIRST_ROWS),
  paths: (kind: Scope, id: string) => pathHealthQueryOptions(kind, id, FIRST_ROWS),
  probes: (kind: Scope, id: string, list: CurrentList = FIRST_ROWS) => probesQueryOptions(kind, id, list),
  connectorHealth: (kind: Scope, id: string, list: CurrentList = FIRST_ROWS) => connectorHealthQueryOptions(kind, id, list),
  /** Every connector of a site with its health: the connector's dashboard finds its own among them. */
  siteConnectors: (siteId: string) => connectorHealthQueryOptions("site", siteId),
  topTalkers: (kind: Scope, id: string) => topTalkersQueryOptions(kind, id, { limit: TOP_TALKERS_LIMIT }),
  recentChats: (organizationId: string) => recentChatsQueryOptions(organizationId),
  breakdown: (siteId: string, by: BreakdownDimension = "connector") => siteBreakdownQueryOptions(siteId, by),
  /** A chart's first window: from the range start the server picked for the page. */
  bandwidth: (kind: "site" | "connector" | "path", id: string, since: string) => bandwidthQueryOptions(kind, id, { from: since }),
  performance: (pathId: string, since: string) => pathPerformanceQueryOptions(pathId, { from: since }),
};

/** What each dashboard opens with (the cards it shows), for its server page. */
export const dashboardQueries = {
  customerOverview: (organizationId: string) => [
    cardQueries.sites(organizationId),
    cardQueries.alarms(organizationId),
    cardQueries.paths("organization", organizationId),
    cardQueries.probes("organization", organizationId),
    cardQueries.connectorHealth("organization", organizationId),
    cardQueries.topTalkers("organization", organizationId),
    cardQueries.recentChats(organizationId),
  ],
  /** The site a dashboard charts: its name, bandwidth and breakdown. */
  siteCharts: (siteId: string, since: string) => [siteQueryOptions(siteId), cardQueries.bandwidth("site", siteId, since), cardQueries.breakdown(siteId)],
  site: (organizationId: string, siteId: string, since: string) => [
    ...dashboardQueries.siteCharts(siteId, since),
    cardQueries.alarms(organizationId),
    cardQueries.paths("site", siteId),
    cardQueries.connectorHealth("site", siteId),
    cardQueries.probes("site", siteId),
    cardQueries.topTalkers("site", siteId),
  ],
  path: (pathId: string, since: string) => [cardQueries.performance(pathId, since), cardQueries.bandwidth("path", pathId, since)],
  msp: (mspId: string) => [customerSummariesQueryOptions(mspId), cardQueries.alarms(), cardQueries.recentChats(mspId)],
};
