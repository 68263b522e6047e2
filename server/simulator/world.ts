import "server-only";
import type { PortState } from "@/lib/health";
import { APPLICATIONS, CLOUD_REGIONS, PUBLIC_SERVICES } from "./catalog";
import { NO_FAULTS, type FaultEffects } from "./faults";
import { distanceKm } from "@/lib/geo";
import { propagationMs } from "./geo";
import { linkQuality, MAX_UTILISATION, pathQuality, probeQuality, trafficRates, type Quality, type Rates, type TrafficProfile } from "./model";
import { append, type SimLink, type SimNetwork, type SimPath, type SimSite } from "./network";
import type { ReportingPlan } from "./plan";
import { constantIn, hashText, mix, noiseAt, objectKey, pick } from "./random";
import { chooseFaultTargets, type FaultTargets } from "./targets";

// The whole simulated network at one instant: every path, connector, port, link, flow and probe, computed from
// the model with the faults laid over it. Traffic adds up where it rides: connectors carry their paths, ports
// carry their connectors and links, access links carry what their edge serves.

export interface PathReading extends Quality, Rates {}
export interface ConnectorReading extends Rates {
  status: "up" | "down";
}
export interface PortReading extends Rates {
  status: PortState;
}
export interface LinkReading extends Rates {
  status: "up" | "down";
  latencyMs: number | null;
  lossPercent: number | null;
}
export interface FlowReading {
  source: string;
  destination: string;
  bytes: number;
}
export interface ProbeReading {
  target: string;
  latencyMs: number | null;
  jitterMs: number | null;
  lossPercent: number;
}

export interface WorldState {
  timeMs: number;
  paths: Map<string, PathReading>;
  connectors: Map<string, ConnectorReading>;
  ports: Map<string, PortReading>;
  links: Map<string, LinkReading>;
  flows: Map<string, FlowReading[]>;
  probes: Map<string, ProbeReading[]>;
  /** Devices that send nothing at this instant. */
  silentDevices: Set<string>;
}

interface ProbeTarget {
  target: string;
  id: string;
  propagationMs: number;
}

interface Talker {
  source: string;
  destination: string;
  share: number;
  key: number;
}

const TALKERS_PER_SITE = 8;
const HOSTS_PER_SITE = 5;
/** The top talkers account for most of a site's traffic, not all of it. */
const TALKER_COVERAGE = 0.9;
const ZIPF_EXPONENT = 1.1;

const ZERO: Rates = { rxBps: 0, txBps: 0 };
const add = (a: Rates, b: Rates): Rates => ({ rxBps: a.rxBps + b.rxBps, txBps: a.txBps + b.txBps });
const swap = (r: Rates): Rates => ({ rxBps: r.txBps, txBps: r.rxBps });
const clampRates = (r: Rates, capacityMbps: number): Rates => {
  const max = Math.floor(capacityMbps * 1e6 * MAX_UTILISATION);
  return { rxBps: Math.min(max, Math.round(r.rxBps)), txBps: Math.min(max, Math.round(r.txBps)) };
};
const scale = (r: Rates, f: number): Rates => ({ rxBps: r.rxBps * f, txBps: r.txBps * f });

/** A host address of a site, stable for the seed: 10.<site>.<n>.<n>. */
function hostAddress(seed: number, siteId: string, index: number): string {
  const key = objectKey(seed, siteId, "hosts");
  const second = 1 + (key % 250);
  const h = mix(key, index + 1);
  return `10.${second}.${h % 16}.${10 + ((h >>> 8) % 240)}`;
}

export class World {
  readonly targets: FaultTargets;
  private readonly siteById: Map<string, SimSite>;
  private readonly pathInfo = new Map<string, { propagationMs: number; profile: TrafficProfile }>();
  private readonly linkInfo = new Map<string, { propagationMs: number; profile: TrafficProfile; accessEnd: "source" | "destination" | null }>();
  private readonly probeTargets = new Map<string, ProbeTarget[]>();
  private readonly talkers = new Map<string, Talker[]>();
  private readonly linksPerNode = new Map<string, number>();
  private readonly pathEnds = new Map<string, { pathId: string; end: "source" | "destination" }[]>();
  private readonly portCapacity = new Map<string, number>();

