"use client";

import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { NumberField, SelectField, TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { Input } from "@/components/ui/input";
import { SelectItem } from "@/components/ui/select";
import { useSaveLink } from "@/lib/links/queries";
import { touchesPaths, useLinkChangeConfirmation } from "./link-change-confirmation";
import {
  DEFAULT_LINK_COST,
  DEFAULT_LINK_MTU,
  LINK_TYPES,
  linkCreateSchema,
  type Link,
  linkCreateFields,
  type LinkCreate,
  type LinkCreateInput,
  type LinkType,
} from "@/lib/links/schema";
import { nodePickerQueryOptions, nodeQueryOptions } from "@/lib/nodes/queries";

type LinkForm = UseFormReturn<LinkCreateInput, unknown, LinkCreate>;

function linkFormValues(sourceNodeId: string, link?: Link): LinkCreateInput {
  if (!link) {
    return {
      name: "",
      type: "fiber",
      bandwidth: undefined as never,
      cost: DEFAULT_LINK_COST,
      mtu: DEFAULT_LINK_MTU,
      sourceNodeId,
      sourceInterfaceId: null,
      sourceIpsecEndpointId: null,
      sourceVlan: undefined,
      destinationNodeId: "",
      destinationInterfaceId: null,
      destinationIpsecEndpointId: null,
      destinationVlan: undefined,
    };
  }
  return linkCreateFields(link);
}

/** One end's port: an interface for a fiber link, an IPsec endpoint for an internet link (SPEC §5 link rules). */
function EndPort({ form, end, nodeId, type }: { form: LinkForm; end: "source" | "destination"; nodeId: string; type: LinkType }) {
  const t = useTranslations("links.form");
  const node = useQuery({ ...nodeQueryOptions(nodeId), enabled: Boolean(nodeId) });
  if (type === "fiber") {
    return (
      <SelectField
        control={form.control}
        name={`${end}InterfaceId`}
        label={t("interface")}
        testId={`link-${end}-interface`}
        placeholder={nodeId ? t("pickInterface") : t("pickNodeFirst")}
        disabled={!nodeId}
        touchOnBlur
      >
        {(node.data?.interfaces ?? []).map((item) => (
          <SelectItem key={item.id} value={item.id}>
            <span className="font-mono">{item.portId}</span>
          </SelectItem>
        ))}
      </SelectField>
    );
  }
  return (
    <SelectField
      control={form.control}
      name={`${end}IpsecEndpointId`}
      label={t("ipsecEndpoint")}
      testId={`link-${end}-endpoint`}
      placeholder={nodeId ? t("pickEndpoint") : t("pickNodeFirst")}
      disabled={!nodeId}
      touchOnBlur
    >
      {(node.data?.ipsecEndpoints ?? []).map((item) => (
        <SelectItem key={item.id} value={item.id}>
          <span className="font-mono">{item.publicIp}</span>
        </SelectItem>
      ))}
    </SelectField>
  );
}

/** The far end's node: searched among the MSP's nodes (they may be thousands), never the near end's. */
function DestinationNode({ form, mspId, sourceNodeId, knownName }: { form: LinkForm; mspId: string; sourceNodeId: string; knownName?: { id: string; name: string } }) {
  const t = useTranslations("links.form");
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 250);
  const nodes = useQuery({ ...nodePickerQueryOptions(mspId, debounced), placeholderData: (previous) => previous });
  const options = (nodes.data?.items ?? []).filter((node) => node.id !== sourceNodeId);
  if (knownName && !options.some((node) => node.id === knownName.id)) options.unshift({ id: knownName.id, name: knownName.name } as never);
  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t("searchNodes")} aria-label={t("searchNodes")} className="pl-8" data-testid="link-destination-search" />
      </div>
      <SelectField
        control={form.control}
        name="destinationNodeId"
        label={t("destinationNode")}
        testId="link-destination-node"
        placeholder={t("pickNode")}
        touchOnBlur
        contentClassName="max-h-72"
        onValueChange={() => {
          form.setValue("destinationInterfaceId", null);
          form.setValue("destinationIpsecEndpointId", null);
        }}
      >
        {options.map((node) => (
          <SelectItem key={node.id} value={node.id}>
            <span className="font-mono">{node.name}</span>
          </SelectItem>
        ))}
      </SelectField>
    </div>
  );
}

