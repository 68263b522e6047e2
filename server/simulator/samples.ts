import "server-only";
import type { TelemetrySample } from "@/lib/telemetry/ingest";
import { deviceLoad } from "./model";
import { drain } from "./slices";
import type { DeviceDuties } from "./plan";
import type { WorldState } from "./world";

// One device's report at one instant: exactly the telemetry contract, nothing that says where it came from.

/** What a device reports when its inventory row has no version yet (a device always knows its own). */
export const FALLBACK_SOFTWARE_VERSION = "24.3.1";

/** Objects read between two chances to yield: a device serving thousands of connectors is measured in slices. */
const OBJECTS_PER_STEP = 256;

export function deviceSamples(seed: number, duty: DeviceDuties, state: WorldState, uptimeSeconds: number): TelemetrySample[] {
  return drain(deviceSampleSteps(seed, duty, state, uptimeSeconds));
}

/** The same report, yielding every few hundred objects (the live tick runs it in slices). */
export function* deviceSampleSteps(seed: number, duty: DeviceDuties, state: WorldState, uptimeSeconds: number): Generator<void, TelemetrySample[]> {
  let read = 0;
  const time = new Date(state.timeMs).toISOString();
  const samples: TelemetrySample[] = [
    {
      kind: "device",
      time,
      uptimeSeconds,
      softwareVersion: duty.device.softwareVersion.trim() || FALLBACK_SOFTWARE_VERSION,
      ...deviceLoad(seed, duty.device.id, duty.node.longitude, state.timeMs),
    },
  ];
  for (const port of duty.ports) {
    const reading = state.ports.get(port.key);
    if (reading) samples.push({ kind: "port", time, portId: port.portId, status: reading.status, rxBps: reading.rxBps, txBps: reading.txBps });
  }
  for (const connector of duty.connectors) {
    if (++read % OBJECTS_PER_STEP === 0) yield;
    const reading = state.connectors.get(connector.id);
    if (reading) samples.push({ kind: "connector", time, connectorId: connector.id, status: reading.status, rxBps: reading.rxBps, txBps: reading.txBps });
  }
  for (const path of duty.paths) {
    if (++read % OBJECTS_PER_STEP === 0) yield;
    const reading = state.paths.get(path.id);
    if (!reading) continue;
    samples.push({
      kind: "path",
      time,
      pathId: path.id,
      latencyMs: reading.latencyMs,
      jitterMs: reading.jitterMs,
      lossPercent: reading.lossPercent,
      rxBps: reading.rxBps,
      txBps: reading.txBps,
    });
  }
  for (const link of duty.links) {
    const reading = state.links.get(link.id);
    if (!reading) continue;
    samples.push({
      kind: "link",
      time,
      linkId: link.id,
      status: reading.status,
      latencyMs: reading.latencyMs,
      lossPercent: reading.lossPercent,
      rxBps: reading.rxBps,
      txBps: reading.txBps,
    });
  }
  for (const site of duty.sites) {
    if (++read % OBJECTS_PER_STEP === 0) yield;
    for (const flow of state.flows.get(site.id) ?? []) {
      samples.push({ kind: "flow", time, siteId: site.id, source: flow.source, destination: flow.destination, bytes: flow.bytes });
    }
    for (const probe of state.probes.get(site.id) ?? []) {
      samples.push({ kind: "probe", time, siteId: site.id, target: probe.target, latencyMs: probe.latencyMs, jitterMs: probe.jitterMs, lossPercent: probe.lossPercent });
    }
  }
  return samples;
}

/** Splits samples into request bodies within the batch limit and the API's body size limit, one at a time: each is written when the one before it went out. */
export function* batchBodies(samples: TelemetrySample[], maxSamples: number, maxBytes: number): Generator<string> {
  let current: string[] = [];
  let size = 0;
  const body = () => `{"samples":[${current.join(",")}]}`;
  for (const sample of samples) {
    const json = JSON.stringify(sample);
    const bytes = Buffer.byteLength(json);
    // 14 bytes of envelope and one comma per sample.
    if (current.length > 0 && (current.length >= maxSamples || size + bytes + 15 > maxBytes)) {
      yield body();
      current = [];
      size = 0;
    }
    current.push(json);
    size += bytes + 1;
  }
  if (current.length > 0) yield body();
}
