import { notFound } from "next/navigation";
import { CoreFabricPage } from "@/components/fabrics/core-fabric-page";
import { coreFabricLinkHealthQueryOptions, coreFabricQueryOptions } from "@/lib/fabrics/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/coreFabric/{fabricId} — the fabric's core nodes, links with their health, and the link editor; not found when
// the fabric is not one of this MSP's.
export default consolePage("msp/coreFabric/:fabricId", async ({ organization, params, require, prefetch }) => {
  const [fabric] = await Promise.all([require(coreFabricQueryOptions(params.fabricId)), prefetch(coreFabricLinkHealthQueryOptions(params.fabricId))]);
  if (fabric.organizationId !== organization.id) notFound();
  return <CoreFabricPage fabricId={params.fabricId} />;
});
