import "server-only";
import { distanceKm } from "@/lib/geo";
import { APPLICATIONS, CLOUD_REGIONS, PUBLIC_SERVICES } from "./catalog";
import { propagationMs } from "./geo";
import { NearestPlaces } from "./nearest";
import { append, type SimNetwork, type SimSite } from "./network";
import { constantIn, hashText, mix, objectKey, pick } from "./random";

// What each site of a customer probes and who talks at it: a function of the seed, the customer's sites and the
// paths between them only, so a customer whose sites and paths did not change keeps its choices between reads.

export interface ProbeTarget {
  target: string;
  id: string;
  propagationMs: number;
}

export interface Talker {
  source: string;
  destination: string;
  share: number;
  key: number;
}

export interface SiteChoices {
  probes: ProbeTarget[];
  talkers: Talker[];
}

/** One customer's sites (in network order) and, per site, the sites it has paths to. */
export interface CustomerInputs {
  sites: SimSite[];
  connected: Map<string, Set<string>>;
}

export interface CustomerChoices extends CustomerInputs {
  choices: Map<string, SiteChoices>;
  /** Great-circle distances measured to choose them. */
  distanceEvaluations: number;
}

const TALKERS_PER_SITE = 8;
const HOSTS_PER_SITE = 5;
/** The top talkers account for most of a site's traffic, not all of it. */
const TALKER_COVERAGE = 0.9;
const ZIPF_EXPONENT = 1.1;
/** Sites handled between two chances for the caller to let the event loop turn. */
const SITES_PER_STEP = 64;

const APPLICATION_HASHES = APPLICATIONS.map((application) => ({ application, hash: hashText(application) }));

/** The first `count` host addresses of a site, stable for the seed: 10.<site>.<n>.<n>. */
function hostAddresses(seed: number, siteId: string, count: number): string[] {
  const key = objectKey(seed, siteId, "hosts");
  const second = 1 + (key % 250);
  return Array.from({ length: count }, (_, index) => {
    const h = mix(key, index + 1);
    return `10.${second}.${h % 16}.${10 + ((h >>> 8) % 240)}`;
  });
}

/** Whether the choices made for `before` still hold for `after`: same sites, same places and names, same paths between them. */
export function sameInputs(before: CustomerInputs, after: CustomerInputs): boolean {
  if (before.sites.length !== after.sites.length) return false;
  for (let i = 0; i < after.sites.length; i++) {
    const [a, b] = [before.sites[i], after.sites[i]];
    if (a.id !== b.id || a.name !== b.name || a.latitude !== b.latitude || a.longitude !== b.longitude) return false;
  }
  for (const site of after.sites) {
    const [a, b] = [before.connected.get(site.id), after.connected.get(site.id)];
    if ((a?.size ?? 0) !== (b?.size ?? 0)) return false;
    for (const id of b ?? []) if (!a?.has(id)) return false;
  }
  return true;
}

/**
 * Every customer's choices, a customer whose inputs did not change since `previous` keeping its own, a few sites
 * per step (the caller yields between steps).
 */
export function* chooseForNetwork(seed: number, network: SimNetwork, previous?: Map<string, CustomerChoices>): Generator<void, Map<string, CustomerChoices>> {
  const sitesOf = new Map<string, SimSite[]>();
  for (const site of network.sites) append(sitesOf, site.organizationId, site);
  const connected = new Map<string, Set<string>>();
  const connect = (a: string, b: string) => connected.set(a, (connected.get(a) ?? new Set()).add(b));
  for (let i = 0; i < network.paths.length; i++) {
    const path = network.paths[i];
    if (i % (SITES_PER_STEP * 16) === 0) yield;
    connect(path.sourceSiteId, path.destinationSiteId);
    connect(path.destinationSiteId, path.sourceSiteId);
  }
  const result = new Map<string, CustomerChoices>();
  for (const [organizationId, sites] of sitesOf) {
    const inputs: CustomerInputs = { sites, connected: new Map(sites.flatMap((site) => (connected.has(site.id) ? [[site.id, connected.get(site.id)!]] : []))) };
    yield;
    const before = previous?.get(organizationId);
    result.set(organizationId, before && sameInputs(before, inputs) ? { ...before, distanceEvaluations: 0 } : yield* chooseForCustomer(seed, inputs));
  }
  return result;
}

