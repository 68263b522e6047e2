// Distances and local time for the model: latency follows the great circle, traffic follows the local clock.

const EARTH_RADIUS_KM = 6371;
/** Light in fibre covers about 200 km per millisecond. */
export const FIBRE_KM_PER_MS = 200;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

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
