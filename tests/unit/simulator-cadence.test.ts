import { describe, expect, it } from "vitest";
import type { TelemetrySample } from "@/lib/telemetry/ingest";
import { Cadence, DEFAULT_KEEPALIVE_MS, MAX_KEEPALIVE_MS } from "@/server/simulator/cadence";
import { simulatorSettings } from "@/server/simulator/settings";
import { TELEMETRY } from "@/server/telemetry/config";
import { MIN_SLA_SAMPLES } from "@/lib/health";

// What a simulated device sends of what it measured: changes at once, the rest at the keep-alive, and its heartbeat
// every interval.

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
function tick(cadence: Cadence, time: number, measured: TelemetrySample[]) {
  const selection = cadence.select("d1", measured, time);
  selection.commit();
  return selection;
}
const kinds = (samples: TelemetrySample[]) => samples.map((sample) => sample.kind);

describe("the simulator's cadence", () => {
  it("sends everything first, then only the heartbeat while nothing moves, and each steady object again at the keep-alive", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    expect(kinds(tick(cadence, T0, [device(T0), port(T0), path(T0)]).samples)).toEqual(["device", "port", "path"]);
    const sentAt: number[] = [];
    for (let time = T0 + INTERVAL; time <= T0 + 3 * DEFAULT_KEEPALIVE_MS; time += INTERVAL) {
      // Figures wander inside their deadband: a hundredth of a millisecond, a few percent of traffic.
      const selection = tick(cadence, time, [device(time), port(time, "up", 5e6 * (1 + ((time / INTERVAL) % 3) / 100)), path(time, 20 + ((time / INTERVAL) % 2) / 10)]);
      expect(selection.samples[0].kind).toBe("device");
      if (selection.samples.length > 1) {
        expect(kinds(selection.samples)).toEqual(["device", "port", "path"]);
        sentAt.push(time - T0);
      } else expect(selection.held).toBe(2);
    }
    // Never older than the keep-alive, and not sent more often than it.
    expect(sentAt).toEqual([DEFAULT_KEEPALIVE_MS, 2 * DEFAULT_KEEPALIVE_MS, 3 * DEFAULT_KEEPALIVE_MS]);
  });

  it("sends a change of state at once, and a figure that moved past its deadband", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    tick(cadence, T0, [device(T0), port(T0), path(T0)]);
    const t1 = T0 + INTERVAL;
    expect(kinds(tick(cadence, t1, [device(t1), port(t1, "down", 0), path(t1)]).samples)).toEqual(["device", "port"]);
    const t2 = t1 + INTERVAL;
    // Latency up 3 ms (past 1 ms), still healthy; the port stays down.
    expect(kinds(tick(cadence, t2, [device(t2), port(t2, "down", 0), path(t2, 23)]).samples)).toEqual(["device", "path"]);
    const t3 = t2 + INTERVAL;
    expect(kinds(tick(cadence, t3, [device(t3), port(t3, "up"), path(t3, 23.2)]).samples)).toEqual(["device", "port"]);
  });

  it("reports an unhealthy path every interval, and for an SLA window after it recovers", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    tick(cadence, T0, [path(T0)]);
    const sent = (time: number, loss: number) => tick(cadence, time, [path(time, 20, loss)]).samples.length;
    // Loss steady at 6 % (bad): every interval, although the figure does not move.
    for (let i = 1; i <= 6; i++) expect(sent(T0 + i * INTERVAL, 6)).toBe(1);
    const lastBad = T0 + 6 * INTERVAL;
    for (let time = lastBad + INTERVAL; time < lastBad + TELEMETRY.slaWindowMs; time += INTERVAL) expect(sent(time, 0.01)).toBe(1);
    // A window after its last bad figure it is a steady healthy path again.
    expect(sent(lastBad + TELEMETRY.slaWindowMs, 0.01)).toBe(0);
  });

  it("adds up flow bytes and exports them at the keep-alive, so totals hold", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    let exported = 0;
    let counted = 0;
    for (let i = 0; i <= 12; i++) {
      const time = T0 + i * INTERVAL;
      counted += 1000 + i;
      for (const sample of tick(cadence, time, [flow(time, 1000 + i)]).samples) if (sample.kind === "flow") exported += sample.bytes;
    }
    // Exported at 0, 60 and 120 s: every byte counted by then is in an export.
    expect(exported).toBe(counted);
  });

  it("sends again what the endpoint did not take", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    const first = cadence.select("d1", [device(T0), port(T0)], T0);
    expect(first.samples).toHaveLength(2);
    // Not committed (the push failed): the next interval sends it again.
    const t1 = T0 + INTERVAL;
    expect(kinds(tick(cadence, t1, [device(t1), port(t1)]).samples)).toEqual(["device", "port"]);
    const t2 = t1 + INTERVAL;
    expect(kinds(tick(cadence, t2, [device(t2), port(t2)]).samples)).toEqual(["device"]);
  });

  it("reports everything every interval for an SLA window after a reboot (a rollout's gate observes it then)", () => {
    const cadence = new Cadence(DEFAULT_KEEPALIVE_MS, INTERVAL);
    tick(cadence, T0, [device(T0), port(T0), path(T0)]);
    cadence.select("d2", [device(T0), port(T0)], T0).commit();
    const back = T0 + 3 * INTERVAL;
    expect(kinds(tick(cadence, back - INTERVAL, [device(back - INTERVAL), port(back - INTERVAL), path(back - INTERVAL)]).samples)).toEqual(["device"]);
    cadence.rebooted("d1", back);
    for (let time = back; time < back + TELEMETRY.slaWindowMs; time += INTERVAL) {
      expect(kinds(tick(cadence, time, [device(time), port(time), path(time)]).samples)).toEqual(["device", "port", "path"]);
    }
    const settled = back + TELEMETRY.slaWindowMs;
    expect(kinds(tick(cadence, settled, [device(settled), port(settled), path(settled)]).samples)).toEqual(["device"]);
    // Another device is not concerned.
    expect(kinds(cadence.select("d2", [device(back), port(back)], back).samples)).toEqual(["device"]);
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
