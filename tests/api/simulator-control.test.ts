import { afterEach, describe, expect, it } from "vitest";
import { startBackgroundServices } from "@/server/background";
import { registerFaultControl } from "@/server/core/fault-control";
import { getDb } from "@/server/db/client";
import { Simulator } from "@/server/simulator/simulator";
import { simulatorSettings } from "@/server/simulator/settings";
import { call, signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, createLink, fiberLink, fiberNode, NW_ADMIN, NW_CONFIGURE, NW_READONLY } from "./node-fixtures";

// The simulator's fault control (POST /simulator/link/{linkId}/down): off unless the server runs with it, and then
// only for a link the caller may configure — for anyone else exactly a missing link.

const played: { linkId: string; durationMs: number }[] = [];
let release: (() => void) | undefined;
const control = () => {
  release = registerFaultControl({ forceLinkDown: (linkId, durationMs) => played.push({ linkId, durationMs }) });
};

afterEach(() => {
  release?.();
  release = undefined;
  played.length = 0;
});

async function someLink() {
  return createLink(fiberLink(`fault-${Date.now()}`, await fiberNode(), await fiberNode()));
}

const down = async (linkId: string, email: string, body: unknown = {}, language?: "fr") =>
  call("POST", `/simulator/link/${linkId}/down`, { cookie: await signIn(email), body, language });

describe("the simulator's fault control", () => {
  it("answers 404 when the server runs without it, even for the link's own MSP", async () => {
    const link = await someLink();
    const response = await down(link.id, NW_ADMIN);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("Not found");
  });

  it("plays the link-down fault on a link the caller configures, for the time asked", async () => {
    control();
    const link = await someLink();
    const response = await down(link.id, NW_CONFIGURE, { durationSeconds: 30 });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ linkId: link.id, downUntil: expect.any(String) });
    expect(played).toEqual([{ linkId: link.id, durationMs: 30_000 }]);
    expect((await down(link.id, NW_ADMIN)).status).toBe(202);
    expect(played[1]).toEqual({ linkId: link.id, durationMs: 120_000 });
  });

  it("is another tenant's link's 404, read-only's 403, and says a bad duration in the user's language", async () => {
    control();
    const link = await someLink();
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      const response = await down(link.id, email);
      expect(response.status, email).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
    expect((await down("00000000-0000-4000-8000-000000000000", NW_ADMIN)).status).toBe(404);
    expect((await down(link.id, NW_READONLY)).status).toBe(403);
    const tooLong = await down(link.id, NW_ADMIN, { durationSeconds: 601 }, "fr");
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe("La durée de la panne doit être comprise entre 1 et 600 secondes");
    expect(played).toEqual([]);
  });

  it("reaches the simulator the entry starts with SIMULATOR_FAULT_CONTROL=on, and only until it stops", async () => {
    const link = await someLink();
    const db = await getDb();
    const start = (env: Record<string, string>) => startBackgroundServices(db, { SIMULATOR_BACKFILL: "off", SIMULATOR_INTERVAL_MS: "3600000", ...env });
    const plain = start({});
    try {
      expect((await down(link.id, NW_ADMIN)).status).toBe(404);
    } finally {
      await plain.stop();
    }
    const controlled = start({ SIMULATOR_FAULT_CONTROL: "on" });
    try {
      expect((await down(link.id, NW_ADMIN, { durationSeconds: 5 })).status).toBe(202);
    } finally {
      await controlled.stop();
    }
    expect((await down(link.id, NW_ADMIN)).status).toBe(404);
  });

  it("makes the simulator report the link down until the time is up", () => {
    let now = 1_000_000;
    const simulator = new Simulator(undefined as never, simulatorSettings({}, { intervalMs: 1000, backfill: false }), { now: () => now, log: () => {} });
    simulator.forceLinkDown("l1", 5_000);
    const forced = (at: number) => (simulator as unknown as { forcedLinksDown(timeMs: number): ReadonlySet<string> }).forcedLinksDown(at);
    expect([...forced(now + 4_999)]).toEqual(["l1"]);
    now += 5_000;
    expect([...forced(now)]).toEqual([]);
  });
});
