import type { Link } from "@/lib/links/schema";
import type { NodeDetail } from "@/lib/nodes/schema";

/** A link seen from one of its nodes: the local port (interface or IPsec endpoint) and VLAN, the far node and VLAN. */
export function linkEnds(node: Pick<NodeDetail, "id" | "interfaces" | "ipsecEndpoints">, link: Link) {
  const local = link.sourceNodeId === node.id ? "source" : "destination";
  const far = local === "source" ? "destination" : "source";
  const interfaceId = link[`${local}InterfaceId`];
  const endpointId = link[`${local}IpsecEndpointId`];
  const localPort =
    (interfaceId && node.interfaces.find((item) => item.id === interfaceId)?.portId) ||
    (endpointId && node.ipsecEndpoints.find((item) => item.id === endpointId)?.publicIp) ||
    "—";
  const farNodeId = link[`${far}NodeId`];
  return {
    localPort,
    localVlan: link[`${local}Vlan`],
    farNodeId,
    farName: link[`${far}NodeName`],
    farVlan: link[`${far}Vlan`],
  };
}
