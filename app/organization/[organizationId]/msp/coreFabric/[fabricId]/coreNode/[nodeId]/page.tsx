import { nodeOverviewPage } from "../../../../_nodes/overview-page";

// msp/coreFabric/{fabricId}/coreNode/{nodeId} — the core node's overview, its default page.
export default nodeOverviewPage("msp/coreFabric/:fabricId/coreNode/:nodeId");
