import { z } from "zod";
import { CONNECTOR_KINDS } from "@/lib/connectors/schema";
import { locationSchema } from "@/lib/locations/schema";
import { description, location, requiredName, requiredText } from "@/lib/validation/fields";
import { messageWithValues } from "@/lib/validation/messages";
import { CLOUD_PROVIDER_NAMES, isCloudRegion, type CloudProvider } from "./cloud-regions";
import { SITE_TYPES } from "./constants";
import { sortQueryShape } from "@/lib/pagination-schema";

// SPEC §1/§3/§5: a site is standard or in a cloud (AWS, AWS Direct Connect, Azure, GCP, Oracle); a cloud site
// needs the provider's account field and one of the provider's regions. One discriminated schema per shape,
// shared by the form and the API.

export { SITE_TYPES, SITE_PROVIDERS, siteProvider, AWS_SITE_TYPES, CLOUD_ACCOUNT_FIELDS, type SiteType, type CloudSiteType, type CloudAccountField } from "./constants";
const accountId = (requiredKey: string, pattern: RegExp, invalidKey: string) => requiredText(requiredKey).regex(pattern, invalidKey);

const ACCOUNT_IDS = {
  // A 12-digit AWS account number.
  aws: () => accountId("validation.awsAccountIdRequired", /^\d{12}$/, "validation.awsAccountIdInvalid"),
  // An Azure subscription is a GUID.
  azure: () =>
    accountId(
      "validation.azureSubscriptionIdRequired",
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      "validation.azureSubscriptionIdInvalid",
    ),
  // GCP project IDs: 6–30 lowercase letters, digits and hyphens, starting with a letter, not ending with a hyphen.
  gcp: () => accountId("validation.gcpProjectIdRequired", /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "validation.gcpProjectIdInvalid"),
  // An OCI compartment (or the tenancy, the root compartment) OCID: ocid1.compartment.<realm>.[region].<id>.
  oracle: () =>
    accountId(
      "validation.oracleCompartmentIdRequired",
      /^ocid1\.(compartment|tenancy)\.[a-z0-9-]+\.[a-z0-9-]*\.[a-z0-9]+$/,
      "validation.oracleCompartmentIdInvalid",
    ),
};

/** One of the provider's regions ("Region is required" when missing). */
export const cloudRegion = (provider: CloudProvider) =>
  z
    .string({ error: "validation.regionRequired" })
    .trim()
    .min(1, "validation.regionRequired")
    .refine((code) => isCloudRegion(provider, code), {
      message: messageWithValues("validation.regionInvalid", { provider: CLOUD_PROVIDER_NAMES[provider] }),
    });

const siteFields = () => ({ name: requiredName(), description: description(), location: location() });

const TYPE_ERROR = { error: "validation.siteType" };

// POST /api/v1/config/organization/{organizationId}/site
export const siteCreateSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ ...siteFields(), type: z.literal("standard") }),
    z.strictObject({ ...siteFields(), type: z.literal("aws"), awsAccountId: ACCOUNT_IDS.aws(), region: cloudRegion("aws") }),
    z.strictObject({
      ...siteFields(),
      type: z.literal("aws-direct-connect"),
      awsAccountId: ACCOUNT_IDS.aws(),
      region: cloudRegion("aws"),
    }),
    z.strictObject({ ...siteFields(), type: z.literal("azure"), azureSubscriptionId: ACCOUNT_IDS.azure(), region: cloudRegion("azure") }),
    z.strictObject({ ...siteFields(), type: z.literal("gcp"), gcpProjectId: ACCOUNT_IDS.gcp(), region: cloudRegion("gcp") }),
    z.strictObject({ ...siteFields(), type: z.literal("oracle"), oracleCompartmentId: ACCOUNT_IDS.oracle(), region: cloudRegion("oracle") }),
  ],
  TYPE_ERROR,
);
export type SiteCreate = z.infer<typeof siteCreateSchema>;
export type SiteCreateInput = z.input<typeof siteCreateSchema>;

