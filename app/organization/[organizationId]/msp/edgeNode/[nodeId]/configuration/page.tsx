import { nodeConfigurationPage } from "../../../_nodes/configuration-page";

// msp/edgeNode/{nodeId}/configuration — ?properties=true opens the properties panel.
export default nodeConfigurationPage("msp/edgeNode/:nodeId/configuration");