  constructor(
    readonly network: SimNetwork,
    readonly plan: ReportingPlan,
    readonly seed: number,
  ) {
    this.siteById = new Map(network.sites.map((site) => [site.id, site]));
    const nodeById = new Map(network.nodes.map((node) => [node.id, node]));

    for (const path of network.paths) {
      const source = this.siteById.get(path.sourceSiteId);
      const destination = this.siteById.get(path.destinationSiteId);
      if (!source || !destination) continue;
      const office = source.type === "standard" ? source : destination.type === "standard" ? destination : source;
      append(this.pathEnds, path.sourceConnectorId, { pathId: path.id, end: "source" as const });
      append(this.pathEnds, path.destinationConnectorId, { pathId: path.id, end: "destination" as const });
      this.pathInfo.set(path.id, {
        propagationMs: propagationMs(source, destination),
        profile: { longitude: office.longitude, backups: source.type !== "standard" || destination.type !== "standard" },
      });
    }

    for (const link of network.links) {
      const source = nodeById.get(link.sourceNodeId);
      const destination = nodeById.get(link.destinationNodeId);
      if (!source || !destination) continue;
      for (const end of [source.id, destination.id]) this.linksPerNode.set(end, (this.linksPerNode.get(end) ?? 0) + 1);
      const accessEnd = source.kind !== "core" ? "source" : destination.kind !== "core" ? "destination" : null;
      this.linkInfo.set(link.id, {
        propagationMs: propagationMs(source, destination),
        profile: { longitude: (source.longitude + destination.longitude) / 2, backups: false },
        accessEnd,
      });
    }

    // An interface's speed is only guessed from its name: it is at least what the connectors on it were sold at.
    const portByKey = new Map(network.ports.map((port) => [port.key, port]));
    for (const port of network.ports) this.portCapacity.set(port.key, port.capacityMbps);
    for (const connector of network.connectors) {
      const key = plan.connectorPort.get(connector.id);
      const port = key ? portByKey.get(key) : undefined;
      if (port?.interfaceId) this.portCapacity.set(port.key, Math.max(this.portCapacity.get(port.key) ?? 0, connector.bandwidthMbps));
    }

    const sitesOfOrganization = new Map<string, SimSite[]>();
    for (const site of network.sites) append(sitesOfOrganization, site.organizationId, site);
    const connected = new Map<string, Set<string>>();
    const connect = (a: string, b: string) => connected.set(a, (connected.get(a) ?? new Set()).add(b));
    for (const path of network.paths) {
      connect(path.sourceSiteId, path.destinationSiteId);
      connect(path.destinationSiteId, path.sourceSiteId);
    }
    for (const site of network.sites) {
      const siblings = sitesOfOrganization.get(site.organizationId) ?? [];
      this.probeTargets.set(site.id, this.chooseProbeTargets(site, siblings, connected.get(site.id) ?? new Set()));
      this.talkers.set(site.id, this.chooseTalkers(site, siblings));
    }

    this.targets = chooseFaultTargets(network, plan, seed, (siteId) => (this.probeTargets.get(siteId) ?? []).map((probe) => probe.target));
  }

  /** Up to two other sites of the customer (those it has paths to first), the two nearest cloud regions, one public service. */
  private chooseProbeTargets(site: SimSite, siblings: SimSite[], connected: Set<string>): ProbeTarget[] {
    const others = siblings
      .filter((other) => other.id !== site.id)
      .map((other) => ({ other, linked: connected.has(other.id), distance: distanceKm(site, other) }))
      .sort((a, b) => Number(b.linked) - Number(a.linked) || a.distance - b.distance)
      .slice(0, 2)
      .map(({ other }) => other);
    const regions = [...CLOUD_REGIONS].sort((a, b) => distanceKm(site, a) - distanceKm(site, b)).slice(0, 2);
    const service = pick(this.seed, `service:${site.id}`, PUBLIC_SERVICES)!;
    const targets: ProbeTarget[] = [
      ...others.map((other) => ({ target: other.name.slice(0, 128), id: `${site.id}:${other.id}`, propagationMs: propagationMs(site, other) })),
      ...regions.map((region) => ({ target: region.name, id: `${site.id}:${region.name}`, propagationMs: propagationMs(site, region) })),
      { target: service, id: `${site.id}:${service}`, propagationMs: constantIn(objectKey(this.seed, site.id, "pop"), 0.5, 3) },
    ];
    // Two sites of the customer may share a name: keep the first of each target name.
    return targets.filter((probe, index) => targets.findIndex((other) => other.target === probe.target) === index);
  }

