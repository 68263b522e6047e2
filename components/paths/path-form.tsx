"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { useContext, useEffect, useMemo, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { CONNECTOR_KIND_ICONS } from "@/components/connectors/connector-kind";
import { NumberField, SelectField, TextField } from "@/components/forms/fields";
import { LabeledField } from "@/components/forms/labeled-field";
import { useZodForm } from "@/components/forms/zod-form";
import { FormMessageTranslatorContext, useFormField } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { SelectItem } from "@/components/ui/select";
import { siteConnectorsQueryOptions } from "@/lib/connectors/queries";
import type { Connector } from "@/lib/connectors/schema";
import { sitePathsQueryOptions } from "@/lib/paths/queries";
import { PATH_LAYERS, pathCreateSchema, VLAN_TYPES, type Path, type PathCreate, type PathCreateInput } from "@/lib/paths/schema";
import { allSitesQueryOptions } from "@/lib/sites/queries";
import { AWS_SITE_TYPES } from "@/lib/sites/schema";
import { cn } from "@/lib/utils";
import { connectorLoad, pathPlanIssues, type ConnectorLoad } from "@/lib/paths/headroom";
import { HeadroomPanel } from "./headroom-panel";

export type PathForm = UseFormReturn<PathCreateInput, unknown, PathCreate>;

export function pathFormValues(sourceSiteId: string, path?: Path): PathCreateInput {
  if (!path) {
    return {
      name: "",
      layer: "layer3",
      sourceSiteId,
      sourceConnectorId: "",
      destinationSiteId: "",
      destinationConnectorId: "",
      bandwidth: "",
      vlanType: "specific",
      vlanId: "",
      prefix: "",
    };
  }
  return {
    name: path.name,
    layer: path.layer,
    sourceSiteId: path.sourceSiteId,
    sourceConnectorId: path.sourceConnectorId,
    destinationSiteId: path.destinationSiteId,
    destinationConnectorId: path.destinationConnectorId,
    bandwidth: path.bandwidth,
    vlanType: path.vlanType,
    vlanId: path.vlanId ?? "",
    prefix: path.prefix.join(", "),
  };
}

interface Ends {
  source?: ConnectorLoad;
  destination?: ConnectorLoad;
}

/**
 * The path form: pathCreateSchema, plus the rules that need the chosen connectors (SPEC §5 bandwidth, headroom,
 * VLANs) checked with what the API would answer — before submit. PathFields reports the connectors' loads through
 * `setEnds`; react-hook-form takes the resolver of the latest render, so the rules follow the choice.
 */
