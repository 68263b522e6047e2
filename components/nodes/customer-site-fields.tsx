"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useWatch, type Control, type FieldValues, type UseFormReturn } from "react-hook-form";
import { LabeledField } from "@/components/forms/labeled-field";
import { useConsole } from "@/components/shell/use-console";
import { FormControl } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { customerOrganizationsQueryOptions } from "@/lib/organizations/queries";
import { allSitesQueryOptions } from "@/lib/sites/queries";

/** The value a Select shows for "none" (Radix refuses an empty value); the form stores null. */
const NONE = "__none";

interface TenantValues extends FieldValues {
  customerOrganizationId?: string | null;
  siteId?: string | null;
}

function NullableSelect({
  control,
  name,
  label,
  testId,
  noneLabel,
  options,
  disabled,
  onPicked,
}: {
  control: Control<TenantValues>;
  name: "customerOrganizationId" | "siteId";
  label: string;
  testId: string;
  noneLabel: string;
  options: { id: string; name: string }[];
  disabled?: boolean;
  onPicked?: (value: string | null) => void;
}) {
  return (
    <LabeledField control={control} name={name} label={label}>
      {(field) => (
        <Select
          value={(field.value as string | null | undefined) || NONE}
          disabled={disabled}
          onValueChange={(next) => {
            const value = next === NONE ? null : next;
            field.onChange(value);
            field.onBlur();
            onPicked?.(value);
          }}
        >
          <FormControl>
            <SelectTrigger className="w-full min-w-0" data-testid={testId}>
              <SelectValue />
            </SelectTrigger>
          </FormControl>
          <SelectContent className="max-h-72">
            <SelectItem value={NONE}>{noneLabel}</SelectItem>
            {options.map((option) => (
              <SelectItem key={option.id} value={option.id}>
                {option.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </LabeledField>
  );
}

/** The customer (one of this MSP's) and the site (one of that customer's) a port serves; both optional. */
export function CustomerSiteFields<V extends TenantValues>({ form }: { form: UseFormReturn<V, unknown, unknown> }) {
  const t = useTranslations("nodes.ports");
  const { organization } = useConsole();
  const control = form.control as unknown as Control<TenantValues>;
  const customerId = useWatch({ control, name: "customerOrganizationId" });
  const customers = useQuery(customerOrganizationsQueryOptions(organization.id));
  const sites = useQuery({ ...allSitesQueryOptions(customerId ?? ""), enabled: Boolean(customerId) });
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <NullableSelect
        control={control}
        name="customerOrganizationId"
        label={t("customer")}
        testId="port-customer"
        noneLabel={t("noCustomer")}
        options={(customers.data ?? []).map((customer) => ({ id: customer.id, name: customer.name }))}
        onPicked={() => (form as unknown as UseFormReturn<TenantValues>).setValue("siteId", null, { shouldDirty: true })}
      />
      <NullableSelect
        control={control}
        name="siteId"
        label={t("site")}
        testId="port-site"
        noneLabel={customerId ? t("noSite") : t("pickCustomerFirst")}
        options={customerId ? (sites.data ?? []).map((site) => ({ id: site.id, name: site.name })) : []}
        // Opened only once the customer's sites are known, so the list does not change under the pointer.
        disabled={!customerId || sites.isPending}
      />
    </div>
  );
}
