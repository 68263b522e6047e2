import "server-only";
import type {
  AcknowledgeAlarmsInput,
  ActionOutput,
  AssistantActionName,
  CancelOperationInput,
  CreatePathInput,
  CreateSiteInput,
  DeleteSiteInput,
  ScheduleOperationInput,
} from "@/lib/assistant/action-schemas";
import { localizedAlarm } from "@/lib/alarms/message";
import { ALARM_BATCH_MAX, alarmAcknowledgeSchema } from "@/lib/alarms/schema";
import { hasScopes, type Scope } from "@/lib/auth/scopes";
import { NAME_MIN_LENGTH, VLAN_MAX, VLAN_MIN } from "@/lib/constants";
import { MAX_PAGE_SIZE } from "@/lib/pagination";
import { lifecycleOperationCreateSchema, lifecycleOperationCancelSchema } from "@/lib/lifecycle/schema";
import { pathPlanIssueList, type ConnectorLoad } from "@/lib/paths/headroom";
import { pathCreateSchema, type PathCreate } from "@/lib/paths/schema";
import type { Location } from "@/lib/locations/schema";
import { CLOUD_REGIONS, type CloudProvider } from "@/lib/sites/cloud-regions";
import { CLOUD_ACCOUNT_FIELDS, cloudRegion, siteCreateSchema, siteProvider, type SiteCreate } from "@/lib/sites/schema";
import { decodeMessage } from "@/lib/validation/messages";
import { DomainError } from "@/server/core/errors";
import { keyClaim, runClaimed } from "@/server/core/once";
import { searchLocations } from "@/server/locations/service";
import { acknowledgeAlarms, countAlarms, listAlarms } from "@/server/alarms/service";
import { cancelOperations, createOperations, listOperations } from "@/server/lifecycle/service";
import { connectorLoads, createPath, listPaths } from "@/server/paths/service";
import { listConnectors } from "@/server/sites/connectors";
import { createSite, deleteSite, listSites } from "@/server/sites/service";
import { formatMbps, formatWhen } from "./format";
import { pickByName, resolveNode, resolveSite, visibleCustomerNames, visibleOrganizationNamed, type Resolution } from "./resolve";
import { AssistantToolError, consoleLink, pathRoute, siteRoute, sitesRoute, type ChatScope } from "./scope";
import { quoted } from "./summaries-live";
import { fold } from "./text";
import type { ToolEnvironment } from "./tools/shared";

// The assistant's actions with consent (issue 16, scope 5). Each action has a dry run — the same zod schema as the
// API, the same headroom and VLAN rules, the same scopes — that either blocks (a role that may not, a name out of
// sight, a missing or wrong field: said in the user's language) or returns the preview of everything that will change,
// which the approval request carries. Only an approved call runs, through the console's own service, as the user:
// the service records the event like any other change.

export type Prepared<T> = { status: "blocked"; reason: string } | { status: "ready"; preview: string; run: T };

const blocked = (reason: string) => ({ status: "blocked" as const, reason });

function requireWrite(environment: ToolEnvironment, scope: ChatScope, needed: Scope): string | null {
  return hasScopes(scope.context.principal.scopes, [needed]) ? null : environment.t("assistant.actions.notAllowed");
}

function unresolvedReason<T extends { name: string }>(environment: ToolEnvironment, resolution: Exclude<Resolution<T>, { status: "found" }>, query: string): string {
  const { t } = environment;
  if (resolution.status === "not-visible") return t("assistant.notVisible", { query: quoted(query, 100) });
  return `${t("assistant.ambiguous", { query: quoted(query, 100) })} ${resolution.candidates.map((item) => quoted(item.name)).join(", ")}. ${t("assistant.sla.ambiguousAsk")}`;
}

/** Catalogue messages (validation.*, apiErrors.*) in the user's language. */
const messages = (environment: ToolEnvironment, keys: string[]) =>
  keys.map((stored) => {
    const { key, values } = decodeMessage(stored);
    return environment.t.has(key as never) ? environment.t(key as never, values as never) : key;
  });

