"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { NumberField, SelectField, TextField } from "@/components/forms/fields";
import { SelectItem } from "@/components/ui/select";
import {
  DEFAULT_MTU,
  ETHER_TYPE_LABELS,
  ETHER_TYPES,
  INTERFACE_TYPES,
  interfaceCreateSchema,
  ipsecEndpointCreateSchema,
  subinterfaceCreateSchema,
  switchPortCreateSchema,
  type Interface,
  type IpsecEndpoint,
  type NodeDetail,
  type Subinterface,
  type SwitchPort,
} from "@/lib/nodes/schema";
import { CustomerSiteFields } from "./customer-site-fields";
import { PortDialog } from "./port-dialog";
import { subinterfaceNamer } from "./port-names";

// The add and edit forms of a node's ports, loaded when one opens (the sections' tables render with the page, on the
// server too: components/nodes/port-sections.tsx).

interface PortFormProps<T> {
  node: NodeDetail;
  /** The item edited, or undefined for a new one. */
  item?: T;
  onClose: () => void;
}

const tenant = (item?: { customerOrganizationId: string | null; siteId: string | null }) => ({
  customerOrganizationId: item?.customerOrganizationId ?? null,
  siteId: item?.siteId ?? null,
});

function TypeSelect({ form, name, testId }: { form: UseFormReturn<FieldValues>; name: string; testId: string }) {
  const t = useTranslations("nodes.ports");
  return (
    <SelectField control={form.control} name={name} label={t("type")} testId={testId}>
      {INTERFACE_TYPES.map((type) => (
        <SelectItem key={type} value={type}>
          {t(`interfaceTypes.${type}`)}
        </SelectItem>
      ))}
    </SelectField>
  );
}

export function InterfaceForm({ node, item, onClose }: PortFormProps<Interface>) {
  const t = useTranslations("nodes.ports");
  return (
    <PortDialog
      nodeId={node.id}
      collection="interface"
      schema={interfaceCreateSchema}
      defaultValues={{ portId: item?.portId ?? "", type: item?.type ?? "access", mtu: item?.mtu ?? DEFAULT_MTU, ...tenant(item) }}
      editing={item && { id: item.id, name: item.portId }}
      title={item ? t("interfaces.editTitle", { name: item.portId }) : t("interfaces.addTitle")}
      description={t("interfaces.description")}
      nameOf={(values) => String(values.portId)}
      onClose={onClose}
      testId="interface-dialog"
      fields={(form) => (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <TextField control={form.control} name="portId" label={t("portId")} testId="interface-port-id" mono placeholder="ge-0/0/1" />
            <TypeSelect form={form} name="type" testId="interface-type" />
            <NumberField control={form.control} name="mtu" label={t("mtu")} testId="interface-mtu" unit={t("bytesUnit")} />
          </div>
          <CustomerSiteFields form={form} />
        </>
      )}
    />
  );
}

export function SubinterfaceForm({ node, item, onClose }: PortFormProps<Subinterface>) {
  const t = useTranslations("nodes.ports");
  const tu = useTranslations("units");
  const name = subinterfaceNamer(node);
  return (
    <PortDialog
      nodeId={node.id}
      collection="subinterface"
      schema={subinterfaceCreateSchema}
      defaultValues={{
        interfaceId: item?.interfaceId ?? node.interfaces[0]?.id ?? "",
        type: item?.type ?? "access",
        bandwidth: item?.bandwidth,
        gateway: item?.gateway ?? undefined,
        ipPrefix: item?.ipPrefix ?? undefined,
        outerVlan: item?.outerVlan ?? undefined,
        etherType: item?.etherType ?? "8021q",
        ...tenant(item),
      }}
      editing={item && { id: item.id, name: name(item) }}
      title={item ? t("subinterfaces.editTitle", { name: name(item) }) : t("subinterfaces.addTitle")}
      description={t("subinterfaces.description")}
      nameOf={(values) => name({ interfaceId: String(values.interfaceId), outerVlan: (values.outerVlan as number | null | undefined) ?? null })}
      onClose={onClose}
      testId="subinterface-dialog"
      fields={(form) => (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <SelectField control={form.control} name="interfaceId" label={t("interface")} testId="subinterface-interface">
              {node.interfaces.map((option) => (
                <SelectItem key={option.id} value={option.id}>
                  <span className="font-mono">{option.portId}</span>
                </SelectItem>
              ))}
            </SelectField>
            <TypeSelect form={form} name="type" testId="subinterface-type" />
            <NumberField control={form.control} name="bandwidth" label={t("bandwidth")} testId="subinterface-bandwidth" unit={tu("mbpsUnit")} />
            <NumberField control={form.control} name="outerVlan" label={t("outerVlan")} testId="subinterface-vlan" />
            <TextField control={form.control} name="gateway" label={t("gateway")} testId="subinterface-gateway" mono unsetWhenEmpty placeholder="10.0.0.1" />
            <TextField control={form.control} name="ipPrefix" label={t("ipPrefix")} testId="subinterface-prefix" mono unsetWhenEmpty placeholder="10.0.0.0/24" />
            <SelectField control={form.control} name="etherType" label={t("etherType")} testId="subinterface-ether-type">
              {ETHER_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  <span className="font-mono">{ETHER_TYPE_LABELS[type]}</span>
                </SelectItem>
              ))}
            </SelectField>
          </div>
          <CustomerSiteFields form={form} />
        </>
      )}
    />
  );
}

export function IpsecEndpointForm({ node, item, onClose }: PortFormProps<IpsecEndpoint>) {
  const t = useTranslations("nodes.ports");
  return (
    <PortDialog
      nodeId={node.id}
      collection="ipsecEndpoint"
      schema={ipsecEndpointCreateSchema}
      defaultValues={{ publicIp: item?.publicIp ?? "", ...tenant(item) }}
      editing={item && { id: item.id, name: item.publicIp }}
      title={item ? t("ipsecEndpoints.editTitle", { name: item.publicIp }) : t("ipsecEndpoints.addTitle")}
      description={t("ipsecEndpoints.description")}
      nameOf={(values) => String(values.publicIp)}
      onClose={onClose}
      testId="ipsec-endpoint-dialog"
      fields={(form) => (
        <>
          <TextField control={form.control} name="publicIp" label={t("publicIp")} testId="ipsec-public-ip" mono placeholder="203.0.113.10" />
          <CustomerSiteFields form={form} />
        </>
      )}
    />
  );
}

export function SwitchPortForm({ node, item, onClose }: PortFormProps<SwitchPort>) {
  const t = useTranslations("nodes.ports");
  const tv = useTranslations("validation");
  return (
    <PortDialog
      nodeId={node.id}
      collection="switchPort"
      schema={switchPortCreateSchema}
      defaultValues={{ index: item?.index, bandwidthGbps: item?.bandwidthGbps, ...tenant(item) }}
      editing={item && { id: item.id, name: t("switchPorts.name", { index: item.index }) }}
      title={item ? t("switchPorts.editTitle", { index: item.index }) : t("switchPorts.addTitle")}
      description={t("switchPorts.description")}
      failureTitle={tv("portSaveFailed")}
      nameOf={(values) => t("switchPorts.name", { index: String(values.index) })}
      onClose={onClose}
      testId="switch-port-dialog"
      fields={(form) => (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField control={form.control} name="index" label={t("index")} testId="switch-port-index" />
            <NumberField control={form.control} name="bandwidthGbps" label={t("bandwidthGbps")} testId="switch-port-bandwidth" unit={t("gbpsUnit")} />
          </div>
          <CustomerSiteFields form={form} />
        </>
      )}
    />
  );
}
