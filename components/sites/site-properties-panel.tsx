"use client";

import { FileCheck2, FileX2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { FormSheet } from "@/components/common/form-sheet";
import { ErrorAlert } from "@/components/errors/error-alert";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Switch } from "@/components/ui/switch";
import { useDeleteSite, useUpdateSite, useUploadAwsConfig } from "@/lib/sites/queries";
import { AWS_SITE_TYPES, type Site } from "@/lib/sites/schema";
import { AwsConfigFileInput } from "./aws-config-file";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { SiteFields, siteFormValues, useSiteForm } from "./site-form";
import { sitesHref } from "./site-links";
import { SiteSummary } from "./site-properties";

function AwsConfigSection({ site, canWrite }: { site: Site; canWrite: boolean }) {
  const t = useTranslations();
  const upload = useUploadAwsConfig();
  const [failed, setFailed] = useState(false);
  return (
    <section className="grid gap-2" data-testid="aws-config-section">
      <h3 className="text-sm font-medium">{t("sites.awsConfig.title")}</h3>
      <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="aws-config-status">
        {site.awsConfigSet ? <FileCheck2 aria-hidden className="mt-0.5 size-4 text-status-healthy" /> : <FileX2 aria-hidden className="mt-0.5 size-4" />}
        {site.awsConfigSet ? t("sites.awsConfig.set") : t("sites.awsConfig.notSet")}
      </p>
      {canWrite && (
        <div>
          <AwsConfigFileInput
            label={site.awsConfigSet ? t("sites.awsConfig.replace") : t("sites.awsConfig.upload")}
            busy={upload.isPending}
            onFile={(file) => {
              setFailed(file === null);
              upload.reset();
              if (!file) return;
              upload.mutate(
                { siteId: site.id, upload: file },
                { onSuccess: (saved) => toast.success(t("sites.awsConfig.uploaded", { name: saved.name })) },
              );
            }}
          />
        </div>
      )}
      {failed && (
        <p className="text-sm text-destructive" role="alert" data-testid="aws-config-error">
          {t("validation.awsConfigFile")}
        </p>
      )}
      {upload.error && <ErrorAlert error={upload.error} />}
    </section>
  );
}

function ActiveSwitch({ site }: { site: Site }) {
  const t = useTranslations("sites.properties");
  const update = useUpdateSite(site.id);
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor="site-active">{t("activeLabel")}</Label>
        <p className="text-sm text-muted-foreground">{t("activeHint")}</p>
      </div>
      <Switch
        id="site-active"
        checked={site.active}
        disabled={update.isPending}
        data-testid="site-active"
        onCheckedChange={(active) =>
          update.mutate(
            { active },
            {
              onSuccess: (saved) => toast.success(t(saved.active ? "activated" : "deactivated", { name: saved.name })),
              onError: (error) => toast.failure(error),
            },
          )
        }
      />
    </div>
  );
}

/** SPEC §6: only the customer deletes a site; an MSP viewing its customer is told so. */
function DeleteSite({ site }: { site: Site }) {
  const t = useTranslations("sites");
  const router = useRouter();
  const { organization, organizations, user } = useConsole();
  const remove = useDeleteSite();
  const ownType = organizations.find((org) => org.id === user.organizationId)?.organizationType;
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-medium text-destructive">{t("properties.danger")}</h3>
      {ownType === "customer" ? (
        <>
          <p className="text-sm text-muted-foreground">{t("properties.deleteHint")}</p>
          <div>
            <ConfirmDelete
              title={t("properties.deleteTitle", { name: site.name })}
              description={t("properties.deleteDescription")}
              confirmLabel={t("properties.delete")}
              testId="site-delete"
              onConfirm={async () => {
                await remove.mutateAsync(site);
                toast.success(t("deleted", { name: site.name }));
                router.push(sitesHref(organization.id));
              }}
            />
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="site-delete-customer-only">
          {t("properties.deleteCustomerOnly", { customer: organization.name })}
        </p>
      )}
    </section>
  );
}

/** The site's properties panel (SPEC §2: ?properties=true on a configuration page opens it). */
export function SitePropertiesPanel({ site, open, onOpenChange }: { site: Site; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations();
  const canWrite = useCan("common:config:write");
  const update = useUpdateSite(site.id);
  const form = useSiteForm(site);
  return (
    <FormSheet
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      values={siteFormValues(site)}
      mutation={update}
      guardUnsavedChanges
      stayOpen
      onSuccess={(saved) => {
        form.reset(siteFormValues(saved));
        toast.success(t("sites.saved", { name: saved.name }));
      }}
      title={t("sites.properties.title")}
      description={canWrite ? t("sites.properties.description", { name: site.name }) : t("sites.properties.readOnly")}
      testId="site-properties"
      submitLabel={t("sites.form.save")}
      submitTestId="site-save"
      readOnlyView={canWrite ? undefined : <SiteSummary site={site} columns={2} />}
      after={
        <>
          {AWS_SITE_TYPES.includes(site.type) && (
            <>
              <Separator />
              <AwsConfigSection site={site} canWrite={canWrite} />
            </>
          )}
          {canWrite && (
            <>
              <Separator />
              <ActiveSwitch site={site} />
              <Separator />
              <DeleteSite site={site} />
            </>
          )}
        </>
      }
    >
      <SiteFields form={form} />
    </FormSheet>
  );
}
