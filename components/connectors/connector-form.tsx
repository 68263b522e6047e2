"use client";

import { Info } from "lucide-react";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { IPSEC_DEFAULTS, type Connector, type ConnectorKind } from "@/lib/connectors/schema";

type Values = Record<string, unknown>;

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

// Number inputs hand the schema a string; an empty box is "nothing" (the field's own message), never 0.
const numberInput = (onChange: (value: unknown) => void) => (event: React.ChangeEvent<HTMLInputElement>) =>
  onChange(event.target.value === "" ? undefined : event.target.value);

function TextField({ form, name, label, hint, mono, testId }: { form: UseFormReturn<FieldValues>; name: string; label: string; hint?: string; mono?: boolean; testId?: string }) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              autoComplete="off"
              spellCheck={false}
              className={mono ? "font-mono" : undefined}
              data-testid={testId ?? `connector-${name}`}
              {...field}
              value={(field.value as string | undefined) ?? ""}
            />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function NumberField({ form, name, label, unit }: { form: UseFormReturn<FieldValues>; name: string; label: string; unit?: string }) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="relative">
            <FormControl>
              <Input
                type="number"
                inputMode="numeric"
                className={unit ? "pr-18 tabular-nums" : "tabular-nums"}
                data-testid={`connector-${name}`}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={(field.value as string | number | undefined) ?? ""}
                onChange={numberInput(field.onChange)}
              />
            </FormControl>
            {unit && <span className="pointer-events-none absolute top-2 right-3 text-sm text-muted-foreground">{unit}</span>}
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The fields of one connector kind (SPEC §3). */
export function ConnectorFields({ form, kind, presharedKeySet }: { form: UseFormReturn<FieldValues>; kind: ConnectorKind; presharedKeySet?: boolean }) {
  const t = useTranslations("connectors");
  const units = useTranslations("units");
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField form={form} name="name" label={t("fields.name")} />
        <NumberField form={form} name="bandwidth" label={t("fields.bandwidth")} unit={units("mbpsUnit")} />
      </div>
      {kind !== "external" && (
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("fields.description")}</FormLabel>
              <FormControl>
                <Textarea rows={2} data-testid="connector-description" {...field} value={(field.value as string | undefined) ?? ""} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      {kind === "physical" && (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <TextField form={form} name="customerIp" label={t("fields.customerIp")} mono />
            <TextField form={form} name="providerEdgeIp" label={t("fields.providerEdgeIp")} mono />
            <NumberField form={form} name="vlan" label={t("fields.vlan")} />
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
              <TextField form={form} name="localSiteIp" label={t("fields.localSiteIp")} mono />
              <TextField form={form} name="publicIp" label={t("fields.publicIp")} mono />
              <NumberField form={form} name="mtu" label={t("fields.mtu")} unit={t("fields.bytes")} />
              <NumberField form={form} name="mss" label={t("fields.mss")} unit={t("fields.bytes")} />
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
              <NumberField form={form} name="deadPeerDetectionDelaySeconds" label={t("fields.deadPeerDetectionDelaySeconds")} unit={t("fields.seconds")} />
              <NumberField form={form} name="phase1SaLifetimeHours" label={t("fields.phase1SaLifetimeHours")} unit={t("fields.hours")} />
              <NumberField form={form} name="phase2SaLifetimeHours" label={t("fields.phase2SaLifetimeHours")} unit={t("fields.hours")} />
            </div>
            <FormField
              control={form.control}
              name="presharedKey"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("fields.presharedKey")}</FormLabel>
                  <FormControl>
                    <Input
                      type="password"
                      autoComplete="new-password"
                      data-testid="connector-presharedKey"
                      placeholder={presharedKeySet ? t("fields.presharedKeySetPlaceholder") : undefined}
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      value={(field.value as string | undefined) ?? ""}
                      // Write-only: an empty box on edit keeps the stored key.
                      onChange={(event) => field.onChange(event.target.value === "" && presharedKeySet ? undefined : event.target.value)}
                    />
                  </FormControl>
                  <FormDescription>{presharedKeySet ? t("fields.presharedKeySet") : t("fields.presharedKeyHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </fieldset>
        </>
      )}
    </div>
  );
}
