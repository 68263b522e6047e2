"use client";

import { Info } from "lucide-react";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { NumberField, TextareaField, TextField } from "@/components/forms/fields";
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from "@/components/ui/form";
import { Switch } from "@/components/ui/switch";
import { IPSEC_DEFAULTS, type Connector, type ConnectorKind, type ConnectorUpdate } from "@/lib/connectors/schema";

type Values = Record<string, unknown>;
type ConnectorField = Exclude<keyof ConnectorUpdate, "kind">;

/** A connector form's starting values: only its kind's fields; an IPsec key is asked for only on create. */
export function connectorFormValues(kind: ConnectorKind, connector?: Connector): Values {
  if (connector) {
    const { id: _id, organizationId: _organization, siteId: _site, createdAt: _created, updatedAt: _updated, ...fields } = connector as Values &
      Connector;
    delete (fields as Values).presharedKeySet;
    return fields;
  }
  const common = { kind, name: "", description: "", bandwidth: undefined };
  switch (kind) {
    case "physical":
      return { ...common, customerIp: "", providerEdgeIp: "", vlan: undefined };
    case "ipsec":
      return { ...common, localSiteIp: "", publicIp: "", ...IPSEC_DEFAULTS, presharedKey: "" };
    case "external":
      return { kind, name: "", bandwidth: undefined };
    default:
      return common;
  }
}

/** The fields of one connector kind (SPEC §3). */
export function ConnectorFields({ form, kind, presharedKeySet }: { form: UseFormReturn<FieldValues>; kind: ConnectorKind; presharedKeySet?: boolean }) {
  const t = useTranslations("connectors");
  const units = useTranslations("units");
  // Every field is labelled connectors.fields.<name> and has the test id connector-<name>.
  const fieldProps = (name: ConnectorField) => ({ control: form.control, name, label: t(`fields.${name}`), testId: `connector-${name}` });
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField {...fieldProps("name")} spellCheck={false} />
        <NumberField {...fieldProps("bandwidth")} unit={units("mbpsUnit")} />
      </div>
      {kind !== "external" && <TextareaField {...fieldProps("description")} />}
      {kind === "physical" && (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <TextField {...fieldProps("customerIp")} mono />
            <TextField {...fieldProps("providerEdgeIp")} mono />
            <NumberField {...fieldProps("vlan")} />
          </div>
          <p className="flex items-start gap-2 text-xs text-muted-foreground">
            <Info aria-hidden className="mt-px size-3.5 shrink-0" />
            {t("physicalNote")}
          </p>
        </>
      )}
      {kind === "ipsec" && (
        <>
          <fieldset className="grid gap-4 rounded-md border p-4">
            <legend className="px-1 text-sm font-medium">{t("sections.tunnel")}</legend>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField {...fieldProps("localSiteIp")} mono />
              <TextField {...fieldProps("publicIp")} mono />
              <NumberField {...fieldProps("mtu")} unit={t("fields.bytes")} />
              <NumberField {...fieldProps("mss")} unit={t("fields.bytes")} />
            </div>
            <FormField
              control={form.control}
              name="natTraversal"
              render={({ field }) => (
                <FormItem className="flex flex-row items-center justify-between gap-4">
                  <div className="grid gap-1">
                    <FormLabel>{t("fields.natTraversal")}</FormLabel>
                    <FormDescription>{t("fields.natTraversalHint")}</FormDescription>
                  </div>
                  <FormControl>
                    <Switch checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} data-testid="connector-natTraversal" />
                  </FormControl>
                </FormItem>
              )}
            />
          </fieldset>
          <fieldset className="grid gap-4 rounded-md border p-4">
            <legend className="px-1 text-sm font-medium">{t("sections.ike")}</legend>
            <div className="grid items-start gap-4 sm:grid-cols-3">
              <NumberField {...fieldProps("deadPeerDetectionDelaySeconds")} unit={t("fields.seconds")} />
              <NumberField {...fieldProps("phase1SaLifetimeHours")} unit={t("fields.hours")} />
              <NumberField {...fieldProps("phase2SaLifetimeHours")} unit={t("fields.hours")} />
            </div>
            <TextField
              {...fieldProps("presharedKey")}
              type="password"
              autoComplete="new-password"
              placeholder={presharedKeySet ? t("fields.presharedKeySetPlaceholder") : undefined}
              description={presharedKeySet ? t("fields.presharedKeySet") : t("fields.presharedKeyHint")}
              // Write-only: an empty box on edit keeps the stored key.
              unsetWhenEmpty={presharedKeySet}
            />
          </fieldset>
        </>
      )}
    </div>
  );
}
