import "server-only";
import { logger } from "@/server/core/log";
import {
  LOCATION_SEARCH_MIN_LENGTH,
  REGION_IDS,
  type Location,
  type LocationResult,
  type Region,
  type RegionId,
} from "@/lib/locations/schema";
import { foldText, matchesWordPrefix } from "@/lib/locations/text";
import type { translatorFor } from "@/lib/i18n/messages";
import { countryName, getCityIndex, searchCities } from "./city-index";
import { METROS, type Metro } from "./metros";
import { UnavailableError } from "@/server/core/errors";

const log = logger("locations");

export function metroLocation(metro: Metro): Location {
  return { address: `${metro.name} (${metro.code}), ${countryName(metro.country)}`, latitude: metro.latitude, longitude: metro.longitude };
}

const FOLDED_METROS = METROS.map((metro) => ({
  metro,
  names: [metro.name, ...(metro.aliases ?? [])].map(foldText),
  code: metro.code.toLowerCase(),
  place: foldText(countryName(metro.country)),
})).sort((a, b) => a.names[0].localeCompare(b.names[0]));

/** "paris, tx" → the name part and the place part (state or country), both folded. */
function parseSearch(search: string): { name: string; place?: string } {
  const comma = search.indexOf(",");
  if (comma < 0) return { name: foldText(search) };
  const place = foldText(search.slice(comma + 1));
  return { name: foldText(search.slice(0, comma)), place: place || undefined };
}

function searchMetros(name: string, place: string | undefined): Metro[] {
  const byCode = FOLDED_METROS.filter((entry) => entry.code === name);
  const byName = FOLDED_METROS.filter((entry) => entry.code !== name && entry.names.some((folded) => matchesWordPrefix(folded, name)));
  return [...byCode, ...byName]
    .filter((entry) => !place || matchesWordPrefix(entry.place, place) || entry.metro.country.toLowerCase() === place)
    .map((entry) => entry.metro);
}

// GET /api/v1/config/location — data-centre metros first, then cities by population.
export async function searchLocations(search: string | undefined, limit: number): Promise<LocationResult[]> {
  const { name, place } = parseSearch(search ?? "");
  if (name.length < LOCATION_SEARCH_MIN_LENGTH) return [];
  const metros = searchMetros(name, place)
    .slice(0, limit)
    .map((metro): LocationResult => ({ ...metroLocation(metro), kind: "metro", country: metro.country }));
  if (metros.length >= limit) return metros;
  let index;
  try {
    index = await getCityIndex();
  } catch (error) {
    log.error({ err: error }, "the city index could not be built");
    throw new UnavailableError("apiErrors.locationSearchUnavailable");
  }
  const cities = searchCities(index, name, place, limit - metros.length).map(
    (city): LocationResult => ({ address: city.address, latitude: city.latitude, longitude: city.longitude, kind: "city", country: city.country }),
  );
  return [...metros, ...cities];
}

const REGION_NAMES = {
  americas: "locations.regions.americas",
  europe: "locations.regions.europe",
  "asia-pacific": "locations.regions.asiaPacific",
  "middle-east-africa": "locations.regions.middleEastAfrica",
} as const satisfies Record<RegionId, string>;

// GET /api/v1/config/region — the metros of each region, in the caller's language.
export function listRegions(t: ReturnType<typeof translatorFor>): Region[] {
  return REGION_IDS.map((id) => ({
    id,
    name: t(REGION_NAMES[id]),
    locations: METROS.filter((metro) => metro.region === id)
      .map(metroLocation)
      .sort((a, b) => a.address.localeCompare(b.address)),
  }));
}
