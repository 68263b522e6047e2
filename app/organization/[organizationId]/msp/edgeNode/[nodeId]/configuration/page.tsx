import { nodeConfigurationPage } from "../../../_nodes/node-pages";

// msp/edgeNode/{nodeId}/configuration — ?properties=true opens the properties panel.
export default nodeConfigurationPage("msp/edgeNode/:nodeId/configuration");
