import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { call } from "./helpers";
import { buildCustomerNetwork, buildMspNetwork, isoAgo, MINUTE, type CustomerNetwork, type MspNetwork } from "./telemetry-fixtures";

// Issue 41, scope 6: the ingestion endpoint parses a batch by a fast pass first and by its zod schema for anything
// else. Hostile and valid batches from a real device token get the same answer, word for word and in each language,
// as with the schema alone (TELEMETRY_VALIDATION=zod); none answers 5xx, and a refused one stores nothing.

let northwind: MspNetwork;
let contoso: CustomerNetwork;

beforeAll(async () => {
  contoso = await buildCustomerNetwork("Contoso");
  northwind = await buildMspNetwork("Northwind Networks", { organizationId: contoso.organizationId, siteId: contoso.siteA.id });
});

afterAll(() => {
  delete process.env.TELEMETRY_VALIDATION;
});

const post = (body: string, language: string) =>
  call("POST", "/telemetry/ingest", { rawBody: body, headers: { authorization: `Bearer ${northwind.token}` }, language });

/** Everything ingestion writes, counted. */
async function stored(): Promise<string> {
  const [row] = await queryRows<{ f: string }>(
    await getDb(),
    sql`select (select count(*) from telemetry_path_samples) || ',' || (select count(*) from telemetry_port_samples) || ',' ||
               (select count(*) from telemetry_link_samples) || ',' || (select count(*) from telemetry_probe_samples) || ',' ||
               (select count(*) from telemetry_flow_samples) || ',' || (select count(*) from telemetry_connector_samples) as f`,
  );
  return row.f;
}

const hostile = fc.oneof(
  fc.constantFrom<unknown>(null, "", " ", "\u0000", "up ", "UP", -1, 1e300, 600_001, 100.0001, 1e13 + 1, 0.5, "12", [], {}, true),
  fc.string({ maxLength: 80 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A valid sample of each kind about the test network, at a time inside the live window. */
function samples(time: string) {
  return [
    { kind: "device", time, uptimeSeconds: 3600, softwareVersion: " 24.3.1 ", cpuPercent: 12.5 },
    { kind: "port", time, portId: "ge-0/0/1", status: "up", rxBps: 1e6, txBps: 2e6 },
    { kind: "connector", time, connectorId: contoso.connectorA.id, status: "up", rxBps: 1e6, txBps: 2e6 },
    { kind: "path", time, pathId: ` ${contoso.path.id}`, latencyMs: 12.5, jitterMs: 1, lossPercent: 0, rxBps: 1e6, txBps: 1e6 },
    { kind: "link", time, linkId: northwind.link.id, status: "up", latencyMs: null, lossPercent: 0.1, rxBps: 0, txBps: 0 },
    { kind: "flow", time, siteId: contoso.siteA.id, source: "10.0.0.1", destination: "10.0.0.2", bytes: 4096 },
    { kind: "probe", time, siteId: contoso.siteA.id, target: "8.8.8.8", latencyMs: 20, jitterMs: null, lossPercent: 0 },
  ] as Record<string, unknown>[];
}

describe("the ingestion endpoint's parse", () => {
  it("answers hostile and valid batches exactly as the schema alone does, never 5xx, storing nothing when it refuses", async () => {
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          picks: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
          broken: fc.oneof(fc.constant(null), fc.record({ index: fc.nat(), key: fc.constantFrom("kind", "time", "portId", "pathId", "status", "rxBps", "latencyMs", "lossPercent", "bytes", "extra"), value: hostile })),
          ageMs: fc.integer({ min: 0, max: 4 * MINUTE }),
          language: fc.constantFrom("en", "fr"),
          wrap: fc.constantFrom("batch", "batch", "batch", "batch", "extra key", "bare array"),
        }),
        async ({ picks, broken, ageMs, language, wrap }) => {
          const all = samples(isoAgo(ageMs));
          const batch = picks.map((index) => ({ ...all[index] }));
          if (broken) batch[broken.index % batch.length][broken.key] = broken.value;
          const body = JSON.stringify(wrap === "bare array" ? batch : wrap === "extra key" ? { samples: batch, device: "x" } : { samples: batch });
          const before = await stored();
          delete process.env.TELEMETRY_VALIDATION;
          const fast = await post(body, language);
          statuses.push(fast.status);
          expect(fast.status).toBeLessThan(500);
          if (fast.status !== 200) expect(await stored()).toBe(before);
          process.env.TELEMETRY_VALIDATION = "zod";
          const reference = await post(body, language);
          delete process.env.TELEMETRY_VALIDATION;
          expect(fast.status).toBe(reference.status);
          const { requestId: _fastId, ...fastAnswer } = fast.body as Record<string, unknown>;
          const { requestId: _referenceId, ...referenceAnswer } = reference.body as Record<string, unknown>;
          expect(fastAnswer).toEqual(referenceAnswer);
        },
      ),
      { numRuns: 60, seed: 41 },
    );
    // Both answers are well exercised.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(10);
  }, 120_000);
});
