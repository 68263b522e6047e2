import { nodeLayout } from "../../../../_nodes/node-layout";

// msp/coreFabric/{fabricId}/coreNode/{nodeId} — the node layout of a core node: overview, monitor, configuration.
export default nodeLayout("msp/coreFabric/:fabricId/coreNode/:nodeId", "core");
