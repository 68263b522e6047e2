import { describe, expect, it } from "vitest";
import { classifyLinkHealth, classifyPathSla, classifyProbe, LINK_HEALTH_STATES, MIN_SLA_SAMPLES, PATH_SLA_STATES, PORT_STATES, PROBE_LEVELS } from "@/lib/health";
import { telemetryBatchSchema } from "@/lib/telemetry/ingest";
import { DEVICE_SILENCE_MS, FAULT_CYCLE_MS, FAULT_KINDS, faultEffectsAt, faultWindows, NO_FAULTS } from "@/server/simulator/faults";
import { portKey, type SimNetwork } from "@/server/simulator/network";
import { planReporting } from "@/server/simulator/plan";
import { deviceSamples } from "@/server/simulator/samples";
import { buildWorld, World, type WorldState } from "@/server/simulator/world";
import { withStoredHoming } from "../fixtures/stored-homing";

// A small network shaped like the demo: two MSPs, three customers, edge nodes with ports given to sites, a CPE on
// IPsec, core links, cloud sites reached over external connectors. The plan, the world and the fault script run on it.

const MINUTE = 60_000;
const WEDNESDAY_NOON = Date.UTC(2026, 10, 25, 12);
/** What the telemetry service waits before calling a quiet device unreachable (TELEMETRY_SILENT_AFTER_MS default). */
const SILENT_AFTER_MS = 90_000;
/** The SLA window of the telemetry service: the path's samples of the last five minutes. */
const SLA_WINDOW_MS = 5 * MINUTE;

const place = (latitude: number, longitude: number) => ({ latitude, longitude });
const PARIS = place(48.86, 2.35);
const FRANKFURT = place(50.11, 8.68);
const LONDON = place(51.51, -0.13);
const SEATTLE = place(47.61, -122.33);
const ASHBURN = place(39.04, -77.49);
const MADRID = place(40.42, -3.7);
const MILAN = place(45.46, 9.19);

