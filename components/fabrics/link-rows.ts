import type { z } from "zod";
import type { fabricLinksFormSchema, FabricLinksReplace } from "@/lib/fabrics/schema";
import { DEFAULT_LINK_COST, DEFAULT_LINK_MTU, linkCreateFields, type Link } from "@/lib/links/schema";

// The link editor's rows: a saved link as a row, a new row, and the rows as the PUT body (SPEC §3: a VLAN left
// empty is auto-assigned — sent as null, which also reassigns an existing link's).

export type LinkEditorValues = z.input<ReturnType<typeof fabricLinksFormSchema>>;
export type LinkEditorOutput = z.output<ReturnType<typeof fabricLinksFormSchema>>;
type Row = LinkEditorValues["links"][number];

/** A new link's usual figures: 10 Gbps, the default cost and MTU. */
export const NEW_LINK_BANDWIDTH_MBPS = 10_000;

export function rowOf(link: Link): Row {
  return { id: link.id, ...linkCreateFields(link) };
}

export function newRow(): Row {
  return {
    name: "",
    type: "fiber",
    bandwidth: NEW_LINK_BANDWIDTH_MBPS,
    cost: DEFAULT_LINK_COST,
    mtu: DEFAULT_LINK_MTU,
    sourceNodeId: "",
    sourceInterfaceId: null,
    sourceIpsecEndpointId: null,
    sourceVlan: null,
    destinationNodeId: "",
    destinationInterfaceId: null,
    destinationIpsecEndpointId: null,
    destinationVlan: null,
  };
}

const idOrNull = (value: string | null | undefined) => (value ? value : null);

/** The checked rows as the API takes them: unused ends null, empty VLANs null (auto-assigned). */
export function linksBody(values: LinkEditorOutput): FabricLinksReplace {
  return {
    links: values.links.map((row) => ({
      ...row,
      sourceInterfaceId: idOrNull(row.sourceInterfaceId),
      sourceIpsecEndpointId: idOrNull(row.sourceIpsecEndpointId),
      sourceVlan: row.sourceVlan ?? null,
      destinationInterfaceId: idOrNull(row.destinationInterfaceId),
      destinationIpsecEndpointId: idOrNull(row.destinationIpsecEndpointId),
      destinationVlan: row.destinationVlan ?? null,
    })),
  };
}
