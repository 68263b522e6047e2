import { z } from "zod";
import { ALARM_SEVERITIES } from "@/lib/alarms/schema";
import { ALARM_NOTE_MAX_LENGTH } from "@/lib/alarms/schema";
import { LIFECYCLE_OPERATIONS } from "@/lib/lifecycle/schema";
import { PATH_LAYERS } from "@/lib/paths/schema";
import { SITE_TYPES } from "@/lib/sites/schema";
import { consoleRoutePath, DESCRIPTION_MAX_LENGTH } from "@/lib/validation/fields";

// The assistant's actions (issue 16, scope 5): each one needs the user's approval (AI SDK tool approval). Before the
// approval request, a dry run through the real validation (the API's zod schemas, the headroom and VLAN rules) either
// asks for what is missing, says what is wrong, refuses a role that may not do it, or shows the preview: everything
// that will change. Nothing changes before the user approves; the change is then made with their own role.

const NAME_MAX = 200;
const text = (what: string) => z.string().trim().min(1).max(NAME_MAX).describe(what);
const optionalText = (what: string, max = NAME_MAX) => z.string().trim().max(max).optional().describe(what);
const links = z.array(z.object({ label: z.string().min(1).max(200), path: consoleRoutePath() }));

export const ASSISTANT_ACTION_NAMES = ["createPath", "scheduleOperation", "cancelOperation", "acknowledgeAlarms", "deleteSite", "createSite"] as const;
export type AssistantActionName = (typeof ASSISTANT_ACTION_NAMES)[number];

export const createPathInputSchema = z.object({
  source: text("The source site's name or id"),
  destination: text("The destination site's name or id"),
  layer: z.enum(PATH_LAYERS).optional().describe("layer2 or layer3 (ask the user when they did not say)"),
  bandwidthMbps: z.number().int().positive().max(1_000_000).optional().describe("The bandwidth in Mbps (ask the user when they did not say)"),
  prefix: optionalText("Layer 3: the IP prefixes, comma-separated (ask the user when they did not say)", 1000),
  vlanId: z.number().int().min(0).max(4094).optional().describe("A specific VLAN id; the lowest free one on both connectors when omitted"),
  name: optionalText("The path's name; 'Source ⇄ Destination' when omitted"),
  sourceConnector: optionalText("The source connector's name, when the site has several"),
  destinationConnector: optionalText("The destination connector's name, when the site has several"),
});
export type CreatePathInput = z.infer<typeof createPathInputSchema>;

export const scheduleOperationInputSchema = z.object({
  device: text("The device's serial number or its node's name"),
  operation: z.enum(LIFECYCLE_OPERATIONS).describe("reboot, or install-version (with a version)"),
  version: optionalText("The version to install", 40),
  at: z.iso.datetime({ offset: true }).optional().describe("When to start (ISO 8601); now when omitted"),
});
export type ScheduleOperationInput = z.infer<typeof scheduleOperationInputSchema>;

export const cancelOperationInputSchema = z.object({ device: text("The device's serial number or its node's name, whose scheduled operation is cancelled") });
export type CancelOperationInput = z.infer<typeof cancelOperationInputSchema>;

export const acknowledgeAlarmsInputSchema = z.object({
  severity: z.enum(ALARM_SEVERITIES).optional().describe("Only the open alarms of this severity"),
  about: optionalText("Only the open alarms about this object (a path, node or device name)"),
  note: optionalText("A note kept with the acknowledgement", ALARM_NOTE_MAX_LENGTH),
});
export type AcknowledgeAlarmsInput = z.infer<typeof acknowledgeAlarmsInputSchema>;

export const deleteSiteInputSchema = z.object({ site: text("The site's name or id") });
export type DeleteSiteInput = z.infer<typeof deleteSiteInputSchema>;

/** A new site's type: one of SITE_TYPES, or "cloud" while the user has not said which provider (then asked). */
export const CREATE_SITE_TYPES = [...SITE_TYPES, "cloud"] as const;
export type CreateSiteType = (typeof CREATE_SITE_TYPES)[number];

export const createSiteInputSchema = z.object({
  name: optionalText("The new site's name (when the user did not give one, do not invent it: leave it out and the dry run asks)"),
  location: optionalText("Where the site is: a city or data-centre metro as typed in the console's location search, e.g. 'Lyon' or 'Paris, France'. Required for a standard site; a cloud site takes its region's metro when omitted", 100),
  type: z
    .enum(CREATE_SITE_TYPES)
    .optional()
    .describe("standard (the default), aws, aws-direct-connect, azure, gcp or oracle; 'cloud' when the user asked for a cloud site without naming the provider"),
  account: optionalText("Cloud sites: the AWS account ID (12 digits), Azure subscription ID (GUID), GCP project ID or Oracle compartment OCID, as the user gave it", 300),
  region: optionalText("Cloud sites: the provider's region, by code (eu-west-3, francecentral, europe-west9, eu-paris-1) or name", 100),
  description: optionalText("A description, only if the user gave one", DESCRIPTION_MAX_LENGTH),
  organization: optionalText("The customer organization to create it in, by name — only when the user works in an MSP's own console; a customer's console creates it in that customer"),
});
export type CreateSiteInput = z.infer<typeof createSiteInputSchema>;

/** What an approved action did: its summary line and the links to the result. */
export const actionOutputSchema = z.object({ action: z.enum(ASSISTANT_ACTION_NAMES), done: z.string(), links });
export type ActionOutput = z.infer<typeof actionOutputSchema>;
