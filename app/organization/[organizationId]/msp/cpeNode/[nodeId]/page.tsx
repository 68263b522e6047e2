import { nodeOverviewPage } from "../../_nodes/node-pages";

// msp/cpeNode/{nodeId} — the node's overview, its default page.
export default nodeOverviewPage("msp/cpeNode/:nodeId");
