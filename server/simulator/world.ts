import "server-only";
import type { PortState } from "@/lib/health";
import { NO_FAULTS, type FaultEffects } from "./faults";
import { propagationMs } from "./geo";
import { linkQuality, MAX_UTILISATION, pathQuality, probeQuality, trafficRates, type Quality, type Rates, type TrafficProfile } from "./model";
import { append, type SimLink, type SimNetwork, type SimPath, type SimSite } from "./network";
import { planSteps, type ReportingPlan } from "./plan";
import { noiseAt } from "./random";
import { degradeByFaultyVersion, faultyDevices } from "./rollout-fault";
import { drain, inSlices } from "./slices";
import { chooseForNetwork, type CustomerChoices, type ProbeTarget, type Talker } from "./site-choices";
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

/** Objects computed between two chances to let the event loop turn. */
const OBJECTS_PER_STEP = 256;

const ZERO: Rates = { rxBps: 0, txBps: 0 };
const add = (a: Rates, b: Rates): Rates => ({ rxBps: a.rxBps + b.rxBps, txBps: a.txBps + b.txBps });
const swap = (r: Rates): Rates => ({ rxBps: r.txBps, txBps: r.rxBps });
const clampRates = (r: Rates, capacityMbps: number): Rates => {
  const max = Math.floor(capacityMbps * 1e6 * MAX_UTILISATION);
  return { rxBps: Math.min(max, Math.round(r.rxBps)), txBps: Math.min(max, Math.round(r.txBps)) };
};
const scale = (r: Rates, f: number): Rates => ({ rxBps: r.rxBps * f, txBps: r.txBps * f });

/**
 * The world of a network, planned and built in slices of a few milliseconds; the customers whose sites and paths
 * are as in `previous` keep their choices, so a change to one customer costs that customer only.
 */
export async function buildWorld(network: SimNetwork, seed: number, previous?: World): Promise<World> {
  const plan = await inSlices(planSteps(network));
  const world = new World(network, plan, seed, { setUp: false });
  const same = previous?.seed === seed;
  await inSlices(world.setUp(same ? previous.choices : undefined, same ? previous.targets : undefined));
  return world;
}

export class World {
  /** Each customer's probe targets and talkers, kept by the next world for the customers that did not change. */
  private customerChoices = new Map<string, CustomerChoices>();
  private faultTargets: FaultTargets = {};
  private readonly siteById = new Map<string, SimSite>();
  private readonly pathInfo = new Map<string, { propagationMs: number; profile: TrafficProfile }>();
  private readonly linkInfo = new Map<string, { propagationMs: number; profile: TrafficProfile; accessEnd: "source" | "destination" | null }>();
  private readonly probeTargets = new Map<string, ProbeTarget[]>();
  private readonly talkers = new Map<string, Talker[]>();
  private readonly linksPerNode = new Map<string, number>();
  private readonly pathEnds = new Map<string, { pathId: string; end: "source" | "destination" }[]>();
  private readonly portCapacity = new Map<string, number>();
  /** Devices running the demo's faulty version (rollout-fault.ts): the paths they report degrade. */
  private faulty = new Set<string>();

  /** Built at once (tests, small networks); the server uses `buildWorld`, which lets the event loop turn. */
  constructor(
    readonly network: SimNetwork,
    readonly plan: ReportingPlan,
    readonly seed: number,
    /** `setUp: false` leaves the set-up to the caller (`buildWorld` runs it in slices). */
    { setUp = true }: { setUp?: boolean } = {},
  ) {
    if (setUp) drain(this.setUp());
  }

  get targets(): FaultTargets {
    return this.faultTargets;
  }

  get choices(): Map<string, CustomerChoices> {
    return this.customerChoices;
  }

  /** @internal Everything derived from the network, a slice at a time. */
  *setUp(previousChoices?: Map<string, CustomerChoices>, previousTargets?: FaultTargets): Generator<void, void> {
    const { network, plan, seed } = this;
    let done = 0;
    const step = () => ++done % OBJECTS_PER_STEP === 0;
    for (const site of network.sites) this.siteById.set(site.id, site);
    this.faulty = faultyDevices(network.devices);
    const nodeById = new Map(network.nodes.map((node) => [node.id, node]));

    for (const path of network.paths) {
      if (step()) yield;
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
      if (step()) yield;
      const key = plan.connectorPort.get(connector.id);
      const port = key ? portByKey.get(key) : undefined;
      if (port?.interfaceId) this.portCapacity.set(port.key, Math.max(this.portCapacity.get(port.key) ?? 0, connector.bandwidthMbps));
    }

    this.customerChoices = yield* chooseForNetwork(seed, network, previousChoices);
    for (const site of network.sites) {
      const chosen = this.customerChoices.get(site.organizationId)?.choices.get(site.id);
      if (!chosen) continue;
      this.probeTargets.set(site.id, chosen.probes);
      this.talkers.set(site.id, chosen.talkers);
    }
    yield;
    this.faultTargets = chooseFaultTargets(network, plan, seed, (siteId) => (this.probeTargets.get(siteId) ?? []).map((probe) => probe.target), previousTargets);
  }