// PATCH /api/v1/config/site/{siteId} — any subset. The result (the site with these changes) is checked against
// siteCreateSchema, so changing the type asks for the new type's account and region.
export const siteUpdateSchema = z
  .strictObject({
    name: requiredName(),
    description: description().unwrap(),
    location: location(),
    type: z.enum(SITE_TYPES, TYPE_ERROR),
    awsAccountId: z.string({ error: "validation.awsAccountIdRequired" }),
    azureSubscriptionId: z.string({ error: "validation.azureSubscriptionIdRequired" }),
    gcpProjectId: z.string({ error: "validation.gcpProjectIdRequired" }),
    oracleCompartmentId: z.string({ error: "validation.oracleCompartmentIdRequired" }),
    region: z.string({ error: "validation.regionRequired" }),
    active: z.boolean({ error: "validation.activeInvalid" }),
  })
  .partial();
export type SiteUpdate = z.infer<typeof siteUpdateSchema>;

const siteResponseFields = {
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  description: z.string(),
  location: locationSchema,
  active: z.boolean(),
  /** Whether an AWS configuration file was uploaded (its content is never returned). */
  awsConfigSet: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

// A site as the API returns it.
export const siteSchema = z.discriminatedUnion("type", [
  z.object({ ...siteResponseFields, type: z.literal("standard") }),
  z.object({ ...siteResponseFields, type: z.literal("aws"), awsAccountId: z.string(), region: z.string() }),
  z.object({ ...siteResponseFields, type: z.literal("aws-direct-connect"), awsAccountId: z.string(), region: z.string() }),
  z.object({ ...siteResponseFields, type: z.literal("azure"), azureSubscriptionId: z.string(), region: z.string() }),
  z.object({ ...siteResponseFields, type: z.literal("gcp"), gcpProjectId: z.string(), region: z.string() }),
  z.object({ ...siteResponseFields, type: z.literal("oracle"), oracleCompartmentId: z.string(), region: z.string() }),
]);
export type Site = z.infer<typeof siteSchema>;

/** A site's connectors as the sites list shows them: how many, and of which kinds (no query per row). */
export const siteConnectorSummarySchema = z.object({ count: z.number().int().min(0), kinds: z.array(z.enum(CONNECTOR_KINDS)) });
export type SiteConnectorSummary = z.infer<typeof siteConnectorSummarySchema>;

// A row of the sites list: the site and its connectors' summary.
export const siteListItemSchema = z.intersection(siteSchema, z.object({ connectors: siteConnectorSummarySchema }));
export type SiteListItem = z.infer<typeof siteListItemSchema>;

export const siteListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  type: z.enum(SITE_TYPES).optional(),
  ...sortQueryShape("sites"),
});
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;

// POST /api/v1/config/site/{siteId}/aws-config — SPEC §5: plain text with a .txt extension.
export const AWS_CONFIG_MAX_BYTES = 64 * 1024;
const AWS_CONFIG_ERROR = "validation.awsConfigFile";

/** A file name (no folders, no control characters) ending in .txt. */
export function isTxtFileName(fileName: string): boolean {
  return fileName.length <= 255 && /^[^/\\\u0000-\u001f\u007f]+\.txt$/i.test(fileName) && fileName.trim().length > 4;
}

/** Printable UTF-8 text: no NUL or other control characters except tab and line breaks, no lone surrogates. */
export function isPlainText(content: string): boolean {
  if (content.length === 0 || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(content)) return false;
  if (/\p{Cs}/u.test(content)) return false;
  return new TextEncoder().encode(content).length <= AWS_CONFIG_MAX_BYTES;
}

export const awsConfigUploadSchema = z.strictObject(
  {
    fileName: z.string({ error: AWS_CONFIG_ERROR }).refine(isTxtFileName, AWS_CONFIG_ERROR),
    content: z.string({ error: AWS_CONFIG_ERROR }).max(AWS_CONFIG_MAX_BYTES, AWS_CONFIG_ERROR).refine(isPlainText, AWS_CONFIG_ERROR),
  },
  { error: AWS_CONFIG_ERROR },
);
export type AwsConfigUpload = z.infer<typeof awsConfigUploadSchema>;