export function usePathForm(sourceSiteId: string, path?: Path): { form: PathForm; setEnds: (ends: Ends) => void } {
  const [ends, setEnds] = useState<Ends>({});
  const schema = useMemo(
    () =>
      pathCreateSchema.superRefine((value, ctx) => {
        const { source, destination } = ends;
        if (!source || !destination || source.connector.id !== value.sourceConnectorId || destination.connector.id !== value.destinationConnectorId) return;
        const issues = pathPlanIssues({ bandwidth: value.bandwidth, vlanType: value.vlanType, vlanId: value.vlanId }, source, destination);
        for (const [field, message] of Object.entries(issues)) ctx.addIssue({ code: "custom", path: [field], message });
      }),
    [ends],
  );
  const form = useZodForm(schema, { defaultValues: pathFormValues(sourceSiteId, path), criteriaMode: "all" }) as PathForm;
  // New connectors (or their paths arriving) change the limits: check again what was already entered — typed
  // (dirty) as well as left (touched), since the connectors may arrive while the cursor is still in the field.
  const { dirtyFields, touchedFields } = form.formState;
  useEffect(() => {
    const fields = (["bandwidth", "vlanId", "vlanType"] as const).filter((field) => touchedFields[field] || dirtyFields[field]);
    if (fields.length) void form.trigger(fields);
    // Only new limits call for a new check; typing is checked by the form itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ends, form]);
  return { form, setEnds };
}

/** Every message of a field (a prefix list has one per bad entry: "Invalid prefix: …"), in place of its one message. */
function AllMessages({ testId }: { testId?: string }) {
  const { error } = useFormField();
  const { translate = (message: string) => message } = useContext(FormMessageTranslatorContext);
  if (!error) return null;
  const messages = error.types
    ? Object.values(error.types).flatMap((value) => (Array.isArray(value) ? value : typeof value === "string" ? [value] : []))
    : [];
  const all = [...new Set(messages.length ? messages : error.message ? [String(error.message)] : [])];
  return (
    <ul className="grid gap-0.5 text-sm text-destructive" data-testid={testId}>
      {all.map((message) => (
        <li key={message}>{translate(message)}</li>
      ))}
    </ul>
  );
}

function ConnectorOption({ connector }: { connector: Connector }) {
  const t = useTranslations("connectors.kinds");
  const formatBandwidth = useBandwidthFormatter();
  const Icon = CONNECTOR_KIND_ICONS[connector.kind];
  return (
    <span className="flex items-center gap-2">
      <Icon aria-hidden className="size-3.5" />
      <span>{connector.name}</span>
      <span className="text-xs text-muted-foreground">
        {t(connector.kind)} · {formatBandwidth(connector.bandwidth)}
      </span>
    </span>
  );
}

function ConnectorSelect({ form, name, connectors, disabled, testId }: {
  form: PathForm;
  name: "sourceConnectorId" | "destinationConnectorId";
  connectors: Connector[] | undefined;
  disabled?: boolean;
  testId: string;
}) {
  const t = useTranslations("paths.form");
  return (
    <SelectField
      control={form.control}
      name={name}
      label={t(name === "sourceConnectorId" ? "sourceConnector" : "destinationConnector")}
      testId={testId}
      placeholder={t("chooseConnector")}
      disabled={disabled || !connectors}
    >
      {connectors?.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("noConnectors")}</p>}
      {connectors?.map((connector) => (
        <SelectItem key={connector.id} value={connector.id}>
          <ConnectorOption connector={connector} />
        </SelectItem>
      ))}
    </SelectField>
  );
}

/** A choice between a few options shown as cards with a hint each; choosing counts as a visit to the field. */
function ChoiceField<T extends string>({ form, name, label, testId, options, onChoose }: {
  form: PathForm;
  name: "layer" | "vlanType";
  label: string;
  testId: string;
  options: { value: T; label: string; hint: string }[];
  /** After the choice is stored: what else it changes. */
  onChoose?: (value: T) => void;
}) {
  return (
    <LabeledField control={form.control} name={name} label={label}>
      {(field) => (
        <RadioGroup
          value={field.value ?? ""}
          onValueChange={(next) => {
            field.onChange(next);
            field.onBlur();
            onChoose?.(next as T);
          }}
          className="grid gap-2 sm:grid-cols-2"
          aria-label={label}
          data-testid={testId}
        >
          {options.map((option) => (
            <Label
              key={option.value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-md border p-3 font-normal transition-colors hover:bg-accent/50",
                field.value === option.value && "border-primary bg-primary/5",
              )}
            >
              <RadioGroupItem value={option.value} className="mt-0.5" data-testid={`${testId}-${option.value}`} />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{option.label}</span>
                <span className="text-xs text-muted-foreground">{option.hint}</span>
              </span>
            </Label>
          ))}
        </RadioGroup>
      )}
    </LabeledField>
  );
}

interface PathFieldsProps {
  form: PathForm;
  setEnds: (ends: Ends) => void;
  organizationId: string;
  /** The path being edited (left out of the headroom). */
  pathId?: string;
}