const bullet = (items: string[]) => items.map((item) => `- ${item}`).join("\n");

// --- createPath ---

interface PathPlanRun {
  organizationId: string;
  input: PathCreate;
}

function pickConnector(environment: ToolEnvironment, loads: ConnectorLoad[], wanted: string | undefined, site: string): ConnectorLoad | string {
  if (loads.length === 0) return environment.t("assistant.guide.path.noConnectors", { site: quoted(site) });
  if (wanted) {
    const found = loads.filter((load) => fold(load.connector.name).includes(fold(wanted)));
    if (found.length === 1) return found[0];
    return environment.t("assistant.notVisible", { query: quoted(wanted, 100) });
  }
  // The connector with the most room: what a person would pick without a reason to pick another.
  return [...loads].sort((a, b) => b.free - a.free || a.connector.name.localeCompare(b.connector.name))[0];
}

/** The lowest VLAN id no Specific path uses on either connector (VLAN 0 left aside: it means untagged on many devices). */
function freeVlan(source: ConnectorLoad, destination: ConnectorLoad): number | null {
  const used = new Set([...source.paths, ...destination.paths].flatMap((path) => (path.vlanType === "specific" && path.vlanId !== null ? [path.vlanId] : [])));
  for (let vlan = VLAN_MIN + 1; vlan <= VLAN_MAX; vlan++) if (!used.has(vlan)) return vlan;
  return null;
}

