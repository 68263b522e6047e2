import { nodeLayout } from "../../_nodes/node-layout";

// msp/cpeNode/{nodeId} — the node layout: overview, monitor, link and configuration.
export default nodeLayout("msp/cpeNode/:nodeId", "cpe");
