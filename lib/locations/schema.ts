import { z } from "zod";

// SPEC §3: a location is an address with its coordinates; a region holds a list of locations.

export const LOCATION_KINDS = ["metro", "city"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const REGION_IDS = ["americas", "europe", "asia-pacific", "middle-east-africa"] as const;
export type RegionId = (typeof REGION_IDS)[number];

/** The search answers at most this many locations; a search shorter than the minimum answers none. */
export const LOCATION_SEARCH_MAX_LIMIT = 25;
export const LOCATION_SEARCH_DEFAULT_LIMIT = 10;
export const LOCATION_SEARCH_MIN_LENGTH = 2;
export const LOCATION_SEARCH_MAX_LENGTH = 100;

export const locationSchema = z.object({
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Location = z.infer<typeof locationSchema>;

// GET /api/v1/config/location?search=par&limit=10 — one entry of the dropdown.
export const locationResultSchema = locationSchema.extend({
  kind: z.enum(LOCATION_KINDS),
  /** ISO 3166-1 alpha-2 country code. */
  country: z.string(),
});
export type LocationResult = z.infer<typeof locationResultSchema>;

export const locationSearchQuerySchema = z.object({
  search: z.string().max(LOCATION_SEARCH_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(LOCATION_SEARCH_MAX_LIMIT).default(LOCATION_SEARCH_DEFAULT_LIMIT),
});
export type LocationSearchQuery = z.infer<typeof locationSearchQuerySchema>;

// GET /api/v1/config/region — the data-centre metros grouped by region, for the fallback dropdown.
export const regionSchema = z.object({
  id: z.enum(REGION_IDS),
  name: z.string(),
  locations: z.array(locationSchema),
});
export type Region = z.infer<typeof regionSchema>;
