"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useCreateSite, useUploadAwsConfig } from "@/lib/sites/queries";
import { AWS_SITE_TYPES, type AwsConfigUpload, type SiteCreate, type SiteType } from "@/lib/sites/schema";
import { AwsConfigFileField } from "./aws-config-file";
import { SiteFields, useSiteForm } from "./site-form";
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

  return (
    <MutationFormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setAwsConfig(null);
      }}
      form={form}
      // The AWS configuration file goes once the site exists: the button stays busy until it has.
      mutation={formMutation((values: SiteCreate) => create.mutateAsync(values), create, upload)}
      dirty={awsConfig !== null}
      guardUnsavedChanges
      onSuccess={async (site) => {
        toast.success(t("sites.created", { name: site.name }));
        if (awsConfig && AWS_SITE_TYPES.includes(site.type)) {
          // The site exists either way; a refused file can be uploaded again from its properties.
          await upload.mutateAsync({ siteId: site.id, upload: awsConfig }).then(
            () => toast.success(t("sites.awsConfig.uploaded", { name: site.name })),
            (error: Error) => toast.failure(error),
          );
        }
        router.push(siteHref(organizationId, site.id));
      }}
      title={t("sites.addTitle")}
      description={t("sites.addDescription")}
      testId="site-dialog"
      submitLabel={t("sites.form.create")}
      submitTestId="site-create"
    >
      <SiteFields form={form} />
      {AWS_SITE_TYPES.includes(type) && <AwsConfigFileField value={awsConfig} onChange={setAwsConfig} />}
    </MutationFormDialog>
  );
}
