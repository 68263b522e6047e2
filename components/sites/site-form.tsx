"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { SelectField, TextareaField, TextField } from "@/components/forms/fields";
import { LabeledField } from "@/components/forms/labeled-field";
import { useZodForm } from "@/components/forms/zod-form";
import { FormControl } from "@/components/ui/form";
import { SelectItem } from "@/components/ui/select";
import { CLOUD_REGIONS, nearestCloudRegion } from "@/lib/sites/cloud-regions";
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

/**
 * Proposes the provider's region nearest the site's location, as long as the person has not chosen one themselves:
 * the region is filled when it is empty or still holds the last proposal, and never replaces a stored or chosen one.
 * Answers the proposed region's name while the field holds it.
 */
function useSuggestedRegion(form: SiteForm, provider: ReturnType<typeof siteProvider>): string | undefined {
  const location = useWatch({ control: form.control, name: "location" });
  const region = useWatch({ control: form.control, name: "region" as never }) as unknown as string | undefined;
  const nearest = provider && location ? nearestCloudRegion(provider, location) : undefined;
  const proposal = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!nearest) return;
    const current = form.getValues("region" as never) as unknown as string | undefined;
    if (current && current !== proposal.current) return;
    proposal.current = nearest.code;
    if (current !== nearest.code) form.setValue("region" as never, nearest.code as never, { shouldDirty: true, shouldValidate: true });
  }, [form, nearest]);
  return nearest && region === nearest.code ? nearest.name : undefined;
}

/** Name, description, location, type, and the cloud account and region a cloud type needs. */
export function SiteFields({ form, disabled }: { form: SiteForm; disabled?: boolean }) {
  const t = useTranslations("sites");
  const type = useWatch({ control: form.control, name: "type" }) as SiteType;
  const provider = siteProvider(type);
  const suggested = useSuggestedRegion(form, provider);

  // The type field has stored the choice; `type` is still the one before it.
  const changeType = (next: SiteType) => {
    const before = siteProvider(type);
    const after = siteProvider(next);
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
      <TextField control={form.control} name="name" label={t("form.name")} testId="site-name" disabled={disabled} />
      <TextareaField
        control={form.control}
        name="description"
        label={t("form.description")}
        testId="site-description"
        placeholder={t("form.descriptionPlaceholder")}
        disabled={disabled}
      />
      <LabeledField control={form.control} name="location" label={t("form.location")}>
        {(field) => (
          <FormControl>
            <LocationPicker value={field.value} onChange={(next) => field.onChange(next as never)} onBlur={field.onBlur} disabled={disabled} />
          </FormControl>
        )}
      </LabeledField>
      <SelectField
        control={form.control}
        name="type"
        label={t("form.type")}
        testId="site-type"
        disabled={disabled}
        onValueChange={(next) => changeType(next as SiteType)}
      >
        {SITE_TYPES.map((option) => (
          <SelectItem key={option} value={option}>
            {t(`types.${option}`)}
          </SelectItem>
        ))}
      </SelectField>
      {provider && (
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" key={provider}>
          <TextField
            control={form.control}
            name={CLOUD_ACCOUNT_FIELDS[provider] as never}
            label={t(`form.${CLOUD_ACCOUNT_FIELDS[provider]}`)}
            testId="site-account"
            mono
            disabled={disabled}
          />
          <SelectField
            control={form.control}
            name={"region" as never}
            label={t("form.region")}
            testId="site-region"
            placeholder={t("form.regionPlaceholder")}
            description={suggested ? t("form.regionSuggested", { region: suggested }) : undefined}
            disabled={disabled}
            touchOnBlur
            triggerClassName="min-w-0"
            contentClassName="max-h-72"
          >
            {CLOUD_REGIONS[provider].map((region) => (
              <SelectItem key={region.code} value={region.code}>
                {region.name} <span className="font-mono text-xs text-muted-foreground">{region.code}</span>
              </SelectItem>
            ))}
          </SelectField>
        </div>
      )}
    </div>
  );
}