/**
 * Every site's choices, a few sites per step (the caller yields between steps). Probes: up to two other sites of
 * the customer — those it has paths to first, then the nearest (ties by network order) — the two nearest cloud
 * regions and one public service.
 */
export function* chooseForCustomer(seed: number, inputs: CustomerInputs): Generator<void, CustomerChoices> {
  const { sites, connected } = inputs;
  const indexOf = new Map(sites.map((site, index) => [site.id, index]));
  const nearest = new NearestPlaces(sites);
  const choices = new Map<string, SiteChoices>();
  let linkedEvaluations = 0;
  const firstSibling = (site: SimSite) => sites.find((other) => other.id !== site.id);

  for (let i = 0; i < sites.length; i++) {
    const site = sites[i];
    const links = connected.get(site.id) ?? new Set<string>();
    const linked = [...links]
      .map((id) => indexOf.get(id))
      .filter((index): index is number => index !== undefined && index !== i)
      .map((index) => {
        linkedEvaluations++;
        return { index, distance: distanceKm(site, sites[index]) };
      })
      .sort((a, b) => a.distance - b.distance || a.index - b.index)
      .slice(0, 2)
      .map(({ index }) => sites[index]);
    const unlinked = nearest.nearest(site, 2 - linked.length, (other, index) => index !== i && !links.has(other.id));
    choices.set(site.id, { probes: probeTargets(seed, site, [...linked, ...unlinked]), talkers: chooseTalkers(seed, site, firstSibling(site)) });
    if (i % SITES_PER_STEP === SITES_PER_STEP - 1) yield;
  }
  return { sites, connected, choices, distanceEvaluations: nearest.evaluations + linkedEvaluations };
}

function probeTargets(seed: number, site: SimSite, others: SimSite[]): ProbeTarget[] {
  const regions = CLOUD_REGIONS.map((region) => ({ region, distance: distanceKm(site, region) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 2)
    .map(({ region }) => region);
  const service = pick(seed, `service:${site.id}`, PUBLIC_SERVICES)!;
  const targets: ProbeTarget[] = [
    ...others.map((other) => ({ target: other.name.slice(0, 128), id: `${site.id}:${other.id}`, propagationMs: propagationMs(site, other) })),
    ...regions.map((region) => ({ target: region.name, id: `${site.id}:${region.name}`, propagationMs: propagationMs(site, region) })),
    { target: service, id: `${site.id}:${service}`, propagationMs: constantIn(objectKey(seed, site.id, "pop"), 0.5, 3) },
  ];
  // Two sites of the customer may share a name: keep the first of each target name.
  return targets.filter((probe, index) => targets.findIndex((other) => other.target === probe.target) === index);
}

/** A handful of hosts talking to applications and to a server at a sibling site, with Zipf-like shares. */
function chooseTalkers(seed: number, site: SimSite, sibling: SimSite | undefined): Talker[] {
  const hosts = hostAddresses(seed, site.id, HOSTS_PER_SITE);
  const key = objectKey(seed, site.id, "talkers");
  const apps = APPLICATION_HASHES.map(({ application, hash }) => ({ application, order: mix(key, hash) }))
    .sort((a, b) => a.order - b.order)
    .slice(0, 4)
    .map(({ application }) => application);
  const destinations = sibling ? [...apps, hostAddresses(seed, sibling.id, 1)[0]] : apps;
  const pairs = hosts
    .flatMap((source, i) => destinations.map((destination, j) => ({ source, destination, order: mix(key, i * 31 + j + 7) })))
    .sort((a, b) => a.order - b.order)
    .slice(0, TALKERS_PER_SITE);
  const weights = pairs.map((_, rank) => 1 / (rank + 1) ** ZIPF_EXPONENT);
  const total = weights.reduce((sum, w) => sum + w, 0);
  return pairs.map((pair, rank) => ({
    source: pair.source,
    destination: pair.destination,
    share: (weights[rank] / total) * TALKER_COVERAGE,
    key: mix(key, 1000 + rank),
  }));
}
