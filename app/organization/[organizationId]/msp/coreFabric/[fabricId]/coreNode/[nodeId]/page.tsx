import { nodeOverviewPage } from "../../../../_nodes/node-pages";

// msp/coreFabric/{fabricId}/coreNode/{nodeId} — the core node's overview, its default page.
export default nodeOverviewPage("msp/coreFabric/:fabricId/coreNode/:nodeId");
