"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { PageHeader } from "@/components/pages/page-header";
import { useConsole } from "@/components/shell/use-console";
import { Card, CardContent } from "@/components/ui/card";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { LOCALES } from "@/lib/constants";
import { useUpdateUserSettings } from "@/lib/users/queries";

// The schema (and zod) is fetched on the first check, not with the page.
const loadUserSettingsSchema = () => import("@/lib/users/schema").then((schemas) => schemas.userSettingsSchema);

/** User settings: email (read-only), first name, last name, language. */
export function UserSettingsForm() {
  const t = useTranslations();
  const router = useRouter();
  const { user } = useConsole();
  const update = useUpdateUserSettings();
  const form = useZodForm(loadUserSettingsSchema, {
    defaultValues: { userFirstName: user.userFirstName, userLastName: user.userLastName, userLanguage: user.userLanguage },
  });

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("userSettings.title")} description={t("userSettings.description")} />
      <Card>
        <CardContent>
          <ZodForm
            form={form}
            guardUnsavedChanges
            className="flex flex-col gap-5"
            onSubmit={(values) =>
              update.mutate(values, {
                onSuccess: (saved) => {
                  form.reset({ userFirstName: saved.userFirstName, userLastName: saved.userLastName, userLanguage: saved.userLanguage });
                  toast.success(t("userSettings.saved"));
                  // A new language re-renders the whole console in it.
                  if (saved.userLanguage !== user.userLanguage) router.refresh();
                },
                onError: (error) => applyServerIssues(form, error),
              })
            }
          >
            {update.error && <ErrorAlert error={update.error} />}
            <div className="flex flex-col gap-2">
              <Label htmlFor="user-email">{t("userSettings.email")}</Label>
              <Input id="user-email" value={user.userEmail} readOnly disabled />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="userFirstName"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("userSettings.firstName")}</FormLabel>
                    <FormControl>
                      <Input autoComplete="given-name" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="userLastName"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("userSettings.lastName")}</FormLabel>
                    <FormControl>
                      <Input autoComplete="family-name" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="userLanguage"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("userSettings.language")}</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger className="w-48" data-testid="language-select">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {LOCALES.map((locale) => (
                        <SelectItem key={locale} value={locale}>
                          {t(`userMenu.languages.${locale}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div>
              <SubmitButton busy={update.isPending} disabled={!form.formState.isDirty}>
                {t("common.save")}
              </SubmitButton>
            </div>
          </ZodForm>
        </CardContent>
      </Card>
    </div>
  );
}