export async function prepareCreatePath(environment: ToolEnvironment, input: CreatePathInput): Promise<Prepared<PathPlanRun>> {
  const scope = await environment.scope();
  const { t, locale } = environment;
  const refused = requireWrite(environment, scope, "common:config:write");
  if (refused) return blocked(refused);
  const [source, destination] = await Promise.all([resolveSite(scope, input.source), resolveSite(scope, input.destination)]);
  if (source.status !== "found") return blocked(unresolvedReason(environment, source, input.source));
  if (destination.status !== "found") return blocked(unresolvedReason(environment, destination, input.destination));
  const missing = [
    !input.layer && t("assistant.actions.fields.layer"),
    !input.bandwidthMbps && t("assistant.actions.fields.bandwidth"),
    input.layer === "layer3" && !input.prefix && t("assistant.actions.fields.prefix"),
  ].filter((field): field is string => Boolean(field));
  // Without a bandwidth nothing can be checked; with one, whether the ends have room is said before asking the rest.
  if (!input.bandwidthMbps) return blocked(t("assistant.actions.missing", { fields: missing.join(", ") }));

  const { db, principal } = scope.context;
  const [sourceConnectors, destinationConnectors] = await Promise.all([
    listConnectors(scope.context, source.item.id, { limit: 100 }),
    listConnectors(scope.context, destination.item.id, { limit: 100 }),
  ]);
  const [sourceLoads, destinationLoads] = await Promise.all(
    [sourceConnectors, destinationConnectors].map((list) => connectorLoads(db, principal, list?.items ?? [])),
  );
  const sourceLoad = pickConnector(environment, sourceLoads, input.sourceConnector, source.item.name);
  if (typeof sourceLoad === "string") return blocked(sourceLoad);
  const destinationLoad = pickConnector(environment, destinationLoads, input.destinationConnector, destination.item.name);
  if (typeof destinationLoad === "string") return blocked(destinationLoad);
  const vlanId = input.vlanId ?? freeVlan(sourceLoad, destinationLoad);
  const noRoom = pathPlanIssueList({ bandwidth: input.bandwidthMbps, vlanType: "all" }, { ...sourceLoad, paths: [] }, { ...destinationLoad, paths: [] });
  if (noRoom.length > 0) {
    const texts = noRoom.map((issue) => (t.has(issue.key as never) ? t(issue.key as never, issue.values as never) : issue.key));
    return blocked(`${t("assistant.actions.createPath.noRoom", { bandwidth: formatMbps(t, locale, input.bandwidthMbps) })}\n${bullet(texts)}`);
  }
  if (missing.length > 0) return blocked(t("assistant.actions.missing", { fields: missing.join(", ") }));

  // The API's own schema, then the headroom and VLAN rules the service applies under its locks.
  const parsed = pathCreateSchema.safeParse({
    name: input.name?.trim() || `${source.item.name} ⇄ ${destination.item.name}`,
    layer: input.layer,
    sourceSiteId: source.item.id,
    sourceConnectorId: sourceLoad.connector.id,
    destinationSiteId: destination.item.id,
    destinationConnectorId: destinationLoad.connector.id,
    bandwidth: input.bandwidthMbps,
    vlanType: "specific",
    vlanId,
    prefix: input.layer === "layer3" ? input.prefix : null,
  });
  if (!parsed.success) return blocked(`${t("assistant.actions.invalid")}\n${bullet(messages(environment, parsed.error.issues.map((issue) => issue.message)))}`);
  const issues = pathPlanIssueList({ bandwidth: parsed.data.bandwidth, vlanType: parsed.data.vlanType, vlanId: parsed.data.vlanId }, sourceLoad, destinationLoad);
  if (issues.length > 0) {
    const texts = issues.map((issue) => (t.has(issue.key as never) ? t(issue.key as never, issue.values as never) : issue.key));
    return blocked(`${t("assistant.actions.invalid")}\n${bullet(texts)}`);
  }
  const mbps = (value: number) => formatMbps(t, locale, value);
  const preview = [
    t("assistant.actions.createPath.preview", { name: quoted(parsed.data.name), organization: quoted(scope.organization.name) }),
    bullet([
      t("assistant.actions.createPath.layer", { layer: t(`assistant.guide.path.layers.${parsed.data.layer}`) }),
      t("assistant.actions.createPath.end", { end: t("assistant.actions.createPath.source"), site: quoted(source.item.name), connector: quoted(sourceLoad.connector.name), free: mbps(sourceLoad.free - parsed.data.bandwidth) }),
      t("assistant.actions.createPath.end", { end: t("assistant.actions.createPath.destination"), site: quoted(destination.item.name), connector: quoted(destinationLoad.connector.name), free: mbps(destinationLoad.free - parsed.data.bandwidth) }),
      t("assistant.actions.createPath.bandwidth", { bandwidth: mbps(parsed.data.bandwidth) }),
      t("assistant.actions.createPath.vlan", { vlan: parsed.data.vlanId ?? "" }),
      ...(parsed.data.prefix && parsed.data.prefix.length > 0 ? [t("assistant.actions.createPath.prefix", { prefix: parsed.data.prefix.join(", ") })] : []),
    ]),
    t("assistant.actions.approveHint"),
  ].join("\n\n");
  return { status: "ready", preview, run: { organizationId: source.item.organizationId, input: parsed.data } };
}

// --- scheduleOperation and cancelOperation ---

interface DeviceRef {
  deviceId: string;
  serialNumber: string;
  nodeName: string;
}

async function resolveDevice(environment: ToolEnvironment, scope: ChatScope, query: string): Promise<DeviceRef | string> {
  const resolution = await resolveNode(scope, query);
  if (resolution.status !== "found") return unresolvedReason(environment, resolution, query);
  const node = resolution.item;
  if (!node.deviceId || !node.serialNumber) return environment.t("assistant.node.noDevice");
  return { deviceId: node.deviceId, serialNumber: node.serialNumber, nodeName: node.name };
}

async function pendingOperations(scope: ChatScope, serialNumber: string) {
  const [scheduled, running] = await Promise.all(
    (["scheduled", "running"] as const).map((tab) => listOperations(scope.context, { tab, device: serialNumber, limit: 10, organizationId: scope.organizationFilter })),
  );
  return [...scheduled.items, ...running.items];
}

