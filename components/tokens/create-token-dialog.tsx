"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { NumberField, TextareaField, TextField } from "@/components/forms/fields";
import { LabeledField, type FieldProps } from "@/components/forms/labeled-field";
import { useZodForm } from "@/components/forms/zod-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { useCreateApiToken } from "@/lib/tokens/queries";
import { API_TOKEN_EXPIRY_DAYS, apiTokenFormSchema, readScopes, SCOPE_LABEL_KEYS, type ApiTokenCreated } from "@/lib/tokens/schema";

/** One checkbox per scope the user holds; the field's value is the scopes ticked, in the order shown. */
function ScopesField<V extends FieldValues, N extends FieldPath<V>, X>({ held, ...props }: FieldProps<V, N, X> & { held: readonly Scope[] }) {
  const t = useTranslations();
  const id = useId();
  // In the catalogue's order (reads before writes of each area), as the server lists them back.
  const shown = SCOPES.filter((scope) => held.includes(scope));
  return (
    <LabeledField {...props}>
      {(field) => {
        const ticked = (field.value as Scope[] | undefined) ?? [];
        return (
          <FormControl>
            <div role="group" className="grid gap-2 sm:grid-cols-2" data-testid="api-token-scopes">
              {shown.map((scope) => (
                <div key={scope} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${scope}`}
                    checked={ticked.includes(scope)}
                    data-testid={`api-token-scope-${scope}`}
                    onCheckedChange={(on) => {
                      field.onChange(shown.filter((each) => (each === scope ? on === true : ticked.includes(each))));
                      field.onBlur();
                    }}
                  />
                  <Label htmlFor={`${id}-${scope}`} className="font-normal">
                    {t(SCOPE_LABEL_KEYS[scope])}
                    <span className="font-mono text-xs text-muted-foreground">{scope}</span>
                  </Label>
                </div>
              ))}
            </div>
          </FormControl>
        );
      }}
    </LabeledField>
  );
}

/**
 * Creates a personal token: a name, scopes among the user's own (read-only ticked to start), an expiry in days (90 to
 * start, at most 365) and the addresses it may be used from. `onCreated` gets the secret, shown next and only then.
 */
export function CreateApiTokenDialog({
  organizationName,
  held,
  open,
  setOpen,
  onCreated,
}: {
  organizationName: string;
  held: readonly Scope[];
  open: boolean;
  setOpen: (open: boolean) => void;
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const t = useTranslations();
  const create = useCreateApiToken();
  const form = useZodForm(apiTokenFormSchema, {
    defaultValues: { name: "", scopes: readScopes(held), expiresInDays: API_TOKEN_EXPIRY_DAYS.default, allowedAddresses: "" },
  });
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={create}
      onSuccess={(created) => onCreated(created)}
      title={t("apiTokens.createTitle")}
      description={t("apiTokens.createDescription", { organization: organizationName })}
      testId="api-token-dialog"
      mode="create"
      submitTestId="api-token-create-submit"
    >
      <TextField control={form.control} name="name" label={t("apiTokens.name")} testId="api-token-name" />
      <ScopesField control={form.control} name="scopes" label={t("apiTokens.scopes")} description={t("apiTokens.scopesHint")} held={held} />
      <NumberField
        control={form.control}
        name="expiresInDays"
        label={t("apiTokens.expiresInDays")}
        unit={t("apiTokens.days")}
        description={t("apiTokens.expiresHint", { max: API_TOKEN_EXPIRY_DAYS.max })}
        testId="api-token-expiry"
      />
      <TextareaField
        control={form.control}
        name="allowedAddresses"
        label={t("apiTokens.allowedAddresses")}
        description={t("apiTokens.allowedAddressesHint")}
        placeholder="192.0.2.0/24, 2001:db8::/48"
        testId="api-token-addresses"
      />
    </MutationFormDialog>
  );
}
