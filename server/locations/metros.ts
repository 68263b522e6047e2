import "server-only";
import type { RegionId } from "@/lib/locations/schema";

// The data-centre metros where MSPs run edge and core nodes, with the usual two-letter metro codes.
// Coordinates are the metro's centre (Ashburn and Silicon Valley: the data-centre campus towns).

export interface Metro {
  code: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  region: RegionId;
  /** Other names people type for the metro ("San Jose" for Silicon Valley). */
  aliases?: string[];
}

export const METROS: readonly Metro[] = [
  // Americas
  { code: "DC", name: "Ashburn", country: "US", latitude: 39.0438, longitude: -77.4874, region: "americas", aliases: ["Washington"] },
  { code: "AT", name: "Atlanta", country: "US", latitude: 33.749, longitude: -84.388, region: "americas" },
  { code: "BG", name: "Bogotá", country: "CO", latitude: 4.711, longitude: -74.0721, region: "americas" },
  { code: "CH", name: "Chicago", country: "US", latitude: 41.8781, longitude: -87.6298, region: "americas" },
  { code: "DA", name: "Dallas", country: "US", latitude: 32.7767, longitude: -96.797, region: "americas" },
  { code: "DE", name: "Denver", country: "US", latitude: 39.7392, longitude: -104.9903, region: "americas" },
  { code: "LA", name: "Los Angeles", country: "US", latitude: 34.0522, longitude: -118.2437, region: "americas" },
  { code: "MX", name: "Mexico City", country: "MX", latitude: 19.4326, longitude: -99.1332, region: "americas", aliases: ["Ciudad de México"] },
  { code: "MI", name: "Miami", country: "US", latitude: 25.7617, longitude: -80.1918, region: "americas" },
  { code: "MT", name: "Montreal", country: "CA", latitude: 45.5019, longitude: -73.5674, region: "americas" },
  { code: "NY", name: "New York", country: "US", latitude: 40.7128, longitude: -74.006, region: "americas", aliases: ["Secaucus"] },
  { code: "SN", name: "Santiago", country: "CL", latitude: -33.4489, longitude: -70.6693, region: "americas" },
  { code: "SP", name: "São Paulo", country: "BR", latitude: -23.5505, longitude: -46.6333, region: "americas" },
  { code: "SE", name: "Seattle", country: "US", latitude: 47.6062, longitude: -122.3321, region: "americas" },
  { code: "SV", name: "Silicon Valley", country: "US", latitude: 37.3541, longitude: -121.9552, region: "americas", aliases: ["San Jose", "Santa Clara"] },
  { code: "TR", name: "Toronto", country: "CA", latitude: 43.6532, longitude: -79.3832, region: "americas" },
  // Europe
  { code: "AM", name: "Amsterdam", country: "NL", latitude: 52.3676, longitude: 4.9041, region: "europe" },
  { code: "DB", name: "Dublin", country: "IE", latitude: 53.3498, longitude: -6.2603, region: "europe" },
  { code: "FR", name: "Frankfurt", country: "DE", latitude: 50.1109, longitude: 8.6821, region: "europe" },
  { code: "HE", name: "Helsinki", country: "FI", latitude: 60.1699, longitude: 24.9384, region: "europe" },
  { code: "LD", name: "London", country: "GB", latitude: 51.5074, longitude: -0.1278, region: "europe", aliases: ["Slough"] },
  { code: "MD", name: "Madrid", country: "ES", latitude: 40.4168, longitude: -3.7038, region: "europe" },
  { code: "MA", name: "Manchester", country: "GB", latitude: 53.4808, longitude: -2.2426, region: "europe" },
  { code: "MR", name: "Marseille", country: "FR", latitude: 43.2965, longitude: 5.3698, region: "europe" },
  { code: "ML", name: "Milan", country: "IT", latitude: 45.4642, longitude: 9.19, region: "europe", aliases: ["Milano"] },
  { code: "PA", name: "Paris", country: "FR", latitude: 48.8566, longitude: 2.3522, region: "europe" },
  { code: "SK", name: "Stockholm", country: "SE", latitude: 59.3293, longitude: 18.0686, region: "europe" },
  { code: "WA", name: "Warsaw", country: "PL", latitude: 52.2297, longitude: 21.0122, region: "europe", aliases: ["Warszawa"] },
  { code: "ZH", name: "Zurich", country: "CH", latitude: 47.3769, longitude: 8.5417, region: "europe", aliases: ["Zürich"] },
  // Asia Pacific
  { code: "HK", name: "Hong Kong", country: "HK", latitude: 22.3193, longitude: 114.1694, region: "asia-pacific" },
  { code: "ME", name: "Melbourne", country: "AU", latitude: -37.8136, longitude: 144.9631, region: "asia-pacific" },
  { code: "MB", name: "Mumbai", country: "IN", latitude: 19.076, longitude: 72.8777, region: "asia-pacific" },
  { code: "OS", name: "Osaka", country: "JP", latitude: 34.6937, longitude: 135.5023, region: "asia-pacific" },
  { code: "SL", name: "Seoul", country: "KR", latitude: 37.5665, longitude: 126.978, region: "asia-pacific" },
  { code: "SG", name: "Singapore", country: "SG", latitude: 1.3521, longitude: 103.8198, region: "asia-pacific" },
  { code: "SY", name: "Sydney", country: "AU", latitude: -33.8688, longitude: 151.2093, region: "asia-pacific" },
  { code: "TY", name: "Tokyo", country: "JP", latitude: 35.6762, longitude: 139.6503, region: "asia-pacific" },
  // Middle East & Africa
  { code: "DX", name: "Dubai", country: "AE", latitude: 25.2048, longitude: 55.2708, region: "middle-east-africa" },
  { code: "JN", name: "Johannesburg", country: "ZA", latitude: -26.2041, longitude: 28.0473, region: "middle-east-africa" },
  { code: "LG", name: "Lagos", country: "NG", latitude: 6.5244, longitude: 3.3792, region: "middle-east-africa" },
];
