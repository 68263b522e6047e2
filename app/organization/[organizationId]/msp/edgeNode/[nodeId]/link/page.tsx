import { nodeLinkPage } from "../../../_nodes/link-page";

// msp/edgeNode/{nodeId}/link — the node's links (far end, type, bandwidth, cost, status, health), live; create and edit.
export default nodeLinkPage("msp/edgeNode/:nodeId/link");
