import { nodeListPage } from "../_nodes/list-page";

// msp/cpeNode — the MSP's CPE nodes: name, type, location, device, health; filter, create, delete.
export default nodeListPage("msp/cpeNode", "cpe");
