import { nodeListPage } from "../_nodes/list-page";

// msp/edgeNode — the MSP's edge nodes: name, type, location, device, health; filter, create, delete.
export default nodeListPage("msp/edgeNode", "edge");