const operationLabel = (environment: ToolEnvironment, operation: "reboot" | "install-version", version: string | null) =>
  operation === "reboot" ? environment.t("assistant.lifecycle.reboot") : environment.t("assistant.lifecycle.install", { version: quoted(version ?? "") });

export async function prepareScheduleOperation(environment: ToolEnvironment, input: ScheduleOperationInput) {
  const scope = await environment.scope();
  const { t, locale, timeZone } = environment;
  const refused = requireWrite(environment, scope, "msp:lifecycle:write");
  if (refused) return blocked(refused);
  const device = await resolveDevice(environment, scope, input.device);
  if (typeof device === "string") return blocked(device);
  if (input.operation === "install-version" && !input.version) return blocked(t("assistant.actions.missing", { fields: t("assistant.actions.fields.version") }));
  const parsed = lifecycleOperationCreateSchema.safeParse({
    deviceIds: [device.deviceId],
    operation: input.operation,
    version: input.version ?? null,
    start: input.at ? "later" : "now",
    scheduledAt: input.at ?? null,
  });
  if (!parsed.success) return blocked(`${t("assistant.actions.invalid")}\n${bullet(messages(environment, parsed.error.issues.map((issue) => issue.message)))}`);
  const [busy] = await pendingOperations(scope, device.serialNumber);
  if (busy) {
    return blocked(
      t("assistant.actions.scheduleOperation.busy", {
        serial: device.serialNumber,
        operation: operationLabel(environment, busy.operation, busy.version),
        status: t(`assistant.lifecycle.statuses.${busy.status}`),
        time: formatWhen(locale, busy.scheduledAt, timeZone),
      }),
    );
  }
  const when = parsed.data.start === "later" && parsed.data.scheduledAt ? formatWhen(locale, parsed.data.scheduledAt.toISOString(), timeZone) : t("assistant.actions.scheduleOperation.now");
  const preview = [
    t("assistant.actions.scheduleOperation.preview", { operation: operationLabel(environment, parsed.data.operation, parsed.data.version), serial: device.serialNumber, node: quoted(device.nodeName), when }),
    t("assistant.actions.approveHint"),
  ].join("\n\n");
  return { status: "ready" as const, preview, run: parsed.data };
}

export async function prepareCancelOperation(environment: ToolEnvironment, input: CancelOperationInput) {
  const scope = await environment.scope();
  const { t, locale, timeZone } = environment;
  const refused = requireWrite(environment, scope, "msp:lifecycle:write");
  if (refused) return blocked(refused);
  const device = await resolveDevice(environment, scope, input.device);
  if (typeof device === "string") return blocked(device);
  const scheduled = (await pendingOperations(scope, device.serialNumber)).filter((operation) => operation.status === "scheduled");
  if (scheduled.length === 0) return blocked(t("assistant.lifecycle.noneFor", { device: device.serialNumber }));
  const parsed = lifecycleOperationCancelSchema.parse({ operationIds: scheduled.map((operation) => operation.id) });
  const preview = [
    t("assistant.actions.cancelOperation.preview", { serial: device.serialNumber }),
    bullet(scheduled.map((operation) => `${operationLabel(environment, operation.operation, operation.version)}, ${formatWhen(locale, operation.scheduledAt, timeZone)}`)),
    t("assistant.actions.approveHint"),
  ].join("\n\n");
  return { status: "ready" as const, preview, run: parsed.operationIds };
}

// --- acknowledgeAlarms ---

