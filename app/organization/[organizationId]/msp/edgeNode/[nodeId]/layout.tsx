import { nodeLayout } from "../../_nodes/node-layout";

// msp/edgeNode/{nodeId} — the node layout: overview, monitor, link and configuration.
export default nodeLayout("msp/edgeNode/:nodeId", "edge");
