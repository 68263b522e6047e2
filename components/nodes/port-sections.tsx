"use client";

import { useTranslations } from "next-intl";
import { lazyComponent } from "@/components/common/lazy-component";
import { useRateFormat } from "@/components/dashboard/use-units";
import { ETHER_TYPE_LABELS } from "@/lib/nodes/ether-types";
import type { Interface, IpsecEndpoint, NodeDetail, Subinterface, SwitchPort } from "@/lib/nodes/schema";
import { subinterfaceNamer } from "./port-names";
import { PortSection } from "./port-section";

// The node configuration's port sections (SPEC §2/§3): interfaces, subinterfaces, IPsec endpoints and, on With Switch
// edge nodes, switch ports — each with the customer and site it serves.

// Their add and edit forms load when one opens (or is about to: hover or focus of its button).
const InterfaceForm = lazyComponent(() => import("./port-forms").then((module) => module.InterfaceForm));
const SubinterfaceForm = lazyComponent(() => import("./port-forms").then((module) => module.SubinterfaceForm));
const IpsecEndpointForm = lazyComponent(() => import("./port-forms").then((module) => module.IpsecEndpointForm));
const SwitchPortForm = lazyComponent(() => import("./port-forms").then((module) => module.SwitchPortForm));

export function InterfacesSection({ node, canWrite }: { node: NodeDetail; canWrite: boolean }) {
  const t = useTranslations("nodes.ports");
  return (
    <PortSection<Interface>
      nodeId={node.id}
      collection="interface"
      title={t("interfaces.title")}
      description={t("interfaces.description")}
      items={node.interfaces}
      label={(item) => item.portId}
      canWrite={canWrite}
      testId="interfaces"
      columns={[
        { key: "portId", label: t("portId"), cell: (item) => item.portId },
        { key: "type", label: t("type"), cell: (item) => t(`interfaceTypes.${item.type}`) },
        { key: "mtu", label: t("mtu"), cell: (item) => t("bytes", { value: item.mtu }), className: "tabular-nums" },
      ]}
      dialog={({ item, onClose }) => <InterfaceForm node={node} item={item} onClose={onClose} />}
      preloadDialog={InterfaceForm.preload}
    />
  );
}

export function SubinterfacesSection({ node, canWrite }: { node: NodeDetail; canWrite: boolean }) {
  const t = useTranslations("nodes.ports");
  const units = useRateFormat();
  const portOf = new Map(node.interfaces.map((item) => [item.id, item.portId]));
  const name = subinterfaceNamer(node);
  return (
    <PortSection<Subinterface>
      nodeId={node.id}
      collection="subinterface"
      title={t("subinterfaces.title")}
      description={t("subinterfaces.description")}
      items={node.subinterfaces}
      label={name}
      canWrite={canWrite}
      addBlocked={node.interfaces.length === 0 ? t("subinterfaces.needsInterface") : undefined}
      testId="subinterfaces"
      columns={[
        { key: "interface", label: t("interface"), cell: (item) => portOf.get(item.interfaceId) },
        { key: "type", label: t("type"), cell: (item) => t(`interfaceTypes.${item.type}`) },
        { key: "bandwidth", label: t("bandwidth"), cell: (item) => units.rate(item.bandwidth * 1e6), className: "tabular-nums" },
        { key: "gateway", label: t("gateway"), cell: (item) => <span className="font-mono">{item.gateway ?? "—"}</span> },
        { key: "prefix", label: t("ipPrefix"), cell: (item) => <span className="font-mono">{item.ipPrefix ?? "—"}</span> },
        { key: "vlan", label: t("outerVlan"), cell: (item) => item.outerVlan ?? "—", className: "tabular-nums" },
        { key: "etherType", label: t("etherType"), cell: (item) => <span className="font-mono">{ETHER_TYPE_LABELS[item.etherType]}</span> },
      ]}
      dialog={({ item, onClose }) => <SubinterfaceForm node={node} item={item} onClose={onClose} />}
      preloadDialog={SubinterfaceForm.preload}
    />
  );
}

export function IpsecEndpointsSection({ node, canWrite }: { node: NodeDetail; canWrite: boolean }) {
  const t = useTranslations("nodes.ports");
  return (
    <PortSection<IpsecEndpoint>
      nodeId={node.id}
      collection="ipsecEndpoint"
      title={t("ipsecEndpoints.title")}
      description={t("ipsecEndpoints.description")}
      items={node.ipsecEndpoints}
      label={(item) => item.publicIp}
      canWrite={canWrite}
      testId="ipsec-endpoints"
      columns={[{ key: "publicIp", label: t("publicIp"), cell: (item) => item.publicIp }]}
      dialog={({ item, onClose }) => <IpsecEndpointForm node={node} item={item} onClose={onClose} />}
      preloadDialog={IpsecEndpointForm.preload}
    />
  );
}

export function SwitchPortsSection({ node, canWrite }: { node: NodeDetail; canWrite: boolean }) {
  const t = useTranslations("nodes.ports");
  const tu = useTranslations("units");
  return (
    <PortSection<SwitchPort>
      nodeId={node.id}
      collection="switchPort"
      title={t("switchPorts.title")}
      description={t("switchPorts.description")}
      items={node.switchPorts}
      label={(item) => t("switchPorts.name", { index: item.index })}
      canWrite={canWrite}
      testId="switch-ports"
      columns={[
        { key: "index", label: t("index"), cell: (item) => item.index, className: "tabular-nums" },
        { key: "bandwidth", label: t("bandwidthGbps"), cell: (item) => tu("gbps", { value: item.bandwidthGbps }), className: "tabular-nums" },
      ]}
      dialog={({ item, onClose }) => <SwitchPortForm node={node} item={item} onClose={onClose} />}
      preloadDialog={SwitchPortForm.preload}
    />
  );
}