export async function prepareAcknowledgeAlarms(environment: ToolEnvironment, input: AcknowledgeAlarmsInput) {
  const scope = await environment.scope();
  const { t } = environment;
  const refused = requireWrite(environment, scope, "common:config:write");
  if (refused) return blocked(refused);
  // As many as one acknowledgement takes; past them, how many are open, so the person knows to ask again.
  const view = { acknowledged: "false", state: "active", organizationId: scope.organizationFilter, severity: input.severity } as const;
  const page = await listAlarms(scope.context, { ...view, limit: ALARM_BATCH_MAX });
  const open = page.nextCursor ? await countAlarms(scope.context, view) : null;
  const about = input.about ? fold(input.about) : null;
  const alarms = page.items.map((alarm) => localizedAlarm(t, alarm)).filter((alarm) => !about || fold(alarm.source).includes(about) || fold(alarm.message).includes(about));
  if (alarms.length === 0) {
    // None of the severity asked, or about what was named: say so, and what else is open, never "nothing is open".
    const asked = input.severity ? t("assistant.alarms.noneOfSeverity", { severity: t(`assistant.alarms.severities.${input.severity}`) }) : about ? t("assistant.actions.acknowledgeAlarms.noneAbout", { about: quoted(input.about ?? "") }) : t("assistant.alarms.none");
    const others = input.severity || about ? await countAlarms(scope.context, { ...view, severity: undefined }) : 0;
    return blocked(others > 0 ? `${asked} ${t("assistant.actions.acknowledgeAlarms.otherOpen", { count: others })}` : asked);
  }
  const parsed = alarmAcknowledgeSchema.safeParse({ alarmIds: alarms.map((alarm) => alarm.id), note: input.note ?? null });
  if (!parsed.success) return blocked(`${t("assistant.actions.invalid")}\n${bullet(messages(environment, parsed.error.issues.map((issue) => issue.message)))}`);
  const preview = [
    t("assistant.actions.acknowledgeAlarms.preview", { count: alarms.length }),
    bullet(alarms.slice(0, 20).map((alarm) => `[${t(`assistant.alarms.severities.${alarm.severity}`)}] ${quoted(alarm.message)} (${quoted(alarm.source)})`)),
    ...(open === null ? [] : [t("assistant.actions.acknowledgeAlarms.moreOpen", { total: open, max: ALARM_BATCH_MAX })]),
    parsed.data.note ? t("assistant.actions.acknowledgeAlarms.note", { note: quoted(parsed.data.note) }) : t("assistant.actions.acknowledgeAlarms.noNote"),
    t("assistant.actions.approveHint"),
  ].join("\n\n");
  return { status: "ready" as const, preview, run: parsed.data };
}

// --- deleteSite ---

export async function prepareDeleteSite(environment: ToolEnvironment, input: DeleteSiteInput) {
  const scope = await environment.scope();
  const { t } = environment;
  const refused = requireWrite(environment, scope, "common:config:write");
  if (refused) return blocked(refused);
  // SPEC §6: only the customer deletes its site (an MSP creates them, it does not delete them).
  if (scope.context.principal.organizationType !== "customer") return blocked(t("assistant.actions.deleteSite.customerOnly"));
  const site = await resolveSite(scope, input.site);
  if (site.status !== "found") return blocked(unresolvedReason(environment, site, input.site));
  // Deleting is for good: a site found by part of its name ("the Paris site" for Paris HQ) is asked about first.
  if (site.item.id !== input.site.trim() && fold(site.item.name) !== fold(input.site)) {
    return blocked(t("assistant.actions.deleteSite.wholeName", { query: quoted(input.site, 100), site: quoted(site.item.name) }));
  }
  const { db, principal } = scope.context;
  const paths = (await listPaths(db, principal, { siteId: site.item.id, limit: MAX_PAGE_SIZE })).items;
  const preview = [
    t("assistant.actions.deleteSite.preview", { site: quoted(site.item.name), paths: paths.length }),
    ...(paths.length > 0 ? [bullet(paths.map((path) => quoted(path.name)))] : []),
    t("assistant.actions.approveHint"),
  ].join("\n\n");
  return { status: "ready" as const, preview, run: site.item };
}

// --- createSite ---

interface SitePlanRun {
  organizationId: string;
  input: SiteCreate;
}

type SiteOrganization = { id: string; name: string; organizationType: string };

/**
 * The organization the site goes in, as createPath finds it through its sites: the chat's own organization when it is
 * a customer (a customer's console, or an MSP's view of its customer), else the customer the user names among those
 * they see. Null when none is named from an MSP's own console (then asked); the reason when it cannot be used.
 */
