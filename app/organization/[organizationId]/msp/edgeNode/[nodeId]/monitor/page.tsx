import { nodeMonitorPage } from "../../../_nodes/monitor-page";

// msp/edgeNode/{nodeId}/monitor — front panel, port traffic, device, connected sites; live over /ws.
export default nodeMonitorPage("msp/edgeNode/:nodeId/monitor");
