import { nodeConfigurationPage } from "../../../_nodes/node-pages";

// msp/cpeNode/{nodeId}/configuration — ?properties=true opens the properties panel.
export default nodeConfigurationPage("msp/cpeNode/:nodeId/configuration");
