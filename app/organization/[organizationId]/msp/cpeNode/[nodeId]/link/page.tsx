import { nodeLinkPage } from "../../../_nodes/link-page";

// msp/cpeNode/{nodeId}/link — the node's links (far end, type, bandwidth, cost, status, health), live; create and edit.
export default nodeLinkPage("msp/cpeNode/:nodeId/link");
