import { nodeConfigurationPage } from "../../../../../_nodes/node-pages";

// msp/coreFabric/{fabricId}/coreNode/{nodeId}/configuration — ?properties=true opens the properties panel.
export default nodeConfigurationPage("msp/coreFabric/:fabricId/coreNode/:nodeId/configuration");
