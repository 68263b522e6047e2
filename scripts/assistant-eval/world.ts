// What the evaluation's facts are computed from: the API's own answers on the demo network, read as the asking user
// (or the operator, to name objects), plus the vocabulary a right answer in each language uses.
import type { Locale } from "@/lib/constants";
import type { PathSla } from "@/lib/health";
import { signIn, type EvalWorld, type Session } from "./harness";

export const CONTOSO_ADMIN = "admin@contoso.example";
export const CONTOSO_READONLY = "readonly@contoso.example";
export const FABRIKAM_ADMIN = "admin@fabrikam.example";
export const NORTHWIND_ADMIN = "admin@northwind.example";
export const OPERATOR = "admin@maia.example";

export interface ApiPath {
  id: string;
  name: string;
  organizationId: string;
  layer: "layer2" | "layer3";
  slaHealth: PathSla;
  sourceSiteId: string;
  sourceSiteName: string;
  destinationSiteId: string;
  destinationSiteName: string;
  sourceConnectorId: string;
  destinationConnectorId: string;
  bandwidth: number;
  vlanType: "all" | "specific";
  vlanId: number | null;
}
export interface ApiSite {
  id: string;
  name: string;
  type: string;
  description: string;
  organizationId: string;
}
export interface ApiConnector {
  id: string;
  name: string;
  bandwidth: number;
  siteId: string;
}
export interface ApiAlarm {
  id: string;
  severity: string;
  type: string;
  message: string;
  source: string;
  organizationId: string;
}
export interface ApiNode {
  id: string;
  name: string;
  kind: string;
  deviceSerialNumber: string | null;
}
export interface ApiDevice {
  id: string;
  serialNumber: string;
  softwareVersion: string;
  status: "unclaimed" | "unassigned" | "assigned";
  nodeName: string | null;
  mspName: string | null;
}
export interface ApiOperation {
  id: string;
  serialNumber: string;
  operation: "install-version" | "reboot";
  version: string | null;
  status: string;
  scheduledAt: string;
  progress: number;
}

type Page<T> = { items: T[] };

export function createWorld(): EvalWorld {
  const sessions = new Map<string, Promise<Session>>();
  const organizations = new Map<string, string>();
  const world: EvalWorld = {
    now: Date.now(),
    session(email) {
      let session = sessions.get(email);
      if (!session) sessions.set(email, (session = signIn(email)));
      return session;
    },
    async organization(name) {
      if (organizations.size === 0) {
        const operator = await world.session(OPERATOR);
        for (const org of await operator.get<{ id: string; name: string }[]>("/config/organization")) organizations.set(org.name, org.id);
      }
      const id = organizations.get(name);
      if (!id) throw new Error(`no organization ${name}`);
      return id;
    },
  };
  return world;
}

export const orgPaths = async (world: EvalWorld, email: string, organization: string) =>
  (await (await world.session(email)).get<Page<ApiPath>>(`/config/organization/${await world.organization(organization)}/path?limit=100`)).items;

export const orgSites = async (world: EvalWorld, email: string, organization: string) =>
  (await (await world.session(email)).get<Page<ApiSite>>(`/config/organization/${await world.organization(organization)}/site?limit=100`)).items;

export async function pathNamed(world: EvalWorld, email: string, organization: string, name: string): Promise<ApiPath> {
  const found = (await orgPaths(world, email, organization)).find((path) => path.name === name);
  if (!found) throw new Error(`no path ${name}`);
  return found;
}

export async function siteNamed(world: EvalWorld, email: string, organization: string, name: string): Promise<ApiSite> {
  const found = (await orgSites(world, email, organization)).find((site) => site.name === name);
  if (!found) throw new Error(`no site ${name}`);
  return found;
}

export const siteConnectors = async (world: EvalWorld, email: string, siteId: string) =>
  (await (await world.session(email)).get<Page<ApiConnector>>(`/config/site/${siteId}/connector?limit=100`)).items;

export async function connectorNamed(world: EvalWorld, email: string, organization: string, name: string): Promise<ApiConnector> {
  for (const site of await orgSites(world, email, organization)) {
    const found = (await siteConnectors(world, email, site.id)).find((connector) => connector.name === name);
    if (found) return found;
  }
  throw new Error(`no connector ${name}`);
}

/** The open alarms the alarms page shows in an organization's console: all the user sees in their own organization's. */
export async function openAlarms(world: EvalWorld, email: string, organization: string, own = true) {
  const filter = own ? "" : `&organizationId=${await world.organization(organization)}`;
  return (await (await world.session(email)).get<Page<ApiAlarm>>(`/alarm?acknowledged=false&state=active&limit=100${filter}`)).items;
}

export async function nodeNamed(world: EvalWorld, name: string): Promise<ApiNode> {
  const northwind = await world.organization("Northwind Networks");
  const nodes = (await (await world.session(NORTHWIND_ADMIN)).get<Page<ApiNode>>(`/config/msp/${northwind}/node?limit=100`)).items;
  const found = nodes.find((node) => node.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
}

export const devices = async (world: EvalWorld, email: string) => (await (await world.session(email)).get<Page<ApiDevice>>("/inventory/device?limit=100")).items;

export const operations = async (world: EvalWorld, email: string, tab: "scheduled" | "running" | "finished") =>
  (await (await world.session(email)).get<Page<ApiOperation>>(`/lifecycle/operation?tab=${tab}&limit=100`)).items;

/** Words a right answer uses for an SLA state, in each language. */
export const SLA_WORDS: Record<Locale, Record<PathSla, string[]>> = {
  en: { healthy: ["healthy"], warning: ["warning"], bad: ["bad", "breach"], unknown: ["unknown"] },
  fr: { healthy: ["sain"], warning: ["alerte", "avertissement"], bad: ["dégradé", "mauvais"], unknown: ["inconnu"] },
};

export const CANNOT_SEE: Record<Locale, string[]> = { en: ["I cannot see", "I can't see"], fr: ["Je ne vois pas"] };
export const NOT_ALLOWED: Record<Locale, string[]> = { en: ["not allowed", "permission", "may not"], fr: ["pas autorisé", "permission", "droit"] };
export const METRIC_WORDS: Record<Locale, Record<"latencyMs" | "jitterMs" | "lossPercent", string>> = {
  en: { latencyMs: "latency", jitterMs: "jitter", lossPercent: "loss" },
  fr: { latencyMs: "latence", jitterMs: "gigue", lossPercent: "perte" },
};

export const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** The p-th percentile, nearest rank (as the assistant computes it). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
