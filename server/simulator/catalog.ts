import "server-only";
import type { Coordinates } from "@/lib/geo";

// Names the simulated sites talk to: cloud regions to probe, public services, and the applications their hosts
// use. Fixed lists: the seed picks among them per site.

export interface ProbePlace extends Coordinates {
  name: string;
}

export const CLOUD_REGIONS: ProbePlace[] = [
  { name: "AWS eu-central-1", latitude: 50.11, longitude: 8.68 },
  { name: "AWS eu-west-1", latitude: 53.35, longitude: -6.26 },
  { name: "AWS eu-west-3", latitude: 48.86, longitude: 2.35 },
  { name: "AWS us-east-1", latitude: 39.04, longitude: -77.49 },
  { name: "AWS us-west-2", latitude: 45.84, longitude: -119.7 },
  { name: "AWS ap-southeast-1", latitude: 1.35, longitude: 103.82 },
  { name: "Azure West Europe", latitude: 52.37, longitude: 4.9 },
  { name: "Azure North Europe", latitude: 53.35, longitude: -6.26 },
  { name: "Azure East US", latitude: 37.37, longitude: -79.8 },
  { name: "GCP europe-west1", latitude: 50.45, longitude: 3.82 },
  { name: "GCP us-east4", latitude: 39.04, longitude: -77.49 },
  { name: "GCP us-west1", latitude: 45.6, longitude: -121.18 },
];

/** Served from a point of presence near every site: only the access adds delay. */
export const PUBLIC_SERVICES = ["Office 365", "Google DNS 8.8.8.8", "Salesforce", "Zoom", "Cloudflare 1.1.1.1"];

export const APPLICATIONS = [
  "SAP ERP",
  "Office 365",
  "Microsoft Teams",
  "Salesforce",
  "Zoom",
  "Veeam Backup",
  "GitHub",
  "ServiceNow",
  "AWS S3",
  "Oracle DB",
  "Confluence",
  "Google Workspace",
];
