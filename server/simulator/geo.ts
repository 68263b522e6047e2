import "server-only";

// Latency and local time for the model: latency follows the great circle, traffic follows the local clock.

import { distanceKm, type Coordinates } from "@/lib/geo";

/** Light in fibre covers about 200 km per millisecond. */
export const FIBRE_KM_PER_MS = 200;

/** Propagation delay over fibre laid along the great circle, in milliseconds. */
export function propagationMs(a: Coordinates, b: Coordinates): number {
  return distanceKm(a, b) / FIBRE_KM_PER_MS;
}

export interface LocalClock {
  /** Hour of the day with its fraction, 0 ≤ hour < 24. */
  hour: number;
  /** 0 is Sunday, 6 is Saturday. */
  weekday: number;
}

/** A rough local time from the longitude (15° per hour); good enough for business-hour patterns. */
export function localClock(timeMs: number, longitude: number): LocalClock {
  const offsetHours = Math.round(longitude / 15);
  const local = new Date(timeMs + offsetHours * 3600_000);
  return {
    hour: local.getUTCHours() + local.getUTCMinutes() / 60 + local.getUTCSeconds() / 3600,
    weekday: local.getUTCDay(),
  };
}
