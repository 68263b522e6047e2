"use client";

import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { SelectField } from "@/components/forms/fields";
import { useConsole } from "@/components/shell/use-console";
import { Input } from "@/components/ui/input";
import { SelectItem } from "@/components/ui/select";
import type { CoreFabricMember } from "@/lib/fabrics/schema";
import type { LinkType } from "@/lib/links/schema";
import { nodePickerQueryOptions, nodeQueryOptions } from "@/lib/nodes/queries";
import type { LinkEditorValues } from "./link-rows";
import { VlanField } from "./vlan-field";

interface UplinkEndProps {
  form: UseFormReturn<LinkEditorValues, unknown, unknown>;
  index: number;
  /** The fabric's core nodes: the uplink's other end, named in the row's default name. */
  nodes: CoreFabricMember[];
  type: LinkType;
}

/**
 * The source end of an edge uplink row: one of the MSP's edge nodes (searched — an MSP may have thousands), the
 * interface or IPsec endpoint on it (by the link's type), its VLAN.
 */
export function UplinkEndFields({ form, index, nodes, type }: UplinkEndProps) {
  const t = useTranslations("fabrics.editor");
  const { organization } = useConsole();
  const row = `links.${index}` as const;
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 250);
  const [nodeId, destinationNodeId, name] = useWatch({ control: form.control, name: [`${row}.sourceNodeId`, `${row}.destinationNodeId`, `${row}.name`] });
  const picker = useQuery({ ...nodePickerQueryOptions(organization.id, debounced, "edge"), placeholderData: (previous) => previous });
  const node = useQuery({ ...nodeQueryOptions(nodeId), enabled: Boolean(nodeId) });
  const options = picker.data?.items ?? [];
  // The chosen node stays offered while a search lists others.
  const chosen = node.data && !options.some((option) => option.id === node.data.id) ? [node.data] : [];
  const ends = !node.data
    ? []
    : type === "fiber"
      ? node.data.interfaces.map((port) => ({ id: port.id, label: port.portId }))
      : node.data.ipsecEndpoints.map((endpoint) => ({ id: endpoint.id, label: endpoint.publicIp }));
  const portField = type === "fiber" ? (`${row}.sourceInterfaceId` as const) : (`${row}.sourceIpsecEndpointId` as const);
  const edgeName = node.data?.id === nodeId ? node.data.name : undefined;
  const coreName = nodes.find((candidate) => candidate.id === destinationNodeId)?.name;

  // A new row is named after its two ends once both are known.
  useEffect(() => {
    if (!name && edgeName && coreName) form.setValue(`${row}.name`, `${edgeName} ⇄ ${coreName}`, { shouldDirty: true });
  }, [form, row, name, edgeName, coreName]);

  return (
    <fieldset className="grid min-w-0 items-start gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.6fr)_minmax(0,1fr)]" data-testid="link-source">
      <legend className="mb-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("edgeSource")}</legend>
      <div className="grid min-w-0 gap-2">
        <SelectField
          control={form.control}
          name={`${row}.sourceNodeId`}
          label={t("edgeNode")}
          placeholder={t("chooseEdgeNode")}
          testId="link-source-node"
          triggerClassName="min-w-0"
          contentClassName="max-h-72"
          touchOnBlur
          onValueChange={() => {
            form.setValue(`${row}.sourceInterfaceId`, null, { shouldDirty: true });
            form.setValue(`${row}.sourceIpsecEndpointId`, null, { shouldDirty: true });
          }}
        >
          {[...chosen, ...options].map((option) => (
            <SelectItem key={option.id} value={option.id}>
              {option.name}
            </SelectItem>
          ))}
          {options.length === 0 && chosen.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("noEdgeNodes")}</p>}
        </SelectField>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
          <Input
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("searchEdgeNodes")}
            aria-label={t("searchEdgeNodes")}
            className="pl-8"
            data-testid="link-source-search"
          />
        </div>
      </div>
      <SelectField
        key={portField}
        control={form.control}
        name={portField}
        label={type === "fiber" ? t("interface") : t("ipsecEndpoint")}
        placeholder={!nodeId ? "—" : node.data && ends.length === 0 ? t(type === "fiber" ? "noInterfaces" : "noIpsecEndpoints") : t("choosePort")}
        disabled={!node.data || ends.length === 0}
        testId="link-source-port"
        triggerClassName="min-w-0 font-mono"
      >
        {ends.map((port) => (
          <SelectItem key={port.id} value={port.id} className="font-mono">
            {port.label}
          </SelectItem>
        ))}
      </SelectField>
      <VlanField form={form} name={`${row}.sourceVlan`} testId="link-source-vlan" />
    </fieldset>
  );
}
