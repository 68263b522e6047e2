import type { Link } from "@/lib/links/schema";
import type { CoreFabricDetail, CoreFabricMember } from "@/lib/fabrics/schema";

// The names a fabric's links show at each end: the node, and the interface (port ID) or IPsec endpoint (public IP).

/** Port ID of each interface and public IP of each IPsec endpoint of the fabric's core nodes and uplinks' far ends, by id. */
export function portNames(fabric: CoreFabricDetail): Map<string, string> {
  const names = new Map<string, string>(Object.entries(fabric.uplinkPorts));
  for (const node of fabric.nodes) {
    for (const port of node.interfaces) names.set(port.id, port.portId);
    for (const endpoint of node.ipsecEndpoints) names.set(endpoint.id, endpoint.publicIp);
  }
  return names;
}

export interface LinkEnd {
  nodeId: string;
  nodeName: string;
  port: string | null;
  vlan: number;
}

export function linkEnds(link: Link, ports: Map<string, string>): [LinkEnd, LinkEnd] {
  const portOf = (interfaceId: string | null, endpointId: string | null) => ports.get(interfaceId ?? endpointId ?? "") ?? null;
  return [
    { nodeId: link.sourceNodeId, nodeName: link.sourceNodeName, port: portOf(link.sourceInterfaceId, link.sourceIpsecEndpointId), vlan: link.sourceVlan },
    {
      nodeId: link.destinationNodeId,
      nodeName: link.destinationNodeName,
      port: portOf(link.destinationInterfaceId, link.destinationIpsecEndpointId),
      vlan: link.destinationVlan,
    },
  ];
}

/** The ends a link of this type may use on a node: interfaces for fiber, IPsec endpoints for internet. */
export function endsOf(node: CoreFabricMember | undefined, type: Link["type"]): { id: string; label: string }[] {
  if (!node) return [];
  return type === "fiber"
    ? node.interfaces.map((port) => ({ id: port.id, label: port.portId }))
    : node.ipsecEndpoints.map((endpoint) => ({ id: endpoint.id, label: endpoint.publicIp }));
}
