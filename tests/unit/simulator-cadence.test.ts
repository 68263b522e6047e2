import { describe, expect, it } from "vitest";
import type { TelemetrySample } from "@/lib/telemetry/ingest";
import { Cadence, DEFAULT_KEEPALIVE_MS, MAX_KEEPALIVE_MS } from "@/server/simulator/cadence";
import { simulatorSettings } from "@/server/simulator/settings";
import { TELEMETRY } from "@/server/telemetry/config";
import { MIN_SLA_SAMPLES } from "@/lib/health";

// What a simulated device sends of what it measured: a new object until an SLA window can judge it, changes at once,
// the rest at the keep-alive, and its heartbeat every interval.

const INTERVAL = 10_000;
const T0 = Date.parse("2026-12-07T08:00:00Z");
const at = (ms: number) => new Date(ms).toISOString();

const device = (time: number): TelemetrySample => ({ kind: "device", time: at(time), uptimeSeconds: 100, softwareVersion: "24.3.1", cpuPercent: 10, memoryPercent: 40 });
const port = (time: number, status: "up" | "down" | "disabled" = "up", rxBps = 5e6): TelemetrySample => ({ kind: "port", time: at(time), portId: "ge-0/0/1", status, rxBps, txBps: 2e6 });
const path = (time: number, latencyMs = 20, lossPercent = 0.01): TelemetrySample => ({
  kind: "path",
  time: at(time),
  pathId: "p1",
  latencyMs,
  jitterMs: 1,
  lossPercent,
  rxBps: 1e6,
  txBps: 1e6,
});
const flow = (time: number, bytes: number): TelemetrySample => ({ kind: "flow", time: at(time), siteId: "s1", source: "10.0.0.1", destination: "10.0.0.2", bytes });

/** One interval of a device: what went out, committed as the endpoint took it. */
function tick(cadence: Cadence, time: number, measured: TelemetrySample[], deviceId = "d1") {
  const selection = cadence.select(deviceId, measured, time);
  selection.commit();
  return selection;
}

/** A device's first MIN_SLA_SAMPLES intervals from T0, when everything new goes out every interval; answers the last one. */
function warmUp(cadence: Cadence, measure: (time: number) => TelemetrySample[], deviceId = "d1") {
  let time = T0;
  for (let i = 0; i < MIN_SLA_SAMPLES; i++, time += INTERVAL) {
    expect(tick(cadence, time, measure(time), deviceId).samples).toHaveLength(measure(time).length);
  }
  return time - INTERVAL;
}
const kinds = (samples: TelemetrySample[]) => samples.map((sample) => sample.kind);

/** When (ms after T0) each kind other than the device's heartbeat went out, over `ticks` intervals after `from`. */
function sendTimes(cadence: Cadence, ticks: number, measure: (time: number) => TelemetrySample[], from = T0) {
  const times = new Map<string, number[]>();
  for (let time = from + INTERVAL; time <= from + ticks * INTERVAL; time += INTERVAL) {
    const selection = tick(cadence, time, measure(time));
    expect(selection.samples[0].kind).toBe("device");
    for (const sample of selection.samples.slice(1)) times.set(sample.kind, [...(times.get(sample.kind) ?? []), time - T0]);
  }
  return times;
}

