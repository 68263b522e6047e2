import { nodeMonitorPage } from "../../../../../_nodes/monitor-page";

// msp/coreFabric/{fabricId}/coreNode/{nodeId}/monitor — front panel, port traffic, device, connected sites; live.
export default nodeMonitorPage("msp/coreFabric/:fabricId/coreNode/:nodeId/monitor");
