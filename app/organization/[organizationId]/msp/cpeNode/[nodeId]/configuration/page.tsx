import { nodeConfigurationPage } from "../../../_nodes/configuration-page";

// msp/cpeNode/{nodeId}/configuration — ?properties=true opens the properties panel.
export default nodeConfigurationPage("msp/cpeNode/:nodeId/configuration");
