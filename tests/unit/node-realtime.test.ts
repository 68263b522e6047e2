import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { nodeKeys } from "@/lib/nodes/queries";
import { nodeListRefetches, nodeRefetches } from "@/lib/nodes/realtime";
import type { RealtimeEvent } from "@/lib/realtime-client";
import { telemetryKeys } from "@/lib/telemetry/queries";

const entity = (action: "created" | "updated" | "deleted", data: { entityType: string; entityId: string; nodeId?: string }) =>
  ({ service: "topology", action, data }) as RealtimeEvent<"topology">;
const health = (data: Record<string, unknown>) => ({ service: "topology", action: "health", data: { organizationId: "msp", ...data } }) as RealtimeEvent<"topology">;

function withNode(links: string[] = []) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(nodeKeys.detail("n1"), { id: "n1", links: links.map((id) => ({ id })) });
  return queryClient;
}

describe("node realtime effects", () => {
  it("refetch a node's pages for its own configuration news, not another node's", () => {
    const queryClient = withNode();
    const refetch = nodeRefetches("n1");
    expect(refetch(entity("updated", { entityType: "interface", entityId: "i1", nodeId: "n1" }), queryClient)).toEqual([
      { queryKey: nodeKeys.node("n1") },
      { queryKey: telemetryKeys.object("node", "n1") },
    ]);
    expect(refetch(entity("updated", { entityType: "interface", entityId: "i2", nodeId: "n2" }), queryClient)).toEqual([]);
    expect(refetch(entity("updated", { entityType: "site", entityId: "s1" }), queryClient)).toEqual([]);
  });

  it("refetch the far end of a link, which the link's news does not name", () => {
    const queryClient = withNode(["l1"]);
    const refetch = nodeRefetches("n1");
    expect(refetch(entity("updated", { entityType: "link", entityId: "l1", nodeId: "n9" }), queryClient)).toHaveLength(2);
    expect(refetch(entity("created", { entityType: "link", entityId: "l2", nodeId: "n9" }), queryClient)).toEqual([{ queryKey: nodeKeys.detail("n1") }]);
  });

  it("refetch status and front panel for health news about the node's ports, device or links only", () => {
    const queryClient = withNode(["l1"]);
    const refetch = nodeRefetches("n1");
    const expected = [{ queryKey: nodeKeys.status("n1") }, { queryKey: telemetryKeys.object("node", "n1") }];
    expect(refetch(health({ ports: [{ nodeId: "n1", portId: "ge-0/0/1", status: "down" }] }), queryClient)).toEqual(expected);
    expect(refetch(health({ links: [{ id: "l1", status: "down" }] }), queryClient)).toEqual(expected);
    expect(refetch(health({ devices: [{ id: "d1", nodeId: "n1", reachable: false }] }), queryClient)).toEqual(expected);
    expect(refetch(health({ ports: [{ nodeId: "n2", portId: "1", status: "down" }], links: [{ id: "l7", status: "up" }] }), queryClient)).toEqual([]);
  });

  it("refetch the lists for node news and health, not for sites", () => {
    expect(nodeListRefetches(entity("created", { entityType: "node", entityId: "n3" }))).toEqual([{ queryKey: nodeKeys.lists() }]);
    expect(nodeListRefetches(health({}))).toEqual([{ queryKey: nodeKeys.lists() }]);
    expect(nodeListRefetches(entity("created", { entityType: "site", entityId: "s1" }))).toEqual([]);
  });
});
