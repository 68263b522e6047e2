"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { toast } from "sonner";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useCreateSite, useUploadAwsConfig } from "@/lib/sites/queries";
import { AWS_SITE_TYPES, type AwsConfigUpload, type SiteType } from "@/lib/sites/schema";
import { AwsConfigFileField } from "./aws-config-file";
import { FormDialog } from "@/components/common/form-dialog";
import { SiteFields, siteFormValues, useSiteForm } from "./site-form";
import { siteHref } from "./site-links";

/** The Add Site dialog (loaded on demand by AddSiteDialog); then the new site's configuration, where its connectors are added. */
export function AddSiteFormDialog({ organizationId, open, setOpen }: { organizationId: string; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const router = useRouter();
  const [awsConfig, setAwsConfig] = useState<AwsConfigUpload | null>(null);
  const create = useCreateSite(organizationId);
  const upload = useUploadAwsConfig();
  const form = useSiteForm();
  const type = useWatch({ control: form.control, name: "type" }) as SiteType;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(siteFormValues());
      setAwsConfig(null);
      create.reset();
      upload.reset();
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={form.formState.isDirty || awsConfig !== null}
      title={t("sites.addTitle")}
      description={t("sites.addDescription")}
      testId="site-dialog"
    >
      {(requestClose) => (
      <ZodForm
        form={form}
        guardUnsavedChanges
        className="flex flex-col gap-4"
        onSubmit={async (values) => {
          let site;
          try {
            site = await create.mutateAsync(values);
          } catch (error) {
            applyServerIssues(form, error);
            return;
          }
          toast.success(t("sites.created", { name: site.name }));
          if (awsConfig && AWS_SITE_TYPES.includes(site.type)) {
            // The site exists either way; a refused file can be uploaded again from its properties.
            await upload.mutateAsync({ siteId: site.id, upload: awsConfig }).then(
              () => toast.success(t("sites.awsConfig.uploaded", { name: site.name })),
              (error: Error) => toast.error(error.message),
            );
          }
          onOpenChange(false);
          router.push(siteHref(organizationId, site.id));
        }}
      >
        {create.error && <ErrorAlert message={create.error.message} />}
        <SiteFields form={form} />
        {AWS_SITE_TYPES.includes(type) && <AwsConfigFileField value={awsConfig} onChange={setAwsConfig} />}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={requestClose}>
            {t("common.cancel")}
          </Button>
          <SubmitButton busy={create.isPending || upload.isPending} data-testid="site-create">
            {t("sites.form.create")}
          </SubmitButton>
        </DialogFooter>
      </ZodForm>
      )}
    </FormDialog>
  );
}
