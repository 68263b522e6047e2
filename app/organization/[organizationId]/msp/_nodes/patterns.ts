// The node pages of SPEC §2, shared by edge nodes (msp/edgeNode), CPE nodes (msp/cpeNode) and core nodes
// (msp/coreFabric/{fabricId}/coreNode): each route's page.tsx names its pattern and kind, the builders beside this
// file make it — one module per page, so a route ships only its own page's client code.

export type NodePattern = `msp/${"edgeNode" | "cpeNode"}/:nodeId${string}` | `msp/coreFabric/:fabricId/coreNode/:nodeId${string}`;
