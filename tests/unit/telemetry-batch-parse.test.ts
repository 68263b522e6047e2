import { describe, expect, it } from "vitest";
import { fastTelemetryBatch, safeParseTelemetryBatch } from "@/lib/telemetry/batch-parse";
import { TELEMETRY_BATCH_MAX, telemetryBatchSchema } from "@/lib/telemetry/ingest";

// The ingestion endpoint's fast pass against the schema it stands in for: thousands of generated batches, valid and
// broken in every way the schema cares about (fixed seed), must get the same decision and, when accepted, the same
// parsed batch — key order included. Any JSON batch the schema accepts must go through the fast pass, or it saves
// nothing.

/** mulberry32: a small seeded generator, so a failure replays. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof generator>;

const TIMES = [
  "2026-12-07T06:30:00Z",
  "2026-12-07T06:30:00.123Z",
  "2026-12-07T06:30:00+01:00",
  "2026-12-07T06:30:00.5-05:30",
  "2024-02-29T23:59:59Z",
  "2000-02-29T00:00:00Z",
];
const BAD_TIMES = [
  "2026-12-07T06:30Z",
  "2026-12-07 06:30:00Z",
  "2026-12-07T06:30:00",
  "2026-12-07T24:00:00Z",
  "2026-13-01T00:00:00Z",
  "2023-02-29T00:00:00Z",
  "1900-02-29T00:00:00Z",
  "2026-12-07T06:30:00+24:00",
  "2026-12-07T06:30:00+0100",
  " 2026-12-07T06:30:00Z",
  "",
  "yesterday",
];
const IDS = ["p1", "  padded  ", "x".repeat(64), ` ${"y".repeat(64)} `, "ge-0/0/1", "12", "é"];
const BAD_IDS = ["", "   ", "z".repeat(65), "\n\t"];
const TEXTS_128 = ["10.0.0.1", "  host  ", "h".repeat(128), "aws eu-west-1"];
const BAD_TEXTS_128 = ["", " ", "h".repeat(129)];

const number = (random: Random, max: number) =>
  random.pick([0, -0, max, random.next() * max, Math.round(random.next() * max), 0.001, Math.min(max, 1e-9)]);
const badNumber = (random: Random, max: number) => random.pick<unknown>([-1, -1e-9, max + 1, max * 10, "1", null, true, [], {}, Number.NaN, Infinity]);
const integer = (random: Random, max: number) => random.pick([0, max, random.int(1000), Math.floor(random.next() * max)]);
const badInteger = (random: Random, max: number) => random.pick<unknown>([0.5, -1, max + 1, 1e300, "3", null]);

/** A valid sample of a random kind. */
function validSample(random: Random): Record<string, unknown> {
  const time = random.pick(TIMES);
  const rate = () => number(random, 1e13);
  const ms = () => number(random, 600_000);
  const percent = () => number(random, 100);
  switch (random.int(7)) {
    case 0: {
      const sample: Record<string, unknown> = { kind: "device", time, uptimeSeconds: integer(random, 1e10), softwareVersion: random.pick(["24.3.1", " 26.0.0-faulty ", "v".repeat(64)]) };
      if (random.chance(0.6)) sample.cpuPercent = percent();
      if (random.chance(0.6)) sample.memoryPercent = percent();
      return sample;
    }
    case 1:
      return { kind: "port", time, portId: random.pick(IDS), status: random.pick(["up", "down", "disabled"]), rxBps: rate(), txBps: rate() };
    case 2:
      return { kind: "connector", time, connectorId: random.pick(IDS), status: random.pick(["up", "down"]), rxBps: rate(), txBps: rate() };
    case 3:
      return { kind: "path", time, pathId: random.pick(IDS), latencyMs: ms(), jitterMs: ms(), lossPercent: percent(), rxBps: rate(), txBps: rate() };
    case 4:
      return {
        kind: "link",
        time,
        linkId: random.pick(IDS),
        status: random.pick(["up", "down"]),
        latencyMs: random.chance(0.2) ? null : ms(),
        lossPercent: random.chance(0.2) ? null : percent(),
        rxBps: rate(),
        txBps: rate(),
      };
    case 5:
      return { kind: "flow", time, siteId: random.pick(IDS), source: random.pick(TEXTS_128), destination: random.pick(TEXTS_128), bytes: integer(random, 1e15) };
    default:
      return {
        kind: "probe",
        time,
        siteId: random.pick(IDS),
        target: random.pick(TEXTS_128),
        latencyMs: random.chance(0.2) ? null : ms(),
        jitterMs: random.chance(0.2) ? null : ms(),
        lossPercent: percent(),
      };
  }
}

/** The same sample broken in one way the schema refuses (or, now and then, in a way it accepts: both must agree). */
function brokenSample(random: Random, sample: Record<string, unknown>): unknown {
  const broken: Record<string, unknown> = { ...sample };
  const keys = Object.keys(broken).filter((key) => key !== "kind" && key !== "time");
  const key = random.pick(keys);
  switch (random.int(9)) {
    case 0:
      broken.time = random.pick(BAD_TIMES);
      break;
    case 1:
      broken.kind = random.pick(["devices", "Path", "", null, 3, undefined]);
      break;
    case 2:
      broken.extra = 1;
      break;
    case 3:
      delete broken[key];
      break;
    case 4:
      broken[key] = null;
      break;
    case 5:
      broken[key] = /Id$|^source$|^destination$|^target$|softwareVersion/.test(key)
        ? random.pick([...BAD_IDS, ...BAD_TEXTS_128, 42])
        : key === "status"
          ? random.pick(["UP", "flapping", "", 1])
          : key === "uptimeSeconds"
            ? badInteger(random, 1e10)
            : key === "bytes"
              ? badInteger(random, 1e15)
              : badNumber(random, key.endsWith("Bps") ? 1e13 : key.endsWith("Ms") ? 600_000 : 100);
      break;
    case 6:
      return random.pick<unknown>([null, "sample", 7, [broken], true]);
    case 7:
      // Keys a JSON body can carry that a plain object literal would not.
      return JSON.parse(`{"__proto__": {"x": 1}, ${JSON.stringify(broken).slice(1)}`);
    default:
      broken.time = `${String(broken.time)} `;
  }
  return broken;
}

