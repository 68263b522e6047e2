import { nodeMonitorPage } from "../../../_nodes/monitor-page";

// msp/cpeNode/{nodeId}/monitor — front panel, port traffic, device, connected sites; live over /ws.
export default nodeMonitorPage("msp/cpeNode/:nodeId/monitor");
