import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { devices } from "@/server/db/schema";
import { call, signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, createEdge, createEndpoint, createInterface, createLink, created, fiberLink, fiberNode, mspPath, NORTHWIND, NW_ADMIN, NW_READONLY } from "./node-fixtures";
import { buildMspNetwork, ingest } from "./telemetry-fixtures";

// The node pages' summaries: each listed node's health, a node's status with its open alarms, and what deleting a
// node removes.

const iso = (ms: number) => new Date(ms).toISOString();

async function listed(name: string, email = NW_ADMIN) {
  const response = await call("GET", `${await mspPath(NORTHWIND, "node")}?search=${encodeURIComponent(name)}`, { cookie: await signIn(email) });
  expect(response.status).toBe(200);
  return response.body.items[0];
}

describe("node health", () => {
  it("is unknown without a device, bad while the device is silent, warning with a link or port down, healthy otherwise", async () => {
    const bare = await createEdge();
    expect(await listed(bare.name)).toMatchObject({ id: bare.id, health: "unknown", deviceReachable: null });

    const network = await buildMspNetwork(NORTHWIND);
    // Assigned but never reported: silent.
    expect(await listed(network.edge.name)).toMatchObject({ health: "bad", deviceReachable: false, deviceSerialNumber: network.device.serialNumber });

    const now = Date.now();
    const device = { kind: "device", time: iso(now - 5_000), uptimeSeconds: 60, softwareVersion: "24.4.0", cpuPercent: 10, memoryPercent: 20 };
    expect((await ingest(network.token, [device, { kind: "port", time: iso(now - 5_000), portId: "ge-0/0/1", status: "up", rxBps: 1, txBps: 1 }])).body.rejected).toBe(0);
    expect(await listed(network.edge.name)).toMatchObject({ health: "healthy", deviceReachable: true });

    const linkDown = { kind: "link", time: iso(now - 4_000), linkId: network.link.id, status: "down", latencyMs: null, lossPercent: null, rxBps: 0, txBps: 0 };
    expect((await ingest(network.token, [linkDown])).body.rejected).toBe(0);
    expect(await listed(network.edge.name)).toMatchObject({ health: "warning" });

    const status = await call("GET", `/config/node/${network.edge.id}/status`, { cookie: await signIn(NW_READONLY) });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ nodeId: network.edge.id, health: "warning", deviceReachable: true, linksDown: 1, portsDown: 0 });
    // The link-down alarm the ingestion raised is one of the node's open alarms.
    expect(status.body.openAlarmCount).toBeGreaterThanOrEqual(1);
    expect(status.body.openAlarms.map((alarm: { type: string }) => alarm.type)).toContain("link-down");
    // The far end of the link sees it as well, but not the alarm of another node's port.
    const far = await call("GET", `/config/node/${network.core.id}/status`, { cookie: await signIn(NW_ADMIN) });
    expect(far.body).toMatchObject({ health: "unknown", linksDown: 1 });
  });

  it("answers another MSP and customers 404, like a missing node", async () => {
    const node = await createEdge();
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      for (const view of ["status", "deletion"]) {
        const response = await call("GET", `/config/node/${node.id}/${view}`, { cookie: await signIn(email) });
        expect(response.status, `${email} ${view}`).toBe(404);
        expect(response.body.error).toBe("Not found");
      }
    }
    const missing = await call("GET", "/config/node/00000000-0000-4000-8000-000000000000/status", { cookie: await signIn(NW_ADMIN) });
    expect(missing.status).toBe(404);
  });
});

describe("GET /config/node/{nodeId}/deletion", () => {
  it("says what deleting the node removes: ports, links with their far ends, the device", async () => {
    const node = await createEdge("with-switch");
    const uplink = await createInterface(node.id, "xe-0/0/1");
    const access = await createInterface(node.id, "ge-0/0/2", { type: "access" });
    await created(`/config/node/${node.id}/subinterface`, { interfaceId: access.id, type: "access", bandwidth: 100, outerVlan: 30 });
    await createEndpoint(node.id, "198.51.100.7");
    await created(`/config/node/${node.id}/switch-port`, { index: 1, bandwidthGbps: 10 });
    const peer = await fiberNode();
    const link = await createLink(fiberLink("deletion-link", { node, port: uplink }, peer));
    const db = await getDb();
    await db.insert(devices).values({ serialNumber: `SN-DEL-${node.id.slice(0, 6)}`, claimCodeHash: "x", nodeId: node.id, mspOrganizationId: node.organizationId });

    const response = await call("GET", `/config/node/${node.id}/deletion`, { cookie: await signIn(NW_READONLY) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      nodeId: node.id,
      interfaces: 2,
      subinterfaces: 1,
      ipsecEndpoints: 1,
      switchPorts: 1,
      links: [{ id: link.id, name: "deletion-link", farEndNodeName: peer.node.name }],
      deviceSerialNumber: `SN-DEL-${node.id.slice(0, 6)}`,
      servedConnectors: [],
    });
    // And the delete does what it said.
    expect((await call("DELETE", `/config/node/${node.id}`, { cookie: await signIn(NW_ADMIN) })).status).toBe(204);
    expect((await call("GET", `/config/link/${link.id}`, { cookie: await signIn(NW_ADMIN) })).status).toBe(404);
  });
});