async function siteOrganization(environment: ToolEnvironment, scope: ChatScope, wanted: string | undefined): Promise<SiteOrganization | string | null> {
  if (!wanted) return scope.organization.organizationType === "customer" ? scope.organization : null;
  // A chat about one organization reaches that one only, as every tool's lists do.
  const found = scope.organizationFilter ? pickByName(wanted, [scope.organization]) : await visibleOrganizationNamed(scope, wanted);
  if (found.status !== "found") return unresolvedReason(environment, found, wanted);
  return found.item;
}

/** A region the user names by code or by name ("eu-west-3", "Europe (Paris)"), as the provider's code; else as given. */
function regionCode(provider: CloudProvider, wanted: string): string {
  const folded = fold(wanted);
  return CLOUD_REGIONS[provider].find((region) => region.code === wanted.trim().toLowerCase() || fold(region.name) === folded)?.code ?? wanted.trim();
}

/** The first entry of the console's location search for what the user typed; a reason when none or unavailable. */
async function searchedLocation(environment: ToolEnvironment, wanted: string): Promise<Location | string> {
  try {
    const [first] = await searchLocations(wanted, 1);
    return first ? { address: first.address, latitude: first.latitude, longitude: first.longitude } : environment.t("assistant.actions.createSite.noLocation", { query: quoted(wanted, 100) });
  } catch (error) {
    if (error instanceof DomainError) return messages(environment, [error.key])[0];
    throw error;
  }
}

/** The data-centre metro a cloud region is in ("Europe (Paris)" → Paris), when the location search knows it as one. */
async function regionMetro(provider: CloudProvider, code: string): Promise<Location | null> {
  const region = CLOUD_REGIONS[provider].find((candidate) => candidate.code === code);
  if (!region) return null;
  const place = /\(([^)]+)\)/.exec(region.name)?.[1] ?? region.name;
  try {
    const [first] = await searchLocations(place, 1);
    return first?.kind === "metro" ? { address: first.address, latitude: first.latitude, longitude: first.longitude } : null;
  } catch {
    return null;
  }
}

