import { eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/server/db/client";
import { connectors, devices, links, paths, sites, switchPorts } from "@/server/db/schema";
import { loadNetwork, type SimNetwork } from "@/server/simulator/network";
import { canReadChanges, MAX_TARGETED_CHANGES, readChanges, type NetworkChange } from "@/server/simulator/network-changes";

// Issue 13, finding 9: a change heard on the bus re-reads the objects it names, not the whole network. Whatever
// changed, the network so patched is exactly the one a whole read gives.
process.env.TEST_SEED_NETWORK = "1";

let db: Db;
let network: SimNetwork;

beforeAll(async () => {
  db = await getDb();
  network = await loadNetwork(db);
});

/** Applies the change to what was read, and checks it against a whole read. */
async function expectSameAsWholeRead(...changes: NetworkChange[]) {
  expect(canReadChanges(changes)).toBe(true);
  network = await readChanges(db, network, changes);
  expect(network).toEqual(await loadNetwork(db));
}

describe("reading what changed", () => {
  it("follows a site going inactive and back, with its connectors and paths", async () => {
    const site = network.sites.find((s) => network.paths.some((path) => path.sourceSiteId === s.id) && network.connectors.some((c) => c.siteId === s.id))!;
    await db.update(sites).set({ active: false }).where(eq(sites.id, site.id));
    await expectSameAsWholeRead({ entityType: "site", entityId: site.id });
    expect(network.connectors.some((connector) => connector.siteId === site.id)).toBe(false);
    await db.update(sites).set({ active: true, name: "Renamed site", latitude: 10, longitude: 20 }).where(eq(sites.id, site.id));
    await expectSameAsWholeRead({ entityType: "site", entityId: site.id });
    expect(network.sites.find((s) => s.id === site.id)).toMatchObject({ name: "Renamed site", latitude: 10 });
  });

  it("follows paths created and deleted, and connectors changed", async () => {
    const existing = network.paths[0];
    const [created] = await db
      .insert(paths)
      .values({
        organizationId: existing.organizationId,
        name: "Read on its own",
        layer: "layer2",
        sourceSiteId: existing.destinationSiteId,
        sourceConnectorId: existing.destinationConnectorId,
        destinationSiteId: existing.sourceSiteId,
        destinationConnectorId: existing.sourceConnectorId,
        bandwidthMbps: 10,
        vlanId: 3997,
      })
      .returning({ id: paths.id });
    await expectSameAsWholeRead({ entityType: "path", entityId: created.id });
    await db.update(connectors).set({ bandwidthMbps: 1234 }).where(eq(connectors.id, existing.sourceConnectorId));
    await expectSameAsWholeRead({ entityType: "connector", entityId: existing.sourceConnectorId });
    await db.delete(paths).where(eq(paths.id, created.id));
    await expectSameAsWholeRead({ entityType: "path", entityId: created.id });
  });

  it("follows links, devices and a node's ports", async () => {
    const link = network.links[0];
    await db.update(links).set({ bandwidthMbps: 777 }).where(eq(links.id, link.id));
    await expectSameAsWholeRead({ entityType: "link", entityId: link.id });

    const [device] = await db.select({ id: devices.id, nodeId: devices.nodeId }).from(devices).where(isNotNull(devices.nodeId)).limit(1);
    await db.update(devices).set({ nodeId: null }).where(eq(devices.id, device.id));
    await expectSameAsWholeRead({ entityType: "device", entityId: device.id });
    await db.update(devices).set({ nodeId: device.nodeId }).where(eq(devices.id, device.id));
    await expectSameAsWholeRead({ entityType: "device", entityId: device.id });

    const [port] = await db.select().from(switchPorts).where(isNotNull(switchPorts.siteId)).limit(1);
    await db.update(switchPorts).set({ siteId: null, bandwidthGbps: 40 }).where(eq(switchPorts.id, port.id));
    await expectSameAsWholeRead({ entityType: "switchPort", entityId: port.id, nodeId: port.nodeId });
    await db.execute(sql`update nodes set latitude = latitude + 1 where id = ${port.nodeId}`);
    await expectSameAsWholeRead({ entityType: "node", entityId: port.nodeId });
  });

  it("leaves fabrics, changes without their node and floods of changes to a whole read", () => {
    expect(canReadChanges([{ entityType: "coreFabric", entityId: "x" }])).toBe(false);
    expect(canReadChanges([{ entityType: "interface", entityId: "x" }])).toBe(false);
    expect(canReadChanges([{ entityType: "interface", entityId: "x", nodeId: "n" }])).toBe(true);
    const flood = Array.from({ length: MAX_TARGETED_CHANGES + 1 }, (_, i) => ({ entityType: "path", entityId: `p${i}` }));
    expect(canReadChanges(flood)).toBe(false);
    expect(canReadChanges(flood.slice(1))).toBe(true);
  });
});
