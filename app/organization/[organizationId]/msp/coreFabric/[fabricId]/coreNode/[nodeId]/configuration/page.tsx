import { nodeConfigurationPage } from "../../../../../_nodes/configuration-page";

// msp/coreFabric/{fabricId}/coreNode/{nodeId}/configuration — ?properties=true opens the properties panel.
export default nodeConfigurationPage("msp/coreFabric/:fabricId/coreNode/:nodeId/configuration");