export async function prepareCreateSite(environment: ToolEnvironment, input: CreateSiteInput): Promise<Prepared<SitePlanRun>> {
  const scope = await environment.scope();
  const { t } = environment;
  const refused = requireWrite(environment, scope, "common:config:write");
  if (refused) return blocked(refused);
  const organization = await siteOrganization(environment, scope, input.organization?.trim() || undefined);
  if (typeof organization === "string") return blocked(organization);
  const type = input.type ?? "standard";
  const provider = type === "standard" || type === "cloud" ? undefined : siteProvider(type);
  const account = input.account?.trim() || undefined;
  const region = provider && input.region?.trim() ? regionCode(provider, input.region) : undefined;
  const wantedLocation = input.location?.trim() || undefined;
  const field = (name: string, values?: Record<string, string | number>) => t(`assistant.actions.createSite.fields.${name}` as never, values as never);
  const customers = organization === null ? await visibleCustomerNames(scope) : [];
  const missing = [
    !input.name?.trim() && field("name", { min: NAME_MIN_LENGTH }),
    organization === null && (customers.length > 0 ? field("organization", { customers: customers.map((name) => quoted(name)).join(", ") }) : field("organizationNone")),
    type === "cloud" && field("provider"),
    provider && !account && t(`assistant.guide.site.accounts.${CLOUD_ACCOUNT_FIELDS[provider]}`),
    provider && !region && field("region", { regions: CLOUD_REGIONS[provider].slice(0, 3).map((item) => item.code).join(", ") }),
    type === "standard" && !wantedLocation && field("location"),
  ].filter((item): item is string => Boolean(item));
  if (missing.length > 0 || organization === null) return blocked(t("assistant.actions.missing", { fields: missing.join(", ") }));

  // A region that is not the provider's is said as the form says it, before asking where the site is.
  const regionIssue = provider && region ? cloudRegion(provider).safeParse(region) : null;
  if (regionIssue && !regionIssue.success) return blocked(`${t("assistant.actions.invalid")}\n${bullet(messages(environment, regionIssue.error.issues.map((issue) => issue.message)))}`);
  // The location from the console's own search; a cloud site without one takes its region's metro.
  const location = wantedLocation ? await searchedLocation(environment, wantedLocation) : provider && region ? await regionMetro(provider, region) : null;
  if (typeof location === "string") return blocked(location);
  if (location === null) return blocked(t("assistant.actions.missing", { fields: field("location") }));

  // The API's own schema (SPEC §5 messages), then the service's rule: sites belong to customer organizations.
  const parsed = siteCreateSchema.safeParse({
    name: input.name,
    description: input.description ?? "",
    location,
    type,
    ...(provider ? { [CLOUD_ACCOUNT_FIELDS[provider]]: account, region } : {}),
  });
  if (!parsed.success) return blocked(`${t("assistant.actions.invalid")}\n${bullet(messages(environment, parsed.error.issues.map((issue) => issue.message)))}`);
  if (organization.organizationType !== "customer") return blocked(t("apiErrors.siteOrganizationNotCustomer", { organization: quoted(organization.name) }));
  const site = parsed.data;
  // Names need not be unique, but a second site of the same name is more often a slip than a wish: say so.
  const namesakes = (await listSites(scope.context, organization.id, { search: site.name, limit: 50 })).items.filter((item) => fold(item.name) === fold(site.name));
  const cloud = site.type === "standard" ? null : { provider: siteProvider(site.type)!, region: site.region };
  const regionName = cloud ? CLOUD_REGIONS[cloud.provider].find((item) => item.code === cloud.region)?.name : undefined;
  const accountField = cloud ? CLOUD_ACCOUNT_FIELDS[cloud.provider] : null;
  const preview = [
    t("assistant.actions.createSite.preview", { name: quoted(site.name), organization: quoted(organization.name) }),
    bullet([
      t("assistant.actions.createSite.type", { type: t(`sites.types.${site.type}`) }),
      t("assistant.actions.createSite.location", { location: quoted(site.location.address) }),
      ...(cloud && accountField
        ? [
            t("assistant.actions.createSite.account", { field: t(`sites.form.${accountField}`), account: String((site as Record<string, unknown>)[accountField]) }),
            t("assistant.actions.createSite.region", { region: cloud.region, name: regionName ?? cloud.region }),
          ]
        : []),
      ...(site.description ? [t("assistant.actions.createSite.description", { description: quoted(site.description) })] : []),
    ]),
    ...(namesakes.length > 0 ? [t("assistant.actions.createSite.namesake", { name: quoted(site.name), organization: quoted(organization.name), count: namesakes.length })] : []),
    t("assistant.actions.approveHint"),
  ].join("\n\n");
  return { status: "ready", preview, run: { organizationId: organization.id, input: site } };
}

// --- The approval decisions and the runs ---

type Prepare = (environment: ToolEnvironment, input: never) => Promise<{ status: "blocked"; reason: string } | { status: "ready"; preview: string }>;

export const PREPARE: Record<AssistantActionName, Prepare> = {
  createPath: prepareCreatePath as Prepare,
  scheduleOperation: prepareScheduleOperation as Prepare,
  cancelOperation: prepareCancelOperation as Prepare,
  acknowledgeAlarms: prepareAcknowledgeAlarms as Prepare,
  deleteSite: prepareDeleteSite as Prepare,
  createSite: prepareCreateSite as Prepare,
};

