import { organizationPath } from "@/lib/routes";

// Where the fabric pages lead, relative to the MSP's console.

const segment = encodeURIComponent;

export const coreFabricsHref = (mspId: string) => organizationPath(mspId, "msp/coreFabric");
export const coreFabricHref = (mspId: string, fabricId: string) => organizationPath(mspId, `msp/coreFabric/${segment(fabricId)}`);
export const coreNodeHref = (mspId: string, fabricId: string, nodeId: string) =>
  organizationPath(mspId, `msp/coreFabric/${segment(fabricId)}/coreNode/${segment(nodeId)}`);
export const externalFabricsHref = (mspId: string) => organizationPath(mspId, "msp/externalFabric");
export const externalFabricHref = (mspId: string, fabricId: string) => organizationPath(mspId, `msp/externalFabric/${segment(fabricId)}`);
