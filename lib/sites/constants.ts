// Site types, their cloud providers and account fields, without zod: pages read them on first load;
// lib/sites/schema.ts builds the API's schemas from them.
import type { CloudProvider } from "./cloud-regions";

export const SITE_TYPES = ["standard", "aws", "azure", "gcp", "oracle", "aws-direct-connect"] as const;
export type SiteType = (typeof SITE_TYPES)[number];
export type CloudSiteType = Exclude<SiteType, "standard">;

export const SITE_PROVIDERS: Record<CloudSiteType, CloudProvider> = {
  aws: "aws",
  "aws-direct-connect": "aws",
  azure: "azure",
  gcp: "gcp",
  oracle: "oracle",
};

/** The provider of a cloud site type; undefined for a standard site. */
export function siteProvider(type: SiteType): CloudProvider | undefined {
  return type === "standard" ? undefined : SITE_PROVIDERS[type];
}

/** Sites that take an AWS configuration file. */
export const AWS_SITE_TYPES: readonly SiteType[] = ["aws", "aws-direct-connect"];

/** The field holding each provider's account. */
export const CLOUD_ACCOUNT_FIELDS = {
  aws: "awsAccountId",
  azure: "azureSubscriptionId",
  gcp: "gcpProjectId",
  oracle: "oracleCompartmentId",
} as const satisfies Record<CloudProvider, string>;
export type CloudAccountField = (typeof CLOUD_ACCOUNT_FIELDS)[CloudProvider];