function batchOf(random: Random, invalid: boolean): unknown {
  const size = random.chance(0.05) ? 0 : 1 + random.int(random.chance(0.1) ? 200 : 12);
  const samples: unknown[] = Array.from({ length: size }, () => validSample(random));
  if (invalid && size > 0) {
    const index = random.int(size);
    samples[index] = brokenSample(random, samples[index] as Record<string, unknown>);
  }
  if (invalid && random.chance(0.1)) return random.pick<unknown>([{ samples, extra: true }, { sample: samples }, samples, null, "{}", { samples: {} }]);
  return { samples };
}

/** The answer compared: accepted with the parsed batch as JSON text (key order counts), or refused with the issues. */
function answer(result: ReturnType<typeof safeParseTelemetryBatch>) {
  return result.success ? { success: true, data: result.data, text: JSON.stringify(result.data) } : { success: false, issues: result.error.issues };
}

describe("the ingestion batch's fast pass", () => {
  it("answers exactly as telemetryBatchSchema over many generated valid and broken JSON batches", () => {
    const random = generator(41);
    let accepted = 0;
    let refused = 0;
    for (let round = 0; round < 2000; round++) {
      const invalid = random.chance(0.5);
      // Through JSON, as a request body arrives (undefined values drop out, -0 becomes 0 as it would on the wire).
      const text = JSON.stringify(batchOf(random, invalid)) ?? "null";
      const body = JSON.parse(text) as unknown;
      const reference = telemetryBatchSchema.safeParse(body);
      const mine = safeParseTelemetryBatch(body);
      const fast = fastTelemetryBatch(body);
      // Compared as JSON text (key order counts) every round, structurally now and then (it is slow on big batches).
      if (JSON.stringify(answer(mine)) !== JSON.stringify(answer(reference)) || round % 50 === 0) {
        expect(answer(mine), text.slice(0, 500)).toStrictEqual(answer(reference));
      }
      if (reference.success) {
        // Every valid JSON batch takes the fast pass, with the schema's own output.
        expect(JSON.stringify(fast), text.slice(0, 500)).toBe(JSON.stringify(reference.data));
        accepted++;
      } else {
        expect(fast, text.slice(0, 500)).toBeUndefined();
        refused++;
      }
    }
    // Both sides of the decision are well exercised.
    expect(accepted).toBeGreaterThan(700);
    expect(refused).toBeGreaterThan(700);
  }, 60_000);

  it("leaves values no JSON body holds to the schema, and agrees with it on them", () => {
    const random = generator(7);
    const sample = () => ({ ...validSample(random) });
    const strange: unknown[] = [
      undefined,
      { samples: [Object.assign(Object.create(null) as object, sample())] },
      Object.assign(Object.create(null) as object, { samples: [sample()] }),
      { samples: [{ ...sample(), time: new Date() }] },
      { samples: [{ kind: "path", time: TIMES[0], pathId: "p", latencyMs: Number.NaN, jitterMs: 1, lossPercent: 0, rxBps: 0, txBps: 0 }] },
      { samples: [{ kind: "port", time: TIMES[0], portId: "1", status: "up", rxBps: Infinity, txBps: 0 }] },
      { samples: [{ kind: "device", time: TIMES[0], uptimeSeconds: 1, softwareVersion: "1", cpuPercent: undefined }] },
      { samples: [{ kind: "flow", time: TIMES[0], siteId: "s", source: "a", destination: "b", bytes: 2 ** 53 + 2 }] },
      { samples: new Array(3) },
      { samples: Array.from({ length: TELEMETRY_BATCH_MAX + 1 }, sample) },
      { samples: Array.from({ length: TELEMETRY_BATCH_MAX }, sample) },
    ];
    for (const body of strange) {
      const reference = telemetryBatchSchema.safeParse(body);
      expect(answer(safeParseTelemetryBatch(body))).toStrictEqual(answer(reference));
      const fast = fastTelemetryBatch(body);
      if (fast) expect(reference.success && reference.data).toStrictEqual(fast);
    }
    expect(fastTelemetryBatch({ samples: Array.from({ length: TELEMETRY_BATCH_MAX }, sample) })?.samples).toHaveLength(TELEMETRY_BATCH_MAX);
  });

  it("trims ids and texts as the schema does, keeping its key order", () => {
    const body = { samples: [{ txBps: 2, rxBps: 1, pathId: "  p-1 ", lossPercent: 0, jitterMs: 1, latencyMs: 3, time: TIMES[2], kind: "path" }] };
    const fast = fastTelemetryBatch(body);
    expect(JSON.stringify(fast)).toBe(
      JSON.stringify({ samples: [{ kind: "path", time: TIMES[2], pathId: "p-1", latencyMs: 3, jitterMs: 1, lossPercent: 0, rxBps: 1, txBps: 2 }] }),
    );
    expect(JSON.stringify(fast)).toBe(JSON.stringify(telemetryBatchSchema.parse(body)));
  });
});
