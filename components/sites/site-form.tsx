"use client";

import { useTranslations } from "next-intl";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useZodForm } from "@/components/forms/zod-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { CLOUD_REGIONS } from "@/lib/sites/cloud-regions";
import {
  CLOUD_ACCOUNT_FIELDS,
  SITE_TYPES,
  siteCreateSchema,
  siteProvider,
  type Site,
  type SiteCreate,
  type SiteCreateInput,
  type SiteType,
} from "@/lib/sites/schema";
import { LocationPicker } from "./location-picker";

/** The form's values for a site: only the fields of its type (the schema refuses the others). */
export function siteFormValues(site?: Site): SiteCreateInput {
  if (!site) return { name: "", description: "", location: undefined as never, type: "standard" };
  const base = { name: site.name, description: site.description, location: site.location };
  switch (site.type) {
    case "standard":
      return { ...base, type: "standard" };
    case "aws":
    case "aws-direct-connect":
      return { ...base, type: site.type, awsAccountId: site.awsAccountId, region: site.region };
    case "azure":
      return { ...base, type: "azure", azureSubscriptionId: site.azureSubscriptionId, region: site.region };
    case "gcp":
      return { ...base, type: "gcp", gcpProjectId: site.gcpProjectId, region: site.region };
    case "oracle":
      return { ...base, type: "oracle", oracleCompartmentId: site.oracleCompartmentId, region: site.region };
  }
}

export type SiteForm = UseFormReturn<SiteCreateInput, unknown, SiteCreate>;

/** A site form bound to siteCreateSchema (SiteFields drops another type's fields when the type changes). */
export function useSiteForm(site?: Site): SiteForm {
  return useZodForm(siteCreateSchema, { defaultValues: siteFormValues(site) });
}

/** Name, description, location, type, and the cloud account and region a cloud type needs. */
export function SiteFields({ form, disabled }: { form: SiteForm; disabled?: boolean }) {
  const t = useTranslations("sites");
  const type = useWatch({ control: form.control, name: "type" }) as SiteType;
  const provider = siteProvider(type);

  const changeType = (next: SiteType) => {
    const before = siteProvider(type);
    const after = siteProvider(next);
    form.setValue("type", next, { shouldDirty: true });
    if (after === before) return;
    // Another provider's account and region mean nothing here, and the schema refuses fields of another type.
    if (before) form.unregister([CLOUD_ACCOUNT_FIELDS[before], "region"] as never);
    if (after) {
      form.setValue(CLOUD_ACCOUNT_FIELDS[after] as never, "" as never);
      form.setValue("region" as never, "" as never);
    }
  };

  return (
    <div className="grid gap-4">
      <FormField
        control={form.control}
        name="name"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("form.name")}</FormLabel>
            <FormControl>
              <Input data-testid="site-name" autoComplete="off" disabled={disabled} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("form.description")}</FormLabel>
            <FormControl>
              <Textarea
                rows={2}
                data-testid="site-description"
                placeholder={t("form.descriptionPlaceholder")}
                disabled={disabled}
                {...field}
                value={field.value ?? ""}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="location"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("form.location")}</FormLabel>
            <FormControl>
              <LocationPicker value={field.value} onChange={(next) => field.onChange(next as never)} onBlur={field.onBlur} disabled={disabled} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="type"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("form.type")}</FormLabel>
            <Select value={field.value} onValueChange={(next) => changeType(next as SiteType)} disabled={disabled}>
              <FormControl>
                <SelectTrigger className="w-full" data-testid="site-type">
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {SITE_TYPES.map((option) => (
                  <SelectItem key={option} value={option}>
                    {t(`types.${option}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
      {provider && (
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" key={provider}>
          <FormField
            control={form.control}
            name={CLOUD_ACCOUNT_FIELDS[provider] as never}
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t(`form.${CLOUD_ACCOUNT_FIELDS[provider]}`)}</FormLabel>
                <FormControl>
                  <Input
                    data-testid="site-account"
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono"
                    disabled={disabled}
                    {...(field as object)}
                    value={(field.value as string | undefined) ?? ""}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name={"region" as never}
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.region")}</FormLabel>
                <Select
                  value={(field.value as string | undefined) ?? ""}
                  onValueChange={(next) => {
                    field.onChange(next);
                    field.onBlur();
                  }}
                  disabled={disabled}
                >
                  <FormControl>
                    <SelectTrigger className="w-full min-w-0" data-testid="site-region" onBlur={field.onBlur}>
                      <SelectValue placeholder={t("form.regionPlaceholder")} />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent className="max-h-72">
                    {CLOUD_REGIONS[provider].map((region) => (
                      <SelectItem key={region.code} value={region.code}>
                        {region.name} <span className="font-mono text-xs text-muted-foreground">{region.code}</span>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
      )}
    </div>
  );
}