/** The approval status of an action call: denied with the reason, or the user's approval with the preview to show. */
export async function approvalFor(environment: ToolEnvironment, name: AssistantActionName, input: unknown) {
  try {
    const prepared = await PREPARE[name](environment, input as never);
    return prepared.status === "blocked" ? { type: "denied" as const, reason: prepared.reason } : { type: "user-approval" as const, reason: prepared.preview };
  } catch (error) {
    return { type: "denied" as const, reason: error instanceof AssistantToolError ? error.message : environment.t("assistant.errors.unexpected") };
  }
}

/**
 * Runs an approved action once: its service's transaction also claims the tool call it answers (server/core/once.ts),
 * so the same approved call run again — a second answer that slipped through, an answer re-read after a broken
 * stream — fails at its claim and changes nothing. Tool-call ids are UUIDs whatever the model (unique-tool-ids.ts).
 */
export async function runAction(environment: ToolEnvironment, name: AssistantActionName, input: unknown, callId: string): Promise<ActionOutput> {
  const { principal } = (await environment.scope()).context;
  const claim = keyClaim(principal, `action:${callId}`, `action ${name}`, () => new AssistantToolError(environment.t("assistant.actions.alreadyRun")));
  return runClaimed(claim, () => runApproved(environment, name, input));
}

/** Runs an approved action: prepared again (the network may have changed meanwhile), then done through its service. */
async function runApproved(environment: ToolEnvironment, name: AssistantActionName, input: unknown): Promise<ActionOutput> {
  const scope = await environment.scope();
  const { t } = environment;
  const ready = <T>(prepared: Prepared<T> | { status: "ready"; preview: string; run: T }): T => {
    if (prepared.status === "blocked") throw new AssistantToolError(prepared.reason);
    return prepared.run;
  };
  switch (name) {
    case "createPath": {
      const plan = ready(await prepareCreatePath(environment, input as CreatePathInput));
      const path = await createPath(scope.context, plan.organizationId, plan.input);
      return { action: name, done: t("assistant.actions.createPath.done", { path: quoted(path.name) }), links: consoleLink(scope, t("assistant.links.path", { path: path.name }), pathRoute(scope, path)) };
    }
    case "scheduleOperation": {
      const plan = ready(await prepareScheduleOperation(environment, input as ScheduleOperationInput));
      const [operation] = await createOperations(scope.context, plan);
      return {
        action: name,
        done: t("assistant.actions.scheduleOperation.done", { serial: operation.serialNumber, time: formatWhen(environment.locale, operation.scheduledAt, environment.timeZone) }),
        links: consoleLink(scope, t("assistant.links.lifecycle"), "msp/lifecycle/scheduled"),
      };
    }
    case "cancelOperation": {
      const ids = ready(await prepareCancelOperation(environment, input as CancelOperationInput));
      const cancelled = await cancelOperations(scope.context, ids);
      return { action: name, done: t("assistant.actions.cancelOperation.done", { count: cancelled.length }), links: consoleLink(scope, t("assistant.links.lifecycle"), "msp/lifecycle/finished") };
    }
    case "acknowledgeAlarms": {
      const plan = ready(await prepareAcknowledgeAlarms(environment, input as AcknowledgeAlarmsInput));
      const done = await acknowledgeAlarms(scope.context, plan);
      return { action: name, done: t("assistant.actions.acknowledgeAlarms.done", { count: done.length }), links: consoleLink(scope, t("assistant.links.alarms"), "alarms") };
    }
    case "deleteSite": {
      const site = ready(await prepareDeleteSite(environment, input as DeleteSiteInput));
      await deleteSite(scope.context, site.id);
      return { action: name, done: t("assistant.actions.deleteSite.done", { site: quoted(site.name) }), links: consoleLink(scope, t("assistant.links.sites"), sitesRoute(scope)) };
    }
    case "createSite": {
      const plan = ready(await prepareCreateSite(environment, input as CreateSiteInput));
      const site = await createSite(scope.context, plan.organizationId, plan.input);
      return { action: name, done: t("assistant.actions.createSite.done", { site: quoted(site.name) }), links: consoleLink(scope, t("assistant.links.site", { site: site.name }), siteRoute(scope, site)) };
    }
  }
}
