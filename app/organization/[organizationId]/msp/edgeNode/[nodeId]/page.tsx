import { nodeOverviewPage } from "../../_nodes/overview-page";

// msp/edgeNode/{nodeId} — the node's overview, its default page.
export default nodeOverviewPage("msp/edgeNode/:nodeId");
