import type { LinkHealth } from "@/lib/health";
import type { CurrentList } from "@/lib/telemetry/queries";
import type { SiteHealth } from "@/lib/telemetry/schema";
import { severityRank } from "./format";
import { worstLinkHealth } from "./site-health";

// The dashboards' lists (sites, paths, probes, connectors): each in its worst-first order, capped to the rows a card
// shows, with the count of the rest. The API orders and cuts with these, and the cards keep the same order.

/** How many rows a dashboard list shows; the rest are counted under it. */
export const DASHBOARD_LIST_ROWS = 8;
/** The first rows of a dashboard list, before "show all". */
export const FIRST_ROWS: CurrentList = { limit: DASHBOARD_LIST_ROWS };

/** The first `limit` rows in `order`, and how many there are in all. */
export function topRows<T>(rows: readonly T[], order: (a: T, b: T) => number, limit: number): { items: T[]; total: number } {
  return { items: [...rows].sort(order).slice(0, limit), total: rows.length };
}

/** How many rows of `total` a list showing `shown` leaves out. */
export function hiddenRows(total: number | undefined, shown: number): number {
  return Math.max(0, (total ?? shown) - shown);
}

/** Connectors: the least healthy first, then by site and name. */
export function byConnectorHealth(a: { health: string; siteName: string; name: string }, b: { health: string; siteName: string; name: string }) {
  return severityRank(a.health) - severityRank(b.health) || a.siteName.localeCompare(b.siteName) || a.name.localeCompare(b.name);
}

/** Probes: the worst level first, then by target and site. */
export function byProbeLevel(a: { level: string; target: string; siteName: string }, b: { level: string; target: string; siteName: string }) {
  return severityRank(a.level) - severityRank(b.level) || a.target.localeCompare(b.target) || a.siteName.localeCompare(b.siteName);
}

/** Paths: the worst SLA first, then by name. */
export function bySlaHealth(a: { slaHealth: string; name: string }, b: { slaHealth: string; name: string }) {
  return severityRank(a.slaHealth) - severityRank(b.slaHealth) || a.name.localeCompare(b.name);
}

/** Sites: the active ones first, the least healthy first among them, then by name. */
export function bySiteHealth(a: { active: boolean; health: string; name: string }, b: { active: boolean; health: string; name: string }) {
  return Number(b.active) - Number(a.active) || severityRank(a.health) - severityRank(b.health) || a.name.localeCompare(b.name);
}

/** Each site with its connectors' worst health, their count and their current traffic added up (null when none reports). */
export function siteHealthRows(
  sites: { id: string; name: string; address: string; active: boolean }[],
  connectors: { siteId: string; health: LinkHealth; rxBps: number | null; txBps: number | null }[],
): SiteHealth[] {
  const bySite = new Map<string, typeof connectors>();
  for (const connector of connectors) {
    const own = bySite.get(connector.siteId);
    if (own) own.push(connector);
    else bySite.set(connector.siteId, [connector]);
  }
  const sum = (values: (number | null)[]) => (values.some((value) => value !== null) ? values.reduce<number>((total, value) => total + (value ?? 0), 0) : null);
  return sites.map((site) => {
    const own = bySite.get(site.id) ?? [];
    return {
      siteId: site.id,
      name: site.name,
      address: site.address,
      active: site.active,
      health: worstLinkHealth(own.map((connector) => connector.health)),
      connectors: own.length,
      rxBps: sum(own.map((connector) => connector.rxBps)),
      txBps: sum(own.map((connector) => connector.txBps)),
    };
  });
}
