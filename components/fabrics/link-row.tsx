"use client";

import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { NumberField, SelectField, TextField } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { SelectItem } from "@/components/ui/select";
import type { CoreFabricMember } from "@/lib/fabrics/schema";
import { LINK_TYPES, type LinkType } from "@/lib/links/schema";
import { cn } from "@/lib/utils";
import { endsOf } from "./link-ends";
import type { LinkEditorValues } from "./link-rows";
import { UplinkEndFields } from "./uplink-end";
import { VlanField } from "./vlan-field";

const ENDS = ["source", "destination"] as const;
type End = (typeof ENDS)[number];

interface LinkRowProps {
  form: UseFormReturn<LinkEditorValues, unknown, unknown>;
  index: number;
  nodes: CoreFabricMember[];
  /** An edge node's uplink: its source is one of the MSP's edge nodes, its destination a core node of the fabric. */
  uplink?: boolean;
  onRemove: () => void;
}

/** One end of a link: its core node, the interface or IPsec endpoint on it (by the link's type), its VLAN. */
function LinkEndFields({ form, index, nodes, end, type }: Omit<LinkRowProps, "onRemove" | "uplink"> & { end: End; type: LinkType }) {
  const t = useTranslations("fabrics.editor");
  const row = `links.${index}` as const;
  const other = end === "source" ? "destination" : "source";
  const [nodeId, otherNodeId] = useWatch({ control: form.control, name: [`${row}.${end}NodeId`, `${row}.${other}NodeId`] });
  const node = nodes.find((candidate) => candidate.id === nodeId);
  const ends = endsOf(node, type);
  const portField = type === "fiber" ? (`${row}.${end}InterfaceId` as const) : (`${row}.${end}IpsecEndpointId` as const);
  const revalidate = form.formState.submitCount > 0;
  const chooseNode = () => {
    // Another node: its ports are not the old node's.
    form.setValue(`${row}.${end}InterfaceId`, null, { shouldDirty: true });
    form.setValue(`${row}.${end}IpsecEndpointId`, null, { shouldDirty: true });
    const [source, destination, name] = form.getValues([`${row}.sourceNodeId`, `${row}.destinationNodeId`, `${row}.name`]);
    const names = [source, destination].map((id) => nodes.find((candidate) => candidate.id === id)?.name);
    if (!name && names[0] && names[1]) form.setValue(`${row}.name`, `${names[0]} ⇄ ${names[1]}`, { shouldDirty: true, shouldValidate: revalidate });
    if (revalidate) void form.trigger(`${row}.${other}NodeId`);
  };
  return (
    <fieldset className="grid min-w-0 items-start gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.6fr)_minmax(0,1fr)]" data-testid={`link-${end}`}>
      <legend className="mb-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">{t(end)}</legend>
      <SelectField
        control={form.control}
        name={`${row}.${end}NodeId`}
        label={t("node")}
        placeholder={t("chooseNode")}
        testId={`link-${end}-node`}
        triggerClassName="min-w-0"
        touchOnBlur
        onValueChange={chooseNode}
      >
        {nodes
          .filter((candidate) => candidate.id !== otherNodeId)
          .map((candidate) => (
            <SelectItem key={candidate.id} value={candidate.id}>
              {candidate.name}
            </SelectItem>
          ))}
      </SelectField>
      <SelectField
        key={portField}
        control={form.control}
        name={portField}
        label={type === "fiber" ? t("interface") : t("ipsecEndpoint")}
        placeholder={!node ? "—" : ends.length === 0 ? t(type === "fiber" ? "noInterfaces" : "noIpsecEndpoints") : t("choosePort")}
        disabled={!node || ends.length === 0}
        testId={`link-${end}-port`}
        triggerClassName="min-w-0 font-mono"
      >
        {ends.map((port) => (
          <SelectItem key={port.id} value={port.id} className="font-mono">
            {port.label}
          </SelectItem>
        ))}
      </SelectField>
      <VlanField form={form} name={`${row}.${end}Vlan`} testId={`link-${end}-vlan`} />
    </fieldset>
  );
}

/** A row of the link editor: the link's name, type and figures, then its two ends. Its messages are on its own fields. */
export function LinkRow({ form, index, nodes, uplink = false, onRemove }: LinkRowProps) {
  const t = useTranslations("fabrics");
  const row = `links.${index}` as const;
  const type = (useWatch({ control: form.control, name: `${row}.type` }) ?? "fiber") as LinkType;
  const invalid = Boolean(form.formState.errors.links?.[index]);
  const chooseType = () => {
    for (const end of ENDS) {
      form.setValue(`${row}.${end}InterfaceId`, null, { shouldDirty: true });
      form.setValue(`${row}.${end}IpsecEndpointId`, null, { shouldDirty: true });
    }
  };
  return (
    <li
      className={cn("flex flex-col gap-3 rounded-md border bg-card p-3", invalid && "border-destructive/60 ring-1 ring-destructive/30")}
      data-testid="link-row"
      data-invalid={invalid || undefined}
      data-uplink={uplink || undefined}
      aria-label={t(uplink ? "editor.uplinkLabel" : "editor.rowLabel", { number: index + 1 })}
    >
      <div className="grid min-w-0 grid-cols-2 items-start gap-3 sm:grid-cols-[minmax(0,2.4fr)_minmax(0,1.2fr)_minmax(0,1.6fr)_minmax(0,0.8fr)_minmax(0,1.5fr)_auto]">
        <div className="col-span-2 sm:col-span-1">
          <TextField control={form.control} name={`${row}.name`} label={t("fields.name")} testId="link-name" />
        </div>
        <SelectField control={form.control} name={`${row}.type`} label={t("fields.type")} testId="link-type" onValueChange={chooseType}>
          {LINK_TYPES.map((each) => (
            <SelectItem key={each} value={each}>
              {t(`linkTypes.${each}`)}
            </SelectItem>
          ))}
        </SelectField>
        <NumberField control={form.control} name={`${row}.bandwidth`} label={t("fields.bandwidth")} unit={t("units.mbps")} testId="link-bandwidth" />
        <NumberField control={form.control} name={`${row}.cost`} label={t("fields.cost")} testId="link-cost" />
        <NumberField control={form.control} name={`${row}.mtu`} label={t("fields.mtu")} unit={t("units.bytes")} testId="link-mtu" />
        <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-5.5">
          <Button type="button" variant="ghost" size="icon" className="text-muted-foreground hover:text-destructive" onClick={onRemove} data-testid="link-remove" aria-label={t("editor.remove", { number: index + 1 })} title={t("editor.remove", { number: index + 1 })}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        {ENDS.map((end) =>
          uplink && end === "source" ? (
            <UplinkEndFields key={end} form={form} index={index} nodes={nodes} type={type} />
          ) : (
            <LinkEndFields key={end} form={form} index={index} nodes={nodes} end={end} type={type} />
          ),
        )}
      </div>
    </li>
  );
}
