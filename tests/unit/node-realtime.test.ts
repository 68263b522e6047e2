import { describe, expect, it } from "vitest";
import { alarmKeys, DEFAULT_ALARM_FILTER } from "@/lib/alarms/queries";
import { nodeKeys } from "@/lib/nodes/queries";
import { nodesRealtime } from "@/lib/nodes/realtime";
import { telemetryKeys } from "@/lib/telemetry/queries";
import { cacheOf, entity, health, pages, refetched, topology } from "./realtime-fixtures";

// The node pages over /ws: the nodes a message names, not every node.

/** Node n1's pages (detail holding `links`, status, front panel) and n2's, and a list showing n1 and a list showing n3. */
function withNodes(links: string[] = []) {
  return cacheOf([
    [nodeKeys.detail("n1"), { id: "n1", links: links.map((id) => ({ id })) }],
    [nodeKeys.status("n1"), { nodeId: "n1" }],
    [telemetryKeys.ports("n1"), { ports: [] }],
    [nodeKeys.detail("n2"), { id: "n2", links: [] }],
    [nodeKeys.list("msp", "edge"), pages([{ id: "n1" }])],
    [nodeKeys.list("msp", "core"), pages([{ id: "n3" }])],
  ]);
}
const nodes = (client: ReturnType<typeof withNodes>, event: Parameters<typeof refetched>[1]) => refetched(client, event, [nodesRealtime]);
const N1 = ["nodes/node/n1/detail", "nodes/node/n1/status", "telemetry/node/n1/ports"];

describe("node realtime effects", () => {
  it("refetch a node's pages and the lists showing it for its own configuration news, not another node's", () => {
    const client = withNodes();
    expect(nodes(client, topology("updated", { entityType: "interface", entityId: "i1", nodeId: "n1" }))).toEqual(["nodes/list/msp/edge/", ...N1]);
    expect(nodes(client, topology("updated", { entityType: "interface", entityId: "i2", nodeId: "n3" }))).toEqual(["nodes/list/msp/core/"]);
    expect(nodes(client, topology("updated", { entityType: "site", entityId: "s1" }))).toEqual([]);
  });

  it("refetch every list for a node created or renamed, and drop a deleted node's pages", () => {
    const client = withNodes();
    expect(nodes(client, topology("created", { entityType: "node", entityId: "n9" }))).toEqual(["nodes/list/msp/core/", "nodes/list/msp/edge/"]);
    expect(nodes(client, topology("deleted", { entityType: "node", entityId: "n1" }))).toEqual(["nodes/list/msp/edge/"]);
    expect(client.getQueryData(nodeKeys.detail("n1"))).toBeUndefined();
    expect(client.getQueryData(telemetryKeys.ports("n1"))).toBeUndefined();
    expect(client.getQueryData(nodeKeys.detail("n2"))).toBeDefined();
  });

  it("refetch the far end of a link, which the link's news does not name", () => {
    const client = withNodes(["l1"]);
    expect(nodes(client, topology("updated", { entityType: "link", entityId: "l1", nodeId: "n9" }))).toEqual(["nodes/list/msp/core/", "nodes/list/msp/edge/", ...N1]);
    expect(nodes(client, topology("created", { entityType: "link", entityId: "l2", nodeId: "n9" }))).toEqual([
      "nodes/list/msp/core/",
      "nodes/list/msp/edge/",
      "nodes/node/n1/detail",
      "nodes/node/n2/detail",
    ]);
  });

  it("refetch status, front panel and the lists showing the node for health news about its ports, device or links only", () => {
    const client = withNodes(["l1"]);
    const frontPanel = ["nodes/node/n1/status", "telemetry/node/n1/ports"];
    expect(nodes(client, health({ ports: [{ nodeId: "n1", portId: "ge-0/0/1", status: "down" }] }))).toEqual(["nodes/list/msp/edge/", ...frontPanel]);
    expect(nodes(client, health({ devices: [{ id: "d1", nodeId: "n1", reachable: false }] }))).toEqual(["nodes/list/msp/edge/", ...frontPanel]);
    // A link's ends are not named: every list may show one.
    expect(nodes(client, health({ links: [{ id: "l1", status: "down" }] }))).toEqual(["nodes/list/msp/core/", "nodes/list/msp/edge/", ...frontPanel]);
    expect(nodes(client, health({ ports: [{ nodeId: "n2", portId: "1", status: "down" }] }))).toEqual([]);
    // Paths' SLA is none of the node pages' business.
    expect(nodes(client, health({ paths: [{ id: "p1", slaHealth: "bad" }] }))).toEqual([]);
  });

  it("refetch a node's status (its open alarms) for an alarm about it", () => {
    const client = withNodes();
    client.setQueryData(alarmKeys.list(DEFAULT_ALARM_FILTER), pages([]));
    expect(nodes(client, entity("alarms", "raised", { entityType: "alarm", entityId: "a1", nodeId: "n1" }))).toEqual(["nodes/node/n1/status"]);
    expect(nodes(client, entity("alarms", "raised", { entityType: "alarm", entityId: "a2" }))).toEqual([]);
  });
});
