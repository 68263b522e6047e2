import { notFound } from "next/navigation";
import { ExternalFabricPage } from "@/components/fabrics/external-fabric-page";
import { externalFabricQueryOptions } from "@/lib/fabrics/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/externalFabric/{fabricId} — one Equinix account (its secret never leaves the server); not found when it is not
// one of this MSP's.
export default consolePage("msp/externalFabric/:fabricId", async ({ organization, params, require }) => {
  const fabric = await require(externalFabricQueryOptions(params.fabricId));
  if (fabric.organizationId !== organization.id) notFound();
  return <ExternalFabricPage fabricId={params.fabricId} />;
});