  /** A handful of hosts talking to applications and to a server at a sibling site, with Zipf-like shares. */
  private chooseTalkers(site: SimSite, siblings: SimSite[]): Talker[] {
    const hosts = Array.from({ length: HOSTS_PER_SITE }, (_, i) => hostAddress(this.seed, site.id, i));
    const key = objectKey(this.seed, site.id, "talkers");
    const apps = [...APPLICATIONS].sort((a, b) => mix(key, hashText(a)) - mix(key, hashText(b))).slice(0, 4);
    const sibling = siblings.find((other) => other.id !== site.id);
    const destinations = sibling ? [...apps, hostAddress(this.seed, sibling.id, 0)] : apps;
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

  /** The probe targets of a site (for tests and fault targets). */
  probeTargetsOf(siteId: string): string[] {
    return (this.probeTargets.get(siteId) ?? []).map((probe) => probe.target);
  }

  private pathAt(path: SimPath, timeMs: number, effects: FaultEffects): PathReading | undefined {
    const info = this.pathInfo.get(path.id);
    if (!info) return undefined;
    const rates = trafficRates(this.seed, path.id, path.bandwidthMbps, info.profile, timeMs, [0.35, 0.7]);
    const quality = pathQuality(this.seed, path.id, info.propagationMs, timeMs);
    if (path.id === this.targets.pathLatency && effects.pathLatency) {
      const { targetMs, weight, jitterMs } = effects.pathLatency;
      quality.latencyMs = Math.round((quality.latencyMs + (Math.max(targetMs, quality.latencyMs) - quality.latencyMs) * weight) * 100) / 100;
      quality.jitterMs = Math.max(quality.jitterMs, Math.round(jitterMs * 100) / 100);
    }
    if (path.id === this.targets.pathLoss && effects.pathLossPercent !== null) {
      quality.lossPercent = Math.max(quality.lossPercent, Math.round(effects.pathLossPercent * 1000) / 1000);
    }
    return { ...quality, ...clampRates(rates, path.bandwidthMbps) };
  }

  private linkAt(link: SimLink, timeMs: number, effects: FaultEffects, accessTraffic: Map<string, Rates>): LinkReading | undefined {
    const info = this.linkInfo.get(link.id);
    if (!info) return undefined;
    if (link.id === this.targets.linkDown && effects.linkDown) return { status: "down", latencyMs: null, lossPercent: null, ...ZERO };
    let rates: Rates;
    if (info.accessEnd) {
      const nodeId = info.accessEnd === "source" ? link.sourceNodeId : link.destinationNodeId;
      // What the access node's customers send goes up its links, shared between them.
      const share = scale(swap(accessTraffic.get(nodeId) ?? ZERO), 1 / (this.linksPerNode.get(nodeId) ?? 1));
      const background = trafficRates(this.seed, link.id, link.bandwidthMbps, info.profile, timeMs, [0.01, 0.04]);
      rates = add(info.accessEnd === "source" ? share : swap(share), background);
    } else {
      rates = trafficRates(this.seed, link.id, link.bandwidthMbps, info.profile, timeMs, [0.05, 0.2]);
    }
    const quality = linkQuality(this.seed, link.id, info.propagationMs, timeMs);
    const lossPercent =
      link.id === this.targets.linkLoss && effects.linkLossPercent !== null
        ? Math.max(quality.lossPercent, Math.round(effects.linkLossPercent * 1000) / 1000)
        : quality.lossPercent;
    return { status: "up", latencyMs: quality.latencyMs, lossPercent, ...clampRates(rates, link.bandwidthMbps) };
  }

  /** Everything at `timeMs`; flows count the bytes of the `stepMs` that ends there. */
  stateAt(timeMs: number, effects: FaultEffects = NO_FAULTS, stepMs: number): WorldState {
    const { network, plan } = this;
    const paths = new Map<string, PathReading>();
    for (const path of network.paths) {
      const reading = this.pathAt(path, timeMs, effects);
      if (reading) paths.set(path.id, reading);
    }

    const flapping = effects.portDown ? this.targets.portFlap : undefined;
    const connectors = new Map<string, ConnectorReading>();
    const siteTraffic = new Map<string, Rates>();
    const accessTraffic = new Map<string, Rates>();
    const portTraffic = new Map<string, Rates>();
    for (const connector of network.connectors) {
      const site = this.siteById.get(connector.siteId);
      if (!site) continue;
      let rates = ZERO;
      for (const { pathId, end } of this.pathEnds.get(connector.id) ?? []) {
        const reading = paths.get(pathId);
        if (reading) rates = add(rates, end === "source" ? reading : swap(reading));
      }
      if (connector.kind === "internet") {
        rates = add(rates, trafficRates(this.seed, connector.id, connector.bandwidthMbps, { longitude: site.longitude, backups: false }, timeMs, [0.15, 0.4]));
      }
      const port = plan.connectorPort.get(connector.id);
      const down = port !== undefined && port === flapping;
      const reading: ConnectorReading = down ? { status: "down", ...ZERO } : { status: "up", ...clampRates(rates, connector.bandwidthMbps) };
      connectors.set(connector.id, reading);
      siteTraffic.set(site.id, add(siteTraffic.get(site.id) ?? ZERO, reading));
      const node = plan.connectorNode.get(connector.id);
      if (node) accessTraffic.set(node, add(accessTraffic.get(node) ?? ZERO, reading));
      if (port) portTraffic.set(port, add(portTraffic.get(port) ?? ZERO, reading));
    }

    const links = new Map<string, LinkReading>();
    const interfaceTraffic = new Map<string, Rates>();
    for (const link of network.links) {
      const reading = this.linkAt(link, timeMs, effects, accessTraffic);
      if (!reading) continue;
      links.set(link.id, reading);
      if (link.sourceInterfaceId) interfaceTraffic.set(link.sourceInterfaceId, add(interfaceTraffic.get(link.sourceInterfaceId) ?? ZERO, reading));
      if (link.destinationInterfaceId) {
        interfaceTraffic.set(link.destinationInterfaceId, add(interfaceTraffic.get(link.destinationInterfaceId) ?? ZERO, swap(reading)));
      }
    }

    const ports = new Map<string, PortReading>();
    for (const port of network.ports) {
      const carried = portTraffic.get(port.key);
      const linked = port.interfaceId ? interfaceTraffic.get(port.interfaceId) : undefined;
      let reading: PortReading;
      if (port.key === flapping) reading = { status: "down", ...ZERO };
      else if (carried || linked) reading = { status: "up", ...clampRates(add(carried ?? ZERO, linked ?? ZERO), this.portCapacity.get(port.key) ?? port.capacityMbps) };
      // A port given to a customer but carrying nothing yet is lit, with a trickle of control traffic.
      else if (port.siteId) reading = { status: "up", ...trafficRates(this.seed, port.key, 1, { longitude: 0, backups: false }, timeMs, [0.02, 0.2]) };
      else reading = { status: "disabled", ...ZERO };
      ports.set(port.key, reading);
    }

    const seconds = stepMs / 1000;
    const flows = new Map<string, FlowReading[]>();
    for (const [siteId, talkers] of this.talkers) {
      const traffic = siteTraffic.get(siteId);
      if (!traffic) continue;
      const bitsPerSecond = traffic.rxBps + traffic.txBps;
      const readings = talkers
        .map((talker) => ({
          source: talker.source,
          destination: talker.destination,
          bytes: Math.round(((talker.share * bitsPerSecond * seconds) / 8) * (0.8 + 0.4 * noiseAt(talker.key, timeMs, 10_000))),
        }))
        .filter((flow) => flow.bytes > 0);
      if (readings.length > 0) flows.set(siteId, readings);
    }

    const probes = new Map<string, ProbeReading[]>();
    for (const [siteId, targets] of this.probeTargets) {
      probes.set(
        siteId,
        targets.map((probe) => {
          const quality = probeQuality(this.seed, probe.id, probe.propagationMs, timeMs);
          const reading: ProbeReading = { target: probe.target, ...quality };
          const degraded = effects.probe && this.targets.probe?.siteId === siteId && this.targets.probe.target === probe.target;
          if (degraded && effects.probe) {
            const { latencyMs, jitterMs, lossPercent } = effects.probe;
            if (latencyMs !== undefined) reading.latencyMs = latencyMs === null ? null : Math.round(latencyMs * 100) / 100;
            if (jitterMs !== undefined) reading.jitterMs = jitterMs === null ? null : Math.round(jitterMs * 100) / 100;
            if (lossPercent !== undefined) reading.lossPercent = Math.round(lossPercent * 1000) / 1000;
          }
          return reading;
        }),
      );
    }

    const silentDevices = new Set<string>();
    if (effects.deviceSilent && this.targets.deviceSilent) silentDevices.add(this.targets.deviceSilent);

    return { timeMs, paths, connectors, ports, links, flows, probes, silentDevices };
  }
}
