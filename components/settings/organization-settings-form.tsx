"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { PageHeader } from "@/components/pages/page-header";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Card, CardContent } from "@/components/ui/card";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useUpdateMsp, useUpdateOrganization } from "@/lib/organizations/queries";

// The schema (and zod) is fetched on the first check, not with the page.
const loadOrganizationUpdateSchema = () => import("@/lib/organizations/schema").then((schemas) => schemas.organizationUpdateSchema);

/** Organization settings: the name, saved through the organization call (or the MSP call for an MSP). */
export function OrganizationSettingsForm() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const updateOrganization = useUpdateOrganization(organization.id);
  const updateMsp = useUpdateMsp(organization.id);
  const update = organization.organizationType === "msp" ? updateMsp : updateOrganization;
  const form = useZodForm(loadOrganizationUpdateSchema, { defaultValues: { name: organization.name } });

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={t("organizationSettings.title")}
        description={t("organizationSettings.description", { organization: organization.name })}
      />
      <Card>
        <CardContent>
          <ZodForm
            form={form}
            guardUnsavedChanges={canWrite}
            className="flex flex-col gap-5"
            onSubmit={(values) =>
              update.mutate(values, {
                onSuccess: (saved) => {
                  form.reset({ name: saved.name });
                  toast.success(t("organizationSettings.saved"));
                },
                onError: (error) => applyServerIssues(form, error),
              })
            }
          >
            {!canWrite && <p className="text-sm text-muted-foreground">{t("organizationSettings.readOnly")}</p>}
            {update.error && <ErrorAlert error={update.error} />}
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("organizationSettings.name")}</FormLabel>
                  <FormControl>
                    <Input readOnly={!canWrite} data-testid="organization-name" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <p className="text-sm">
              <span className="text-muted-foreground">{t("organizationSettings.type")}: </span>
              {t(`organizationSettings.types.${organization.organizationType}`)}
            </p>
            {canWrite && (
              <div>
                <SubmitButton busy={update.isPending} disabled={!form.formState.isDirty} data-testid="organization-save">
                  {t("common.save")}
                </SubmitButton>
              </div>
            )}
          </ZodForm>
        </CardContent>
      </Card>
    </div>
  );
}
