// The cloud regions a cloud site can be placed in, per provider, with the provider's own region codes.

export const CLOUD_PROVIDERS = ["aws", "azure", "gcp", "oracle"] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

export interface CloudRegion {
  code: string;
  name: string;
}

export const CLOUD_PROVIDER_NAMES: Record<CloudProvider, string> = {
  aws: "AWS",
  azure: "Azure",
  gcp: "GCP",
  oracle: "Oracle Cloud",
};

export const CLOUD_REGIONS: Record<CloudProvider, readonly CloudRegion[]> = {
  aws: [
    { code: "us-east-1", name: "US East (N. Virginia)" },
    { code: "us-east-2", name: "US East (Ohio)" },
    { code: "us-west-1", name: "US West (N. California)" },
    { code: "us-west-2", name: "US West (Oregon)" },
    { code: "ca-central-1", name: "Canada (Central)" },
    { code: "sa-east-1", name: "South America (São Paulo)" },
    { code: "eu-west-1", name: "Europe (Ireland)" },
    { code: "eu-west-2", name: "Europe (London)" },
    { code: "eu-west-3", name: "Europe (Paris)" },
    { code: "eu-central-1", name: "Europe (Frankfurt)" },
    { code: "eu-north-1", name: "Europe (Stockholm)" },
    { code: "ap-southeast-1", name: "Asia Pacific (Singapore)" },
    { code: "ap-southeast-2", name: "Asia Pacific (Sydney)" },
    { code: "ap-northeast-1", name: "Asia Pacific (Tokyo)" },
    { code: "ap-south-1", name: "Asia Pacific (Mumbai)" },
    { code: "me-central-1", name: "Middle East (UAE)" },
    { code: "af-south-1", name: "Africa (Cape Town)" },
  ],
  azure: [
    { code: "eastus", name: "East US" },
    { code: "eastus2", name: "East US 2" },
    { code: "centralus", name: "Central US" },
    { code: "westus2", name: "West US 2" },
    { code: "canadacentral", name: "Canada Central" },
    { code: "brazilsouth", name: "Brazil South" },
    { code: "northeurope", name: "North Europe" },
    { code: "westeurope", name: "West Europe" },
    { code: "uksouth", name: "UK South" },
    { code: "francecentral", name: "France Central" },
    { code: "germanywestcentral", name: "Germany West Central" },
    { code: "swedencentral", name: "Sweden Central" },
    { code: "southeastasia", name: "Southeast Asia" },
    { code: "japaneast", name: "Japan East" },
    { code: "australiaeast", name: "Australia East" },
    { code: "centralindia", name: "Central India" },
    { code: "uaenorth", name: "UAE North" },
    { code: "southafricanorth", name: "South Africa North" },
  ],
  gcp: [
    { code: "us-central1", name: "Iowa" },
    { code: "us-east1", name: "South Carolina" },
    { code: "us-east4", name: "Northern Virginia" },
    { code: "us-west1", name: "Oregon" },
    { code: "northamerica-northeast1", name: "Montréal" },
    { code: "southamerica-east1", name: "São Paulo" },
    { code: "europe-west1", name: "Belgium" },
    { code: "europe-west2", name: "London" },
    { code: "europe-west3", name: "Frankfurt" },
    { code: "europe-west4", name: "Netherlands" },
    { code: "europe-west9", name: "Paris" },
    { code: "asia-southeast1", name: "Singapore" },
    { code: "asia-northeast1", name: "Tokyo" },
    { code: "asia-south1", name: "Mumbai" },
    { code: "australia-southeast1", name: "Sydney" },
    { code: "me-west1", name: "Tel Aviv" },
    { code: "africa-south1", name: "Johannesburg" },
  ],
  oracle: [
    { code: "us-ashburn-1", name: "US East (Ashburn)" },
    { code: "us-phoenix-1", name: "US West (Phoenix)" },
    { code: "us-sanjose-1", name: "US West (San Jose)" },
    { code: "ca-toronto-1", name: "Canada Southeast (Toronto)" },
    { code: "sa-saopaulo-1", name: "Brazil East (São Paulo)" },
    { code: "uk-london-1", name: "UK South (London)" },
    { code: "eu-frankfurt-1", name: "Germany Central (Frankfurt)" },
    { code: "eu-amsterdam-1", name: "Netherlands Northwest (Amsterdam)" },
    { code: "eu-paris-1", name: "France Central (Paris)" },
    { code: "eu-zurich-1", name: "Switzerland North (Zurich)" },
    { code: "ap-singapore-1", name: "Singapore (Singapore)" },
    { code: "ap-tokyo-1", name: "Japan East (Tokyo)" },
    { code: "ap-sydney-1", name: "Australia East (Sydney)" },
    { code: "ap-mumbai-1", name: "India West (Mumbai)" },
    { code: "me-dubai-1", name: "UAE East (Dubai)" },
    { code: "af-johannesburg-1", name: "South Africa Central (Johannesburg)" },
  ],
};

export function isCloudRegion(provider: CloudProvider, code: string): boolean {
  return CLOUD_REGIONS[provider].some((region) => region.code === code);
}