interface LinkDialogProps {
  mspId: string;
  /** The node the dialog is opened from: a new link starts there. */
  nodeId: string;
  nodeName: string;
  /** The link to edit; a new one when absent. */
  link?: Link;
  onClose: () => void;
}

/** Create or edit a link from a node (SPEC §3/§5): name, type, bandwidth, cost, MTU, the two ends and their VLANs. */
export function LinkDialog({ mspId, nodeId, nodeName, link, onClose }: LinkDialogProps) {
  const t = useTranslations();
  const save = useSaveLink(mspId);
  const form = useZodForm(linkCreateSchema, { defaultValues: linkFormValues(nodeId, link) }) as LinkForm;
  const type = useWatch({ control: form.control, name: "type" }) as LinkType;
  const sourceNodeId = useWatch({ control: form.control, name: "sourceNodeId" }) as string;
  const destinationNodeId = (useWatch({ control: form.control, name: "destinationNodeId" }) as string) ?? "";
  const sourceName = link ? link.sourceNodeName : nodeName;
  const change = useLinkChangeConfirmation(link);
  return (
    <MutationFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      mutation={formMutation((values: LinkCreate) => {
        const send = () => save.mutateAsync({ linkId: link?.id, body: values });
        return link && touchesPaths(link, values) ? change.confirm(send) : send();
      }, save)}
      guardUnsavedChanges
      onSuccess={(saved) => toast.success(t(link ? "links.saved" : "links.created", { name: saved.name }))}
      title={link ? t("links.editTitle", { name: link.name }) : t("links.addTitle", { node: nodeName })}
      description={t("links.description")}
      wide
      testId="link-dialog"
      mode={link ? "edit" : "create"}
      submitTestId="link-save"
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="name" label={t("links.form.name")} testId="link-name" mono />
        <SelectField
          control={form.control}
          name="type"
          label={t("links.form.type")}
          testId="link-type"
          onValueChange={() => {
            for (const field of ["sourceInterfaceId", "sourceIpsecEndpointId", "destinationInterfaceId", "destinationIpsecEndpointId"] as const) form.setValue(field, null);
          }}
        >
          {LINK_TYPES.map((option) => (
            <SelectItem key={option} value={option}>
              {t(`links.types.${option}`)}
            </SelectItem>
          ))}
        </SelectField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <NumberField control={form.control} name="bandwidth" label={t("links.form.bandwidth")} testId="link-bandwidth" unit={t("units.mbpsUnit")} />
        <NumberField control={form.control} name="cost" label={t("links.form.cost")} testId="link-cost" />
        <NumberField control={form.control} name="mtu" label={t("links.form.mtu")} testId="link-mtu" />
      </div>
      <div className="grid items-start gap-6 sm:grid-cols-2">
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t("links.form.source")}</legend>
          <p className="font-mono text-sm" data-testid="link-source-node">
            {sourceName}
          </p>
          <EndPort form={form} end="source" nodeId={sourceNodeId} type={type} />
          <NumberField control={form.control} name="sourceVlan" label={t("links.form.vlan")} description={t("links.form.vlanAuto")} testId="link-source-vlan" />
        </fieldset>
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t("links.form.destination")}</legend>
          <DestinationNode
            form={form}
            mspId={mspId}
            sourceNodeId={sourceNodeId}
            knownName={link ? { id: link.destinationNodeId, name: link.destinationNodeName } : undefined}
          />
          <EndPort form={form} end="destination" nodeId={destinationNodeId} type={type} />
          <NumberField control={form.control} name="destinationVlan" label={t("links.form.vlan")} description={t("links.form.vlanAuto")} testId="link-destination-vlan" />
        </fieldset>
      </div>
      {change.element}
    </MutationFormDialog>
  );
}