  /** Great-circle distances measured to choose this world's probe targets (for tests and benchmarks). */
  get distanceEvaluations(): number {
    let total = 0;
    for (const customer of this.choices.values()) total += customer.distanceEvaluations;
    return total;
  }

  /** The probe targets of a site (for tests and fault targets). */
  probeTargetsOf(siteId: string): string[] {
    return (this.probeTargets.get(siteId) ?? []).map((probe) => probe.target);
  }

  private pathAt(path: SimPath, timeMs: number, effects: FaultEffects): PathReading | undefined {
    const info = this.pathInfo.get(path.id);
    if (!info) return undefined;
    const rates = trafficRates(this.seed, path.id, path.bandwidthMbps, info.profile, timeMs, [0.35, 0.7]);
    let quality = pathQuality(this.seed, path.id, info.propagationMs, timeMs);
    if (this.faulty.size > 0 && this.faulty.has(this.plan.reporterOf.get(path.id) ?? "")) quality = degradeByFaultyVersion(quality);
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
    if ((link.id === this.targets.linkDown && effects.linkDown) || effects.forcedLinksDown?.has(link.id)) return { status: "down", latencyMs: null, lossPercent: null, ...ZERO };
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
    return drain(this.stateSteps(timeMs, effects, stepMs));
  }

  /** The same, computed in slices that let the event loop turn (the server's ticks and backfill). */
  stateInSlices(timeMs: number, effects: FaultEffects, stepMs: number): Promise<WorldState> {
    return inSlices(this.stateSteps(timeMs, effects, stepMs));
  }

  private *stateSteps(timeMs: number, effects: FaultEffects, stepMs: number): Generator<void, WorldState> {
    const { network, plan } = this;
    let done = 0;
    const step = () => ++done % OBJECTS_PER_STEP === 0;
    const paths = new Map<string, PathReading>();
    for (const path of network.paths) {
      if (step()) yield;
      const reading = this.pathAt(path, timeMs, effects);
      if (reading) paths.set(path.id, reading);
    }

    const flapping = effects.portDown ? this.targets.portFlap : undefined;
    const connectors = new Map<string, ConnectorReading>();
    const siteTraffic = new Map<string, Rates>();
    const accessTraffic = new Map<string, Rates>();
    const portTraffic = new Map<string, Rates>();
    for (const connector of network.connectors) {
      if (step()) yield;
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
    // Interfaces whose every link is down: their port is dark too (a fibre cut is seen on both ends' ports).
    const dark = new Set<string>();
    const lit = new Set<string>();
    for (const link of network.links) {
      if (step()) yield;
      const reading = this.linkAt(link, timeMs, effects, accessTraffic);
      if (!reading) continue;
      links.set(link.id, reading);
      for (const interfaceId of [link.sourceInterfaceId, link.destinationInterfaceId]) {
        if (interfaceId) (reading.status === "down" ? dark : lit).add(interfaceId);
      }
      if (link.sourceInterfaceId) interfaceTraffic.set(link.sourceInterfaceId, add(interfaceTraffic.get(link.sourceInterfaceId) ?? ZERO, reading));
      if (link.destinationInterfaceId) {
        interfaceTraffic.set(link.destinationInterfaceId, add(interfaceTraffic.get(link.destinationInterfaceId) ?? ZERO, swap(reading)));
      }
    }

    const ports = new Map<string, PortReading>();
    for (const port of network.ports) {
      if (step()) yield;
      const carried = portTraffic.get(port.key);
      const linked = port.interfaceId ? interfaceTraffic.get(port.interfaceId) : undefined;
      let reading: PortReading;
      if (port.key === flapping) reading = { status: "down", ...ZERO };
      else if (!carried && port.interfaceId && dark.has(port.interfaceId) && !lit.has(port.interfaceId)) reading = { status: "down", ...ZERO };
      else if (carried || linked) reading = { status: "up", ...clampRates(add(carried ?? ZERO, linked ?? ZERO), this.portCapacity.get(port.key) ?? port.capacityMbps) };
      // A port given to a customer but carrying nothing yet is lit, with a trickle of control traffic.
      else if (port.siteId) reading = { status: "up", ...trafficRates(this.seed, port.key, 1, { longitude: 0, backups: false }, timeMs, [0.02, 0.2]) };
      else reading = { status: "disabled", ...ZERO };
      ports.set(port.key, reading);
    }

    const seconds = stepMs / 1000;
    const flows = new Map<string, FlowReading[]>();
    for (const [siteId, talkers] of this.talkers) {
      if (step()) yield;
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
      if (step()) yield;
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
