import { CONNECTOR_KINDS, type ConnectorKind } from "@/lib/connectors/constants";

// Pure number helpers of the dashboards and charts: rates and volumes scaled to the unit an engineer reads
// (SI steps of 1000 for bits per second, 1024 for bytes), and the chart ranges the dashboards offer.

export const RATE_UNITS = ["bps", "kbps", "mbps", "gbps", "tbps"] as const;
export type RateUnit = (typeof RATE_UNITS)[number];

export const BYTE_UNITS = ["b", "kb", "mb", "gb", "tb"] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

function scale<U extends string>(value: number, base: number, units: readonly U[]): { value: number; unit: U } {
  let index = 0;
  let scaled = Math.abs(value);
  while (scaled >= base && index < units.length - 1) {
    scaled /= base;
    index += 1;
  }
  return { value: Math.sign(value) * scaled || 0, unit: units[index] };
}

/** A rate in bits per second in the largest unit under 1000 of it: 1 250 000 → 1.25 Mbps. */
export function scaleBps(bps: number): { value: number; unit: RateUnit } {
  return Number.isFinite(bps) ? scale(bps, 1000, RATE_UNITS) : { value: 0, unit: "bps" };
}

/** The unit an axis topping out at `max` bps is labelled in, so every tick shares one unit. */
export function axisRateUnit(max: number): RateUnit {
  return scaleBps(max).unit;
}

/** `bps` expressed in `unit`. */
export function inRateUnit(bps: number, unit: RateUnit): number {
  return bps / 1000 ** RATE_UNITS.indexOf(unit);
}

/** A volume in bytes, in binary steps: 1536 → 1.5 KB. */
export function scaleBytes(bytes: number): { value: number; unit: ByteUnit } {
  return Number.isFinite(bytes) ? scale(bytes, 1024, BYTE_UNITS) : { value: 0, unit: "b" };
}

/** The chart ranges a dashboard offers, in hours back from now. */
export const CHART_RANGES = { "1h": 1, "6h": 6, "24h": 24, "7d": 168 } as const;
export type ChartRange = keyof typeof CHART_RANGES;
export const DEFAULT_CHART_RANGE: ChartRange = "1h";

/**
 * The start of a range ending now, on a whole minute: the server's prefetch and the browser compute the same
 * instant (the same query key) unless a minute boundary falls between them, and the range then grows to now.
 */
export function rangeStart(range: ChartRange, now: number): string {
  const minute = 60_000;
  return new Date(Math.floor((now - CHART_RANGES[range] * 3600_000) / minute) * minute).toISOString();
}

/** SPEC §4 order for lists sorted worst first: bad, then warning, unknown, healthy. */
const SEVERITY_ORDER: Record<string, number> = { bad: 0, unhealthy: 0, severe: 0, warning: 1, "concerning-loss": 1, "elevated-latency": 2, issues: 2, unknown: 3, healthy: 4 };

export function severityRank(state: string): number {
  return SEVERITY_ORDER[state] ?? 3;
}

/** The busiest site by current RX + TX of its connectors; null when nothing reports. */
export function busiestSiteId(connectors: { siteId: string; rxBps: number | null; txBps: number | null }[]): string | null {
  const totals = new Map<string, number>();
  for (const connector of connectors) {
    totals.set(connector.siteId, (totals.get(connector.siteId) ?? 0) + (connector.rxBps ?? 0) + (connector.txBps ?? 0));
  }
  let best: string | null = null;
  let bestTotal = -1;
  for (const [siteId, total] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    if (total > bestTotal) {
      best = siteId;
      bestTotal = total;
    }
  }
  return best;
}

/** The site a customer's overview charts first: its busiest active site now, else its first active site. */
export function featuredSiteId(
  sites: { id: string; active: boolean }[] | undefined,
  connectors: { items: { siteId: string; rxBps: number | null; txBps: number | null }[] } | undefined,
): string | null {
  const active = (sites ?? []).filter((site) => site.active);
  const busiest = busiestSiteId((connectors?.items ?? []).filter((connector) => active.some((site) => site.id === connector.siteId)));
  return busiest ?? active[0]?.id ?? null;
}

/** How many sources and destinations the top talkers panel lists. */
export const TOP_TALKERS_LIMIT = 5;

/** A connector kind the console names (telemetry answers the kind as a plain string). */
export function isConnectorKind(kind: string): kind is ConnectorKind {
  return (CONNECTOR_KINDS as readonly string[]).includes(kind);
}
