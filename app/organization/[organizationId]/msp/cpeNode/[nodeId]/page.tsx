import { nodeOverviewPage } from "../../_nodes/overview-page";

// msp/cpeNode/{nodeId} — the node's overview, its default page.
export default nodeOverviewPage("msp/cpeNode/:nodeId");
