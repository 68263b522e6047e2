"use client";

import { useQuery } from "@tanstack/react-query";
import { useConsole } from "@/components/shell/use-console";
import { customerOrganizationsQueryOptions } from "@/lib/organizations/queries";
import { connectedSitesQueryOptions } from "@/lib/telemetry/queries";

/** The names of the customers and sites a node's ports serve: the MSP's customers and the node's connected sites. */
export function usePortTenantNames(nodeId: string) {
  const { organization } = useConsole();
  const customers = useQuery(customerOrganizationsQueryOptions(organization.id));
  const sites = useQuery(connectedSitesQueryOptions(nodeId));
  const customerNames = new Map((customers.data ?? []).map((customer) => [customer.id, customer.name]));
  const siteNames = new Map((sites.data?.items ?? []).map((site) => [site.siteId, site.name]));
  return {
    customer: (id: string | null) => (id ? (customerNames.get(id) ?? null) : null),
    site: (id: string | null) => (id ? (siteNames.get(id) ?? null) : null),
  };
}

/** A subinterface's name on its node: its interface's port, with ".{outer VLAN}" when it has one (ge-0/0/1.100). */
export function subinterfaceNamer(node: { interfaces: readonly { id: string; portId: string }[] }) {
  const portOf = new Map(node.interfaces.map((item) => [item.id, item.portId]));
  return (item: { interfaceId: string; outerVlan: number | null }) =>
    item.outerVlan === null ? (portOf.get(item.interfaceId) ?? "") : `${portOf.get(item.interfaceId) ?? ""}.${item.outerVlan}`;
}
