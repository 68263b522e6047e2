import "server-only";
import type {
  GuidePathCreationInput,
  GuidePathCreationOutput,
  GuideSiteCreationInput,
  GuideSiteCreationOutput,
} from "@/lib/assistant/tools";
import { NAME_MIN_LENGTH, VLAN_MAX, VLAN_MIN } from "@/lib/constants";
import { CLOUD_REGIONS } from "@/lib/sites/cloud-regions";
import { CLOUD_ACCOUNT_FIELDS, siteProvider } from "@/lib/sites/schema";
import { searchLocations } from "@/server/locations/service";
import { listConnectors } from "@/server/sites/connectors";
import { formatMbps, siteTypeLabel } from "../format";
import { scopedSites, type ScopedSite } from "../queries";
import { consoleLink, pathCreationRoute, sitesRoute, type ChatScope } from "../scope";
import { matchSite, pathLayerFromWords, siteTypeFromWords } from "../text";
import type { ToolEnvironment } from "./shared";

// guideSiteCreation and guidePathCreation — the steps of the console's forms (SPEC §5 fields), with what the user
// already said filled in and whether their role may do it. The assistant guides; it never creates anything itself.

const LOCATIONS_SHOWN = 3;
const REGIONS_SHOWN = 3;
const CONNECTORS_SHOWN = 10;
const SITE_SCAN_LIMIT = 500;

/** Location search entries for a city; none when the search is unavailable (the guide still works without them). */
async function locationsFor(city: string | null): Promise<{ address: string }[]> {
  if (!city) return [];
  try {
    return (await searchLocations(city, LOCATIONS_SHOWN)).map((location) => ({ address: location.address }));
  } catch {
    return [];
  }
}

export async function guideSiteCreation(environment: ToolEnvironment, input: GuideSiteCreationInput): Promise<GuideSiteCreationOutput> {
  const scope = await environment.scope();
  const { t } = environment;
  const name = input.name?.trim() || null;
  const city = input.city?.trim() || null;
  const asked = input.type?.trim() || null;
  const type = asked ? siteTypeFromWords(asked) : null;
  const provider = type ? siteProvider(type) : undefined;
  const cloud = provider
    ? { provider, accountField: CLOUD_ACCOUNT_FIELDS[provider], regions: CLOUD_REGIONS[provider].slice(0, REGIONS_SHOWN).map((region) => region.code) }
    : null;
  const locations = await locationsFor(city);
  const steps = [
    scope.organization.organizationType === "customer" ? t("assistant.guide.site.open") : t("assistant.guide.site.openMsp"),
    name ? t("assistant.guide.site.nameGiven", { name }) : t("assistant.guide.site.name", { min: NAME_MIN_LENGTH }),
    t("assistant.guide.site.description"),
    !city
      ? t("assistant.guide.site.location")
      : locations.length > 0
        ? t("assistant.guide.site.locationsFound", { city, locations: locations.map((location) => location.address).join(" / ") })
        : t("assistant.guide.site.locationGiven", { city }),
    type ? t("assistant.guide.site.typeGiven", { type: siteTypeLabel(t, type) }) : t("assistant.guide.site.type"),
    ...(cloud
      ? [t("assistant.guide.site.cloud", { account: t(`assistant.guide.site.accounts.${cloud.accountField}`), regions: cloud.regions.join(", ") })]
      : []),
    t("assistant.guide.site.save"),
  ];
  return {
    organizationName: scope.organization.name,
    canWrite: scope.canWrite,
    name,
    city,
    type,
    unknownType: asked && !type ? asked : null,
    cloud,
    locations,
    steps,
    links: consoleLink(scope, t("assistant.links.addSite"), sitesRoute(scope)),
  };
}

/** The visible site a user names, in the chat's scope: by name (folded), or by id; null when none or several. */
async function resolveSite(scope: ChatScope, wanted: string): Promise<ScopedSite | null> {
  const searched = await scopedSites(scope, { search: wanted.slice(0, 100), limit: 50 });
  const found = matchSite(wanted, searched.sites);
  if (found) return found;
  return matchSite(wanted, (await scopedSites(scope, { limit: SITE_SCAN_LIMIT })).sites);
}

async function siteEnd(scope: ChatScope, site: ScopedSite | null) {
  if (!site) return null;
  const connectors = await listConnectors(scope.context, site.id, { limit: CONNECTORS_SHOWN });
  return {
    id: site.id,
    name: site.name,
    connectors: (connectors?.items ?? []).map((connector) => ({ id: connector.id, name: connector.name, bandwidthMbps: connector.bandwidth })),
  };
}

export async function guidePathCreation(environment: ToolEnvironment, input: GuidePathCreationInput): Promise<GuidePathCreationOutput> {
  const scope = await environment.scope();
  const { t } = environment;
  const wanted = { source: input.source?.trim() || null, destination: input.destination?.trim() || null };
  const [sourceSite, destinationSite] = await Promise.all([
    wanted.source ? resolveSite(scope, wanted.source) : null,
    wanted.destination ? resolveSite(scope, wanted.destination) : null,
  ]);
  const [source, destination] = await Promise.all([siteEnd(scope, sourceSite), siteEnd(scope, destinationSite)]);
  const unresolved = [wanted.source && !source ? wanted.source : null, wanted.destination && !destination ? wanted.destination : null].filter(
    (name): name is string => name !== null,
  );
  const layer = input.layer ? pathLayerFromWords(input.layer) : null;
  const connectorLines = [source, destination].flatMap((end) => {
    if (!end) return [];
    if (end.connectors.length === 0) return [t("assistant.guide.path.noConnectors", { site: end.name })];
    const list = end.connectors.map((connector) => `${connector.name} (${formatMbps(t, environment.locale, connector.bandwidthMbps)})`).join(", ");
    return [t("assistant.guide.path.connectors", { site: end.name, connectors: list })];
  });
  const steps = [
    scope.organization.organizationType === "customer" ? t("assistant.guide.path.open") : t("assistant.guide.path.openMsp"),
    t("assistant.guide.path.name", { min: NAME_MIN_LENGTH }),
    layer ? t("assistant.guide.path.layerGiven", { layer: t(`assistant.guide.path.layers.${layer}`) }) : t("assistant.guide.path.layer"),
    source && destination ? t("assistant.guide.path.endsGiven", { source: source.name, destination: destination.name }) : t("assistant.guide.path.ends"),
    ...connectorLines,
    t("assistant.guide.path.vlan", { min: VLAN_MIN, max: VLAN_MAX }),
    ...(layer !== "layer2" ? [t("assistant.guide.path.prefixes")] : []),
    t("assistant.guide.path.bandwidth"),
    t("assistant.guide.path.save"),
  ];
  return {
    organizationName: scope.organization.name,
    canWrite: scope.canWrite,
    layer,
    source,
    destination,
    unresolved,
    steps,
    links: consoleLink(scope, t("assistant.links.addPath"), pathCreationRoute(scope, source?.id ?? null)),
  };
}
