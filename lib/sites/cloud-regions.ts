import { distanceKm, type Coordinates } from "@/lib/geo";

// The cloud regions a cloud site can be placed in, per provider, with the provider's own region codes.

export const CLOUD_PROVIDERS = ["aws", "azure", "gcp", "oracle"] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

export interface CloudRegion {
  code: string;
  name: string;
  /** Where the provider's region is, roughly (its metro): to suggest the region nearest a site. */
  latitude: number;
  longitude: number;
}

export const CLOUD_PROVIDER_NAMES: Record<CloudProvider, string> = {
  aws: "AWS",
  azure: "Azure",
  gcp: "GCP",
  oracle: "Oracle Cloud",
};

export const CLOUD_REGIONS: Record<CloudProvider, readonly CloudRegion[]> = {
  aws: [
    { code: "us-east-1", name: "US East (N. Virginia)", latitude: 38.9, longitude: -77.4 },
    { code: "us-east-2", name: "US East (Ohio)", latitude: 40.0, longitude: -83.0 },
    { code: "us-west-1", name: "US West (N. California)", latitude: 37.4, longitude: -121.9 },
    { code: "us-west-2", name: "US West (Oregon)", latitude: 45.8, longitude: -119.7 },
    { code: "ca-central-1", name: "Canada (Central)", latitude: 45.5, longitude: -73.6 },
    { code: "sa-east-1", name: "South America (São Paulo)", latitude: -23.5, longitude: -46.6 },
    { code: "eu-west-1", name: "Europe (Ireland)", latitude: 53.3, longitude: -6.3 },
    { code: "eu-west-2", name: "Europe (London)", latitude: 51.5, longitude: -0.1 },
    { code: "eu-west-3", name: "Europe (Paris)", latitude: 48.9, longitude: 2.35 },
    { code: "eu-central-1", name: "Europe (Frankfurt)", latitude: 50.1, longitude: 8.7 },
    { code: "eu-north-1", name: "Europe (Stockholm)", latitude: 59.3, longitude: 18.1 },
    { code: "ap-southeast-1", name: "Asia Pacific (Singapore)", latitude: 1.35, longitude: 103.8 },
    { code: "ap-southeast-2", name: "Asia Pacific (Sydney)", latitude: -33.9, longitude: 151.2 },
    { code: "ap-northeast-1", name: "Asia Pacific (Tokyo)", latitude: 35.7, longitude: 139.7 },
    { code: "ap-south-1", name: "Asia Pacific (Mumbai)", latitude: 19.1, longitude: 72.9 },
    { code: "me-central-1", name: "Middle East (UAE)", latitude: 24.5, longitude: 54.4 },
    { code: "af-south-1", name: "Africa (Cape Town)", latitude: -33.9, longitude: 18.4 },
  ],
  azure: [
    { code: "eastus", name: "East US", latitude: 37.4, longitude: -79.8 },
    { code: "eastus2", name: "East US 2", latitude: 36.7, longitude: -78.4 },
    { code: "centralus", name: "Central US", latitude: 41.6, longitude: -93.6 },
    { code: "westus2", name: "West US 2", latitude: 47.2, longitude: -119.9 },
    { code: "canadacentral", name: "Canada Central", latitude: 43.65, longitude: -79.4 },
    { code: "brazilsouth", name: "Brazil South", latitude: -23.55, longitude: -46.6 },
    { code: "northeurope", name: "North Europe", latitude: 53.35, longitude: -6.26 },
    { code: "westeurope", name: "West Europe", latitude: 52.37, longitude: 4.9 },
    { code: "uksouth", name: "UK South", latitude: 51.5, longitude: -0.12 },
    { code: "francecentral", name: "France Central", latitude: 48.86, longitude: 2.35 },
    { code: "germanywestcentral", name: "Germany West Central", latitude: 50.11, longitude: 8.68 },
    { code: "swedencentral", name: "Sweden Central", latitude: 60.67, longitude: 17.14 },
    { code: "southeastasia", name: "Southeast Asia", latitude: 1.28, longitude: 103.83 },
    { code: "japaneast", name: "Japan East", latitude: 35.68, longitude: 139.77 },
    { code: "australiaeast", name: "Australia East", latitude: -33.86, longitude: 151.2 },
    { code: "centralindia", name: "Central India", latitude: 18.58, longitude: 73.92 },
    { code: "uaenorth", name: "UAE North", latitude: 25.27, longitude: 55.3 },
    { code: "southafricanorth", name: "South Africa North", latitude: -26.2, longitude: 28.04 },
  ],
  gcp: [
    { code: "us-central1", name: "Iowa", latitude: 41.26, longitude: -95.86 },
    { code: "us-east1", name: "South Carolina", latitude: 33.2, longitude: -80.0 },
    { code: "us-east4", name: "Northern Virginia", latitude: 39.0, longitude: -77.5 },
    { code: "us-west1", name: "Oregon", latitude: 45.6, longitude: -121.2 },
    { code: "northamerica-northeast1", name: "Montréal", latitude: 45.5, longitude: -73.57 },
    { code: "southamerica-east1", name: "São Paulo", latitude: -23.55, longitude: -46.63 },
    { code: "europe-west1", name: "Belgium", latitude: 50.45, longitude: 3.82 },
    { code: "europe-west2", name: "London", latitude: 51.5, longitude: -0.12 },
    { code: "europe-west3", name: "Frankfurt", latitude: 50.11, longitude: 8.68 },
    { code: "europe-west4", name: "Netherlands", latitude: 53.44, longitude: 6.84 },
    { code: "europe-west9", name: "Paris", latitude: 48.86, longitude: 2.35 },
    { code: "asia-southeast1", name: "Singapore", latitude: 1.35, longitude: 103.82 },
    { code: "asia-northeast1", name: "Tokyo", latitude: 35.68, longitude: 139.69 },
    { code: "asia-south1", name: "Mumbai", latitude: 19.08, longitude: 72.88 },
    { code: "australia-southeast1", name: "Sydney", latitude: -33.87, longitude: 151.21 },
    { code: "me-west1", name: "Tel Aviv", latitude: 32.08, longitude: 34.78 },
    { code: "africa-south1", name: "Johannesburg", latitude: -26.2, longitude: 28.04 },
  ],
  oracle: [
    { code: "us-ashburn-1", name: "US East (Ashburn)", latitude: 39.04, longitude: -77.49 },
    { code: "us-phoenix-1", name: "US West (Phoenix)", latitude: 33.45, longitude: -112.07 },
    { code: "us-sanjose-1", name: "US West (San Jose)", latitude: 37.34, longitude: -121.89 },
    { code: "ca-toronto-1", name: "Canada Southeast (Toronto)", latitude: 43.65, longitude: -79.38 },
    { code: "sa-saopaulo-1", name: "Brazil East (São Paulo)", latitude: -23.55, longitude: -46.63 },
    { code: "uk-london-1", name: "UK South (London)", latitude: 51.5, longitude: -0.12 },
    { code: "eu-frankfurt-1", name: "Germany Central (Frankfurt)", latitude: 50.11, longitude: 8.68 },
    { code: "eu-amsterdam-1", name: "Netherlands Northwest (Amsterdam)", latitude: 52.37, longitude: 4.9 },
    { code: "eu-paris-1", name: "France Central (Paris)", latitude: 48.86, longitude: 2.35 },
    { code: "eu-zurich-1", name: "Switzerland North (Zurich)", latitude: 47.37, longitude: 8.54 },
    { code: "ap-singapore-1", name: "Singapore (Singapore)", latitude: 1.35, longitude: 103.82 },
    { code: "ap-tokyo-1", name: "Japan East (Tokyo)", latitude: 35.68, longitude: 139.69 },
    { code: "ap-sydney-1", name: "Australia East (Sydney)", latitude: -33.87, longitude: 151.21 },
    { code: "ap-mumbai-1", name: "India West (Mumbai)", latitude: 19.08, longitude: 72.88 },
    { code: "me-dubai-1", name: "UAE East (Dubai)", latitude: 25.2, longitude: 55.27 },
    { code: "af-johannesburg-1", name: "South Africa Central (Johannesburg)", latitude: -26.2, longitude: 28.04 },
  ],
};

export function isCloudRegion(provider: CloudProvider, code: string): boolean {
  return CLOUD_REGIONS[provider].some((region) => region.code === code);
}

/** The provider's region nearest a place: what a cloud site's form proposes once its location is chosen. */
export function nearestCloudRegion(provider: CloudProvider, place: Coordinates): CloudRegion {
  let nearest = CLOUD_REGIONS[provider][0];
  for (const region of CLOUD_REGIONS[provider]) if (distanceKm(place, region) < distanceKm(place, nearest)) nearest = region;
  return nearest;
}