/** The path's fields, with the chosen connectors' headroom beside the bandwidth. */
export function PathFields({ form, setEnds, organizationId, pathId }: PathFieldsProps) {
  const t = useTranslations("paths");
  const units = useTranslations("units");
  const [layer, sourceSiteId, sourceConnectorId, destinationSiteId, destinationConnectorId, bandwidth, vlanType] = useWatch({
    control: form.control,
    name: ["layer", "sourceSiteId", "sourceConnectorId", "destinationSiteId", "destinationConnectorId", "bandwidth", "vlanType"],
  });
  const sites = useQuery(allSitesQueryOptions(organizationId));
  const sourceConnectors = useQuery(siteConnectorsQueryOptions(sourceSiteId));
  const destinationConnectors = useQuery({ ...siteConnectorsQueryOptions(destinationSiteId), enabled: Boolean(destinationSiteId) });
  const sourcePaths = useQuery(sitePathsQueryOptions(sourceSiteId));
  const destinationPaths = useQuery({ ...sitePathsQueryOptions(destinationSiteId), enabled: Boolean(destinationSiteId) });

  const sourceSite = sites.data?.find((site) => site.id === sourceSiteId);
  const destinations = (sites.data ?? []).filter((site) => site.id !== sourceSiteId && !AWS_SITE_TYPES.includes(site.type));
  const sourceConnector = sourceConnectors.data?.find((connector) => connector.id === sourceConnectorId);
  const destinationConnector = destinationConnectors.data?.find((connector) => connector.id === destinationConnectorId);
  const pathsLoaded = sourcePaths.isSuccess && (!destinationSiteId || destinationPaths.isSuccess);
  const source = useMemo(
    () => (sourceConnector && pathsLoaded ? connectorLoad(sourceConnector, [...(sourcePaths.data ?? []), ...(destinationPaths.data ?? [])], pathId) : undefined),
    [sourceConnector, pathsLoaded, sourcePaths.data, destinationPaths.data, pathId],
  );
  const destination = useMemo(
    () =>
      destinationConnector && pathsLoaded
        ? connectorLoad(destinationConnector, [...(sourcePaths.data ?? []), ...(destinationPaths.data ?? [])], pathId)
        : undefined,
    [destinationConnector, pathsLoaded, sourcePaths.data, destinationPaths.data, pathId],
  );
  useEffect(() => setEnds({ source, destination }), [source, destination, setEnds]);

  const proposed = Number(bandwidth);

  return (
    <div className="grid gap-5">
      <TextField control={form.control} name="name" label={t("form.name")} testId="path-name" />
      <ChoiceField
        form={form}
        name="layer"
        label={t("form.layer")}
        testId="path-layer"
        options={PATH_LAYERS.map((value) => ({ value, label: t(`layers.${value}`), hint: t(`form.${value}Hint`) }))}
        // A Layer 2 path carries no prefix.
        onChoose={(next) => {
          if (next === "layer2") form.setValue("prefix", "", { shouldValidate: form.formState.isSubmitted });
        }}
      />
      <div className="grid items-start gap-4 md:grid-cols-[1fr_auto_1fr]">
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t("form.source")}</legend>
          <div className="grid gap-2">
            <Label className="text-muted-foreground">{t("form.sourceSite")}</Label>
            <p className="flex h-9 items-center rounded-md border bg-muted/50 px-3 text-sm" data-testid="path-source-site">
              {sourceSite?.name ?? "…"}
            </p>
          </div>
          <ConnectorSelect form={form} name="sourceConnectorId" connectors={sourceConnectors.data} testId="path-source-connector" />
        </fieldset>
        <ArrowRight aria-hidden className="hidden size-5 self-center text-muted-foreground md:block" />
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t("form.destination")}</legend>
          <SelectField
            control={form.control}
            name="destinationSiteId"
            label={t("form.destinationSite")}
            testId="path-destination-site"
            placeholder={t("form.chooseSite")}
            disabled={!sites.data}
            onValueChange={() => form.setValue("destinationConnectorId", "")}
          >
            {destinations.map((site) => (
              <SelectItem key={site.id} value={site.id}>
                {site.name}
              </SelectItem>
            ))}
          </SelectField>
          <ConnectorSelect
            form={form}
            name="destinationConnectorId"
            connectors={destinationSiteId ? destinationConnectors.data : undefined}
            testId="path-destination-connector"
          />
        </fieldset>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr]">
        <ChoiceField
          form={form}
          name="vlanType"
          label={t("form.vlanType")}
          testId="path-vlan-type"
          options={VLAN_TYPES.map((value) => ({
            value,
            label: t(value === "all" ? "form.vlanAll" : "form.vlanSpecific"),
            hint: t(value === "all" ? "form.vlanAllHint" : "form.vlanSpecificHint"),
          }))}
          onChoose={(next) => {
            if (next === "all") form.setValue("vlanId", "");
          }}
        />
        {/* A blank VLAN id or bandwidth goes to the schema as "", which says what it means (no VLAN; 0 Mbps). */}
        {vlanType === "specific" && <NumberField control={form.control} name="vlanId" label={t("form.vlanId")} testId="path-vlan-id" emptyAsText />}
      </div>
      {layer === "layer3" && (
        <TextField
          control={form.control}
          name="prefix"
          label={t("form.prefix")}
          testId="path-prefix"
          mono
          placeholder="10.10.0.0/16, 192.168.1.0/24"
          description={t("form.prefixHint")}
          message={<AllMessages testId="path-prefix-errors" />}
        />
      )}
      <div className="grid items-start gap-4 sm:grid-cols-[1fr_2fr]">
        <NumberField
          control={form.control}
          name="bandwidth"
          label={t("form.bandwidth")}
          testId="path-bandwidth"
          unit={units("mbpsUnit")}
          className="pr-14"
          emptyAsText
        />
        <HeadroomPanel
          source={source}
          destination={destination}
          proposed={Number.isFinite(proposed) ? proposed : 0}
          loading={Boolean(sourceConnector && destinationConnector && !pathsLoaded)}
        />
      </div>
    </div>
  );
}
