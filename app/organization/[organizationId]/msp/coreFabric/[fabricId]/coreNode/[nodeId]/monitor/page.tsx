import { nodeMonitorPage } from "../../../../../_nodes/node-pages";

// msp/coreFabric/{fabricId}/coreNode/{nodeId}/monitor — front panel, port traffic, device, connected sites; live.
export default nodeMonitorPage("msp/coreFabric/:fabricId/coreNode/:nodeId/monitor");