describe("the simulator's cadence", () => {
  it("sends a new object every interval until an SLA window can judge it, then each steady one at its keep-alive", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    // Figures wander inside their deadband: a tenth of a millisecond, a few percent of traffic.
    const measure = (time: number) => [device(time), port(time, "up", 5e6 * (1 + ((time / INTERVAL) % 3) / 100)), path(time, 20 + ((time / INTERVAL) % 2) / 10)];
    const warm = warmUp(cadence, measure);
    const times = sendTimes(cadence, 18, measure, warm);
    for (const kind of ["port", "path"]) {
      const sent = times.get(kind)!;
      // Never older than the keep-alive (the first refresh at the object's own phase in it), and not sent more often.
      expect(sent.length).toBeGreaterThanOrEqual(3);
      expect(sent[0] - (warm - T0)).toBeGreaterThan(0);
      expect(sent[0] - (warm - T0)).toBeLessThanOrEqual(DEFAULT_KEEPALIVE_MS);
      for (let i = 1; i < sent.length; i++) expect(sent[i] - sent[i - 1]).toBe(DEFAULT_KEEPALIVE_MS);
    }
  });

  it("spreads the refreshes of objects first reported together over the keep-alive period", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    const ports = (time: number) =>
      Array.from({ length: 600 }, (_, i): TelemetrySample => ({ kind: "port", time: at(time), portId: `p${i}`, status: "up", rxBps: 5e6, txBps: 2e6 }));
    const warm = warmUp(cadence, ports);
    const perTick: number[] = [];
    const lastSent = new Map<string, number>();
    for (let time = warm + INTERVAL; time <= warm + 3 * DEFAULT_KEEPALIVE_MS; time += INTERVAL) {
      const sent = tick(cadence, time, ports(time)).samples;
      perTick.push(sent.length);
      for (const sample of sent) {
        const id = (sample as { portId: string }).portId;
        if (lastSent.has(id)) expect(time - lastSent.get(id)!).toBe(DEFAULT_KEEPALIVE_MS);
        lastSent.set(id, time);
      }
    }
    // Every object refreshed within the first period; no interval carries much more than its share (600 / 6).
    expect(lastSent.size).toBe(600);
    expect(Math.max(...perTick)).toBeLessThan(200);
  });

  it("sends a change of state at once, and a figure that moved past its deadband", () => {
    // A keep-alive far away, so only changes go out over these few intervals.
    const cadence = new Cadence(3600_000, INTERVAL);
    const t0 = warmUp(cadence, (time) => [device(time), port(time), path(time)]);
    const t1 = t0 + INTERVAL;
    expect(kinds(tick(cadence, t1, [device(t1), port(t1, "down", 0), path(t1)]).samples)).toEqual(["device", "port"]);
    const t2 = t1 + INTERVAL;
    // Latency up 3 ms (past 1 ms), still healthy; the port stays down.
    expect(kinds(tick(cadence, t2, [device(t2), port(t2, "down", 0), path(t2, 23)]).samples)).toEqual(["device", "path"]);
    const t3 = t2 + INTERVAL;
    expect(kinds(tick(cadence, t3, [device(t3), port(t3, "up"), path(t3, 23.2)]).samples)).toEqual(["device", "port"]);
    const t4 = t3 + INTERVAL;
    expect(kinds(tick(cadence, t4, [device(t4), port(t4, "up", 5.5e6), path(t4, 23.4)]).samples)).toEqual(["device"]);
  });

  it("reports an unhealthy path every interval, and for an SLA window after it recovers", () => {
    const cadence = new Cadence(3600_000, INTERVAL);
    const warm = warmUp(cadence, (time) => [path(time)]);
    const sent = (time: number, loss: number) => tick(cadence, time, [path(time, 20, loss)]).samples.length;
    // Loss steady at 6 % (bad): every interval, although the figure does not move.
    for (let i = 1; i <= 6; i++) expect(sent(warm + i * INTERVAL, 6)).toBe(1);
    const lastBad = warm + 6 * INTERVAL;
    for (let time = lastBad + INTERVAL; time < lastBad + TELEMETRY.slaWindowMs; time += INTERVAL) expect(sent(time, 0.01)).toBe(1);
    // A window after its last bad figure it is a steady healthy path again.
    expect(sent(lastBad + TELEMETRY.slaWindowMs, 0.01)).toBe(0);
  });

  it("adds up flow bytes and exports them at the keep-alive, so totals hold", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    let exported = 0;
    let counted = 0;
    const exports: number[] = [];
    for (let i = 0; i <= 18; i++) {
      const time = T0 + i * INTERVAL;
      counted += 1000 + i;
      const sent = tick(cadence, time, [flow(time, 1000 + i)]).samples;
      for (const sample of sent) if (sample.kind === "flow") exported += sample.bytes;
      if (sent.length > 0) {
        exports.push(time - T0);
        // Each export carries every byte counted since the one before.
        expect(exported).toBe(counted);
      }
    }
    expect(exports[0]).toBe(0);
    expect(exports.length).toBeGreaterThanOrEqual(3);
    for (let i = 2; i < exports.length; i++) expect(exports[i] - exports[i - 1]).toBe(DEFAULT_KEEPALIVE_MS);
  });

  it("sends again what the endpoint did not take", () => {
    const cadence = new Cadence(3600_000, INTERVAL);
    const t0 = warmUp(cadence, (time) => [device(time), port(time)]);
    const t1 = t0 + INTERVAL;
    // The port went down; the push failed, nothing committed: the next interval says it again.
    expect(kinds(cadence.select("d1", [device(t1), port(t1, "down", 0)], t1).samples)).toEqual(["device", "port"]);
    const t2 = t1 + INTERVAL;
    expect(kinds(tick(cadence, t2, [device(t2), port(t2, "down", 0)]).samples)).toEqual(["device", "port"]);
    const t3 = t2 + INTERVAL;
    expect(kinds(tick(cadence, t3, [device(t3), port(t3, "down", 0)]).samples)).toEqual(["device"]);
  });

  it("reports everything every interval for an SLA window after a reboot (a rollout's gate observes it then)", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    const measure = (time: number) => [device(time), port(time), path(time)];
    warmUp(cadence, measure);
    const warm = warmUp(cadence, (time) => [device(time), port(time)], "d2");
    const back = warm + INTERVAL;
    cadence.rebooted("d1", back);
    let otherPorts = 0;
    for (let time = back; time < back + TELEMETRY.slaWindowMs; time += INTERVAL) {
      expect(kinds(tick(cadence, time, measure(time)).samples)).toEqual(["device", "port", "path"]);
      // Another device is not concerned: its steady port goes at its keep-alive, not every interval.
      otherPorts += tick(cadence, time, [device(time), port(time)], "d2").samples.length - 1;
    }
    expect(otherPorts).toBeLessThanOrEqual(TELEMETRY.slaWindowMs / DEFAULT_KEEPALIVE_MS + 1);
    // Settled: each steady object once in the next keep-alive, no more.
    const settled = back + TELEMETRY.slaWindowMs - INTERVAL;
    const times = sendTimes(cadence, DEFAULT_KEEPALIVE_MS / INTERVAL, measure, settled);
    expect(times.get("port")).toHaveLength(1);
    expect(times.get("path")).toHaveLength(1);
  });

  it("keeps the keep-alive within what the console's staleness rules allow", () => {
    expect(MAX_KEEPALIVE_MS).toBeLessThanOrEqual(TELEMETRY.silentAfterMs);
    expect(TELEMETRY.slaWindowMs / MAX_KEEPALIVE_MS).toBeGreaterThan(MIN_SLA_SAMPLES);
    expect(simulatorSettings({ SIMULATOR_KEEPALIVE_MS: "3600000" }).keepAliveMs).toBe(MAX_KEEPALIVE_MS);
    expect(simulatorSettings({}).keepAliveMs).toBe(DEFAULT_KEEPALIVE_MS);
    expect(simulatorSettings({}).cadence).toBe("changes");
    expect(simulatorSettings({ SIMULATOR_CADENCE: "all" }).cadence).toBe("all");
  });
});