function demoLikeNetwork(): SimNetwork {
  const site = (id: string, organizationId: string, name: string, at: { latitude: number; longitude: number }, type = "standard") => ({
    id,
    organizationId,
    name,
    type,
    cloudRegion: null,
    ...at,
  });
  const node = (id: string, organizationId: string, kind: "edge" | "cpe" | "core", at: { latitude: number; longitude: number }) => ({
    id,
    organizationId,
    kind,
    name: id,
    ...at,
  });
  const port = (nodeId: string, portId: string, siteId: string | null, capacityMbps = 10_000, interfaceId: string | null = `if-${nodeId}-${portId}`) => ({
    key: portKey(nodeId, portId),
    nodeId,
    portId,
    interfaceId,
    capacityMbps,
    siteId,
  });
  const connector = (id: string, organizationId: string, siteId: string, kind: "physical" | "ipsec" | "external" | "virtual" | "internet", bandwidthMbps: number) => ({
    id,
    organizationId,
    siteId,
    kind,
    name: id,
    bandwidthMbps,
  });
  const path = (id: string, organizationId: string, source: [string, string], destination: [string, string], bandwidthMbps: number) => ({
    id,
    organizationId,
    name: id,
    sourceSiteId: source[0],
    sourceConnectorId: source[1],
    destinationSiteId: destination[0],
    destinationConnectorId: destination[1],
    bandwidthMbps,
  });
  const link = (id: string, organizationId: string, type: "fiber" | "internet", bandwidthMbps: number, source: [string, string | null], destination: [string, string | null]) => ({
    id,
    organizationId,
    name: id,
    type,
    bandwidthMbps,
    sourceNodeId: source[0],
    sourceInterfaceId: source[1],
    destinationNodeId: destination[0],
    destinationInterfaceId: destination[1],
  });
  const device = (id: string, nodeId: string, msp: string | null) => ({ id, serialNumber: `SN-${id}`, nodeId, mspOrganizationId: msp, softwareVersion: "24.3.1" });

  return withStoredHoming({
    organizations: [
      { id: "nw", name: "Northwind", organizationType: "msp", parentId: null },
      { id: "bw", name: "Bluewave", organizationType: "msp", parentId: null },
      { id: "contoso", name: "Contoso", organizationType: "customer", parentId: "nw" },
      { id: "fabrikam", name: "Fabrikam", organizationType: "customer", parentId: "nw" },
      { id: "initech", name: "Initech", organizationType: "customer", parentId: "bw" },
    ],
    sites: [
      site("c-paris", "contoso", "Paris HQ", PARIS),
      site("c-frankfurt", "contoso", "Frankfurt DC", FRANKFURT),
      site("c-aws", "contoso", "AWS eu-central-1", FRANKFURT, "aws"),
      site("f-seattle", "fabrikam", "Seattle Office", SEATTLE),
      site("f-gcp", "fabrikam", "GCP us-east4", ASHBURN, "gcp"),
      site("i-madrid", "initech", "Madrid Office", MADRID),
      site("i-milan", "initech", "Milan Branch", MILAN),
    ],
    connectors: [
      connector("c-paris-fiber", "contoso", "c-paris", "physical", 10_000),
      connector("c-paris-dia", "contoso", "c-paris", "internet", 1_000),
      connector("c-frankfurt-fiber", "contoso", "c-frankfurt", "physical", 10_000),
      connector("c-aws-x", "contoso", "c-aws", "external", 2_000),
      connector("f-seattle-fiber", "fabrikam", "f-seattle", "physical", 1_000),
      connector("f-gcp-x", "fabrikam", "f-gcp", "external", 1_000),
      connector("i-madrid-fiber", "initech", "i-madrid", "physical", 1_000),
      connector("i-milan-ipsec", "initech", "i-milan", "ipsec", 300),
    ],
    paths: [
      path("c-paris-frankfurt", "contoso", ["c-paris", "c-paris-fiber"], ["c-frankfurt", "c-frankfurt-fiber"], 5_000),
      path("c-frankfurt-aws", "contoso", ["c-frankfurt", "c-frankfurt-fiber"], ["c-aws", "c-aws-x"], 2_000),
      path("f-gcp-seattle", "fabrikam", ["f-gcp", "f-gcp-x"], ["f-seattle", "f-seattle-fiber"], 400),
      path("i-madrid-milan", "initech", ["i-madrid", "i-madrid-fiber"], ["i-milan", "i-milan-ipsec"], 300),
    ],
    nodes: [
      node("nw-edge-par", "nw", "edge", PARIS),
      node("nw-edge-fra", "nw", "edge", FRANKFURT),
      node("nw-edge-sea", "nw", "edge", SEATTLE),
      node("nw-core-lon", "nw", "core", LONDON),
      node("nw-core-ash", "nw", "core", ASHBURN),
      node("bw-edge-mad", "bw", "edge", MADRID),
      node("bw-cpe-mil", "bw", "cpe", MILAN),
      node("bw-core-mad", "bw", "core", MADRID),
    ],
    ports: [
      port("nw-edge-par", "1", "c-paris", 10_000, null),
      port("nw-edge-par", "2", "c-paris", 10_000, null),
      port("nw-edge-par", "3", null, 1_000, null),
      port("nw-edge-par", "xe-0/0/0", null),
      port("nw-edge-fra", "ge-0/0/1", "c-frankfurt", 1_000),
      port("nw-edge-fra", "xe-0/0/0", null),
      port("nw-edge-sea", "ge-0/0/1", "f-seattle", 1_000),
      port("nw-edge-sea", "xe-0/0/0", null),
      port("nw-core-lon", "et-0/0/1", null, 100_000),
      port("nw-core-lon", "et-0/0/2", null, 100_000),
      port("nw-core-ash", "et-0/0/1", null, 100_000),
      port("nw-core-ash", "et-0/0/2", null, 100_000),
      port("bw-edge-mad", "ge-0/0/1", "i-madrid", 1_000),
      port("bw-edge-mad", "xe-0/0/0", null),
      port("bw-core-mad", "et-0/0/1", null, 100_000),
    ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    ipsecEndpoints: [
      { id: "ep-mil", nodeId: "bw-cpe-mil", siteId: "i-milan" },
      { id: "ep-mad", nodeId: "bw-edge-mad", siteId: null },
    ],
    links: [
      link("nw-par-lon", "nw", "fiber", 10_000, ["nw-edge-par", "if-nw-edge-par-xe-0/0/0"], ["nw-core-lon", "if-nw-core-lon-et-0/0/1"]),
      link("nw-fra-lon", "nw", "fiber", 10_000, ["nw-edge-fra", "if-nw-edge-fra-xe-0/0/0"], ["nw-core-lon", "if-nw-core-lon-et-0/0/2"]),
      link("nw-sea-ash", "nw", "fiber", 10_000, ["nw-edge-sea", "if-nw-edge-sea-xe-0/0/0"], ["nw-core-ash", "if-nw-core-ash-et-0/0/1"]),
      link("nw-lon-ash", "nw", "fiber", 100_000, ["nw-core-lon", null], ["nw-core-ash", "if-nw-core-ash-et-0/0/2"]),
      link("bw-mil-mad", "bw", "internet", 300, ["bw-cpe-mil", null], ["bw-edge-mad", null]),
      link("bw-mad-core", "bw", "fiber", 10_000, ["bw-edge-mad", "if-bw-edge-mad-xe-0/0/0"], ["bw-core-mad", "if-bw-core-mad-et-0/0/1"]),
    ],
    devices: [
      device("d-par", "nw-edge-par", "nw"),
      device("d-fra", "nw-edge-fra", "nw"),
      device("d-sea", "nw-edge-sea", "nw"),
      device("d-lon", "nw-core-lon", "nw"),
      device("d-ash", "nw-core-ash", "nw"),
      device("d-mad", "bw-edge-mad", "bw"),
      device("d-mil", "bw-cpe-mil", "bw"),
      // Claimed by another MSP than the node's: it may not report on this node's objects.
      device("d-core-mad", "bw-core-mad", "nw"),
    ],
  });
}

const network = demoLikeNetwork();
const plan = planReporting(network);
const dutyOf = (deviceId: string) => plan.duties.find((duty) => duty.device.id === deviceId)!;

describe("the reporting plan", () => {
  it("gives every device claimed by its node's MSP its own node's ports and nothing of another MSP", () => {
    expect(plan.duties.map((duty) => duty.device.id).sort()).toEqual(["d-ash", "d-fra", "d-lon", "d-mad", "d-mil", "d-par", "d-sea"]);
    for (const duty of plan.duties) {
      for (const port of duty.ports) expect(port.nodeId).toBe(duty.node.id);
      for (const link of duty.links) expect(link.organizationId).toBe(duty.node.organizationId);
      const customers = network.organizations.filter((org) => org.parentId === duty.node.organizationId).map((org) => org.id);
      for (const item of [...duty.connectors, ...duty.paths, ...duty.sites]) expect(customers).toContain(item.organizationId);
    }
  });

  it("puts connectors where they terminate: ports, IPsec endpoints, else the nearest edge", () => {
    expect(plan.connectorNode.get("c-paris-fiber")).toBe("nw-edge-par");
    expect(plan.connectorPort.get("c-paris-fiber")).toBe(portKey("nw-edge-par", "1"));
    expect(plan.connectorNode.get("c-frankfurt-fiber")).toBe("nw-edge-fra");
    expect(plan.connectorNode.get("i-milan-ipsec")).toBe("bw-cpe-mil");
    // The AWS site in Frankfurt is served by the Frankfurt edge; the GCP site in Ashburn by the Seattle edge, the
    // only Northwind edge in America.
    expect(plan.connectorNode.get("c-aws-x")).toBe("nw-edge-fra");
    expect(plan.connectorNode.get("f-gcp-x")).toBe("nw-edge-sea");
    expect(plan.connectorNode.get("c-paris-dia")).toBe("nw-edge-par");
  });

  it("has each path measured by the device serving its source connector, each object reported once", () => {
    expect(dutyOf("d-par").paths.map((path) => path.id)).toEqual(["c-paris-frankfurt"]);
    expect(dutyOf("d-fra").paths.map((path) => path.id)).toEqual(["c-frankfurt-aws"]);
    expect(dutyOf("d-sea").paths.map((path) => path.id)).toEqual(["f-gcp-seattle"]);
    expect(dutyOf("d-mad").paths.map((path) => path.id)).toEqual(["i-madrid-milan"]);
    expect(dutyOf("d-mil").sites.map((site) => site.id)).toEqual(["i-milan"]);
    expect(dutyOf("d-lon").links.map((link) => link.id)).toEqual(["nw-lon-ash"]);
    expect(dutyOf("d-mil").links.map((link) => link.id)).toEqual(["bw-mil-mad"]);
    const all = plan.duties.flatMap((duty) => [...duty.paths, ...duty.connectors, ...duty.sites, ...duty.links].map((item) => item.id));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(network.paths.length + network.connectors.length + network.sites.length + network.links.length);
    // The port of the node whose device belongs to another MSP goes unreported.
    expect(plan.reporterOf.has(portKey("bw-core-mad", "et-0/0/1"))).toBe(false);
  });

  it("produces samples the ingestion contract accepts", () => {
    const world = new World(network, plan, 1);
    const state = world.stateAt(WEDNESDAY_NOON, NO_FAULTS, 10_000);
    for (const duty of plan.duties) {
      const samples = deviceSamples(1, duty, state, 1234);
      expect(samples[0]).toMatchObject({ kind: "device", uptimeSeconds: 1234, softwareVersion: "24.3.1" });
      expect(() => telemetryBatchSchema.parse({ samples })).not.toThrow();
    }
    const flows = dutyOf("d-par").sites.flatMap((site) => state.flows.get(site.id) ?? []);
    expect(flows.length).toBeGreaterThanOrEqual(5);
    const bytes = flows.map((flow) => flow.bytes).sort((a, b) => b - a);
    expect(bytes[0]).toBeGreaterThan(3 * bytes.at(-1)!);
    const probes = state.probes.get("c-paris")!;
    expect(probes.map((probe) => probe.target)).toContain("Frankfurt DC");
    expect(probes.every((probe) => classifyProbe(probe) === "healthy")).toBe(true);
  });
});

describe("the world", () => {
  it("is the same for the same seed and time, whenever and in whatever order it is computed", () => {
    const times = [WEDNESDAY_NOON, WEDNESDAY_NOON - 3 * 3600_000, WEDNESDAY_NOON + 17_000];
    const snapshot = (state: WorldState) => JSON.stringify({ ...state, ...Object.fromEntries(Object.entries(state).map(([k, v]) => [k, v instanceof Map || v instanceof Set ? [...v] : v])) });
    const first = new World(network, planReporting(network), 5);
    const second = new World(demoLikeNetwork(), planReporting(demoLikeNetwork()), 5);
    const forward = times.map((t) => snapshot(first.stateAt(t, faultEffectsAt(5, 7 * MINUTE, 60_000), 10_000)));
    const backward = [...times].reverse().map((t) => snapshot(second.stateAt(t, faultEffectsAt(5, 7 * MINUTE, 60_000), 10_000)));
    expect(backward.reverse()).toEqual(forward);
    const other = new World(network, plan, 6);
    expect(snapshot(other.stateAt(times[0], NO_FAULTS, 10_000))).not.toEqual(snapshot(first.stateAt(times[0], NO_FAULTS, 10_000)));
  });

  it("never reports traffic above a path's, connector's, link's or port's bandwidth", () => {
    const world = new World(network, plan, 2);
    const capacity = (mbps: number) => mbps * 1e6;
    for (let t = WEDNESDAY_NOON - 3 * 24 * 3600_000; t < WEDNESDAY_NOON + 4 * 24 * 3600_000; t += 20 * MINUTE) {
      const state = world.stateAt(t, NO_FAULTS, 20 * MINUTE);
      for (const path of network.paths) {
        const reading = state.paths.get(path.id)!;
        expect(Math.max(reading.rxBps, reading.txBps)).toBeLessThanOrEqual(capacity(path.bandwidthMbps));
      }
      for (const connector of network.connectors) {
        const reading = state.connectors.get(connector.id)!;
        expect(Math.max(reading.rxBps, reading.txBps)).toBeLessThanOrEqual(capacity(connector.bandwidthMbps));
      }
      for (const link of network.links) {
        const reading = state.links.get(link.id)!;
        expect(Math.max(reading.rxBps, reading.txBps)).toBeLessThanOrEqual(capacity(link.bandwidthMbps));
      }
      for (const port of network.ports) {
        const reading = state.ports.get(port.key)!;
        const carried = network.connectors.filter((c) => plan.connectorPort.get(c.id) === port.key).map((c) => c.bandwidthMbps);
        expect(Math.max(reading.rxBps, reading.txBps)).toBeLessThanOrEqual(capacity(Math.max(port.capacityMbps, ...carried)));
      }
    }
  });

  it("adds up traffic where it rides: a connector carries its paths, a port its connector", () => {
    const world = new World(network, plan, 3);
    const state = world.stateAt(WEDNESDAY_NOON, NO_FAULTS, 10_000);
    const paris = state.paths.get("c-paris-frankfurt")!;
    const frankfurtAws = state.paths.get("c-frankfurt-aws")!;
    const frankfurt = state.connectors.get("c-frankfurt-fiber")!;
    // Frankfurt is the destination of one path (directions swap) and the source of the other.
    expect(frankfurt.rxBps).toBe(paris.txBps + frankfurtAws.rxBps);
    expect(frankfurt.txBps).toBe(paris.rxBps + frankfurtAws.txBps);
    expect(state.ports.get(portKey("nw-edge-par", "1"))).toMatchObject({ status: "up", rxBps: state.connectors.get("c-paris-fiber")!.rxBps });
    // Given to a customer but idle: lit; unassigned and idle: disabled.
    expect(state.ports.get(portKey("nw-edge-par", "2"))!.status).toBe("up");
    expect(state.ports.get(portKey("nw-edge-par", "3"))).toEqual({ status: "disabled", rxBps: 0, txBps: 0 });
  });

  it("darkens the ports of a link put down, on both ends, and no port another link still lights", () => {
    const world = new World(network, plan, 3);
    const up = world.stateAt(WEDNESDAY_NOON, NO_FAULTS, 10_000);
    const down = world.stateAt(WEDNESDAY_NOON, { ...NO_FAULTS, forcedLinksDown: new Set(["nw-par-lon"]) }, 10_000);
    for (const key of [portKey("nw-edge-par", "xe-0/0/0"), portKey("nw-core-lon", "et-0/0/1")]) {
      expect(up.ports.get(key)!.status).toBe("up");
      expect(down.ports.get(key)).toEqual({ status: "down", rxBps: 0, txBps: 0 });
    }
    expect(down.links.get("nw-par-lon")!.status).toBe("down");
    // The other links' ports, and the customers' ports of the cut-off node, stay up.
    expect(down.ports.get(portKey("nw-core-lon", "et-0/0/2"))!.status).toBe("up");
    expect(down.ports.get(portKey("nw-edge-par", "1"))!.status).toBe("up");
  });
});

describe("the fault script", () => {
  const FIRST_FAULT = 60_000;
  const STEP = 10_000;

  /** Plays the script as the agents would, and classifies what the telemetry service would see. */
  function play(seed: number, fromMs: number, untilMs: number, recordFromMs = fromMs) {
    const world = new World(network, plan, seed);
    const start = WEDNESDAY_NOON;
    const seen = {
      pathSla: new Set<string>(),
      linkHealth: new Set<string>(),
      probe: new Set<string>(),
      port: new Set<string>(),
      alarms: new Set<string>(),
    };
    const pathHistory = new Map<string, { at: number; latencyMs: number; jitterMs: number; lossPercent: number }[]>();
    const silentSince = new Map<string, number>();
    for (let elapsed = fromMs; elapsed < untilMs; elapsed += STEP) {
      const state = world.stateAt(start + elapsed, faultEffectsAt(seed, elapsed, FIRST_FAULT), STEP);
      // Before recordFromMs the history fills up (the SLA window) and nothing is recorded.
      if (elapsed < recordFromMs) {
        for (const path of network.paths) if (!state.silentDevices.has(plan.reporterOf.get(path.id)!)) {
          pathHistory.set(path.id, [...(pathHistory.get(path.id) ?? []), { at: elapsed, ...state.paths.get(path.id)! }]);
        }
        continue;
      }
      for (const duty of plan.duties) {
        const silent = state.silentDevices.has(duty.device.id);
        if (silent && !silentSince.has(duty.device.id)) silentSince.set(duty.device.id, elapsed);
        if (!silent) silentSince.delete(duty.device.id);
        if (silent && elapsed - silentSince.get(duty.device.id)! >= SILENT_AFTER_MS) seen.alarms.add("device-unreachable");
        for (const path of duty.paths) {
          const history = (pathHistory.get(path.id) ?? []).filter((sample) => sample.at > elapsed - SLA_WINDOW_MS);
          if (!silent) history.push({ at: elapsed, ...state.paths.get(path.id)! });
          pathHistory.set(path.id, history);
          const latest = history.at(-1);
          const sla = classifyPathSla({
            latencyMs: latest?.latencyMs ?? null,
            jitterMs: latest?.jitterMs ?? null,
            lossPercent: latest?.lossPercent ?? null,
            samples: history.length,
          });
          seen.pathSla.add(sla);
          if (sla === "bad" && history.length >= MIN_SLA_SAMPLES) seen.alarms.add("sla-bad");
        }
        for (const link of duty.links) {
          const reading = state.links.get(link.id)!;
          seen.linkHealth.add(classifyLinkHealth(silent ? { status: null, latencyMs: null, lossPercent: null } : reading));
          if (!silent && reading.status === "down") seen.alarms.add("link-down");
        }
        if (silent) continue;
        for (const port of duty.ports) {
          const status = state.ports.get(port.key)!.status;
          seen.port.add(status);
          if (status === "down") seen.alarms.add("port-down");
        }
        for (const site of duty.sites) for (const probe of state.probes.get(site.id) ?? []) seen.probe.add(classifyProbe(probe));
      }
    }
    return { seen, world };
  }

  it("shows every health state and every alarm type within 15 minutes of start", () => {
    for (const seed of [1, 2, 3]) {
      const { seen } = play(seed, 0, 15 * MINUTE);
      expect([...seen.pathSla].sort()).toEqual([...PATH_SLA_STATES].sort());
      expect([...seen.linkHealth].sort()).toEqual([...LINK_HEALTH_STATES].sort());
      expect([...seen.probe].sort()).toEqual([...PROBE_LEVELS].sort());
      expect([...seen.port].sort()).toEqual([...PORT_STATES].sort());
      expect([...seen.alarms].sort()).toEqual(["device-unreachable", "link-down", "port-down", "sla-bad"]);
    }
  });

  it("plays again every cycle, and is all clear between the acts", () => {
    const again = play(1, FAULT_CYCLE_MS, FAULT_CYCLE_MS + 15 * MINUTE).seen;
    expect(again.alarms.size).toBe(4);
    const quiet = play(1, 19 * MINUTE, FAULT_CYCLE_MS, 20 * MINUTE).seen;
    expect([...quiet.alarms]).toEqual([]);
    expect([...quiet.pathSla]).toEqual(["healthy"]);
    expect([...quiet.probe]).toEqual(["healthy"]);
  });

  it("keeps its targets when the network grows: a new node's customer ports and device do not move the faults", async () => {
    // A With Switch edge node for Contoso's Paris site, with its own device: new candidates for the flapping port.
    const grown: SimNetwork = {
      ...network,
      nodes: [...network.nodes, { ...network.nodes[0], id: "nw-edge-arn", name: "nw-edge-arn" }],
      ports: [
        ...network.ports,
        ...["1", "2", "3", "4"].map((portId) => ({ key: portKey("nw-edge-arn", portId), nodeId: "nw-edge-arn", portId, interfaceId: null, capacityMbps: 10_000, siteId: "c-paris" })),
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
      devices: [...network.devices, { id: "d-arn", serialNumber: "SN-d-arn", nodeId: "nw-edge-arn", mspOrganizationId: "nw", softwareVersion: "24.3.1" }],
    };
    // Seeds for which a fresh choice on the grown network would pick another port.
    const moved = [1, 2, 3, 4, 5, 6, 7, 8].filter((seed) => new World(grown, planReporting(grown), seed).targets.portFlap !== new World(network, plan, seed).targets.portFlap);
    expect(moved.length).toBeGreaterThan(0);
    for (const seed of moved) {
      const before = await buildWorld(network, seed);
      const after = await buildWorld(grown, seed, before);
      expect(after.targets).toEqual(before.targets);
    }
  });

  it("opens with the first customer's port going down and its path drifting, at the first-fault time", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const world = new World(network, plan, seed);
      const flapping = network.ports.find((port) => port.key === world.targets.portFlap)!;
      expect(network.sites.find((site) => site.id === flapping.siteId)!.organizationId).toBe("contoso");
      expect(network.paths.find((path) => path.id === world.targets.pathLatency)!.organizationId).toBe("contoso");
      const before = world.stateAt(WEDNESDAY_NOON, faultEffectsAt(seed, FIRST_FAULT - 1, FIRST_FAULT), STEP);
      const after = world.stateAt(WEDNESDAY_NOON, faultEffectsAt(seed, FIRST_FAULT, FIRST_FAULT), STEP);
      expect(before.ports.get(flapping.key)!.status).toBe("up");
      expect(after.ports.get(flapping.key)!.status).toBe("down");
      // A standby port: nothing riding on it goes down with it.
      expect([...after.connectors.values()].every((connector) => connector.status === "up")).toBe(true);
    }
  });

  it("spreads the faults over the tenants and keeps the silent device away from the other targets", () => {
    const { targets } = new World(network, plan, 1);
    expect(network.paths.find((path) => path.id === targets.pathLoss)!.organizationId).toBe("initech");
    const linkDown = network.links.find((link) => link.id === targets.linkDown)!;
    const linkLoss = network.links.find((link) => link.id === targets.linkLoss)!;
    expect(linkDown.organizationId).toBe("bw");
    expect(linkLoss.organizationId).toBe("nw");
    // Fabrikam is not hit by a path fault: its edge goes silent (its path turns unknown).
    expect(targets.deviceSilent).toBe("d-sea");
    const others = [targets.portFlap!, targets.pathLatency!, targets.pathLoss!, targets.linkDown!, targets.linkLoss!, targets.probe!.siteId];
    for (const key of others) expect(plan.reporterOf.get(key)).not.toBe(targets.deviceSilent);
  });

  it("is a pure function of the seed and the elapsed time", () => {
    expect(faultEffectsAt(4, 9 * MINUTE, FIRST_FAULT)).toEqual(faultEffectsAt(4, 9 * MINUTE, FIRST_FAULT));
    expect(faultEffectsAt(4, FIRST_FAULT - 1, FIRST_FAULT)).toEqual(NO_FAULTS);
    const windows = (seed: number) => faultWindows(seed, FIRST_FAULT, 3 * FAULT_CYCLE_MS).map((w) => `${w.kind}@${w.startMs}`);
    expect(windows(4)).toEqual(windows(4));
    expect(windows(4)).not.toEqual(windows(5));
    for (const kind of FAULT_KINDS) expect(windows(4).filter((w) => w.startsWith(`${kind}@`))).toHaveLength(3);
    const silence = faultWindows(4, FIRST_FAULT, FAULT_CYCLE_MS).find((w) => w.kind === "device-silent")!;
    expect(silence.endMs - silence.startMs).toBe(DEVICE_SILENCE_MS);
    expect(faultEffectsAt(4, silence.endMs + 1, FIRST_FAULT).deviceBackAtMs).toBe(silence.endMs);
  });
});
