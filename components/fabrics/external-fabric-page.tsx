"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, LockKeyhole, Pencil } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { lazyComponent } from "@/components/common/lazy-component";
import { Timestamp } from "@/components/common/timestamp";
import { DashboardCard } from "@/components/dashboard/dashboard-card";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { externalFabricQueryOptions, useDeleteExternalFabric } from "@/lib/fabrics/queries";
import { externalFabricsHref } from "./fabric-links";

// The edit dialog and its form are fetched when first opened (or on the button's hover), not with the page.
const ExternalFabricDialog = lazyComponent(() => import("./external-fabric-dialog").then((module) => module.ExternalFabricDialog));

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** msp/externalFabric/{fabricId}: the account's name, type and client ID; its secret only as "set". Edit and delete. */
export function ExternalFabricPage({ fabricId }: { fabricId: string }) {
  const t = useTranslations();
  const router = useRouter();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [editing, setEditing] = useState(false);
  const fabric = useQuery(externalFabricQueryOptions(fabricId));
  const remove = useDeleteExternalFabric();
  const back = (
    <IntentLink href={externalFabricsHref(organization.id)} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden />
      {t("fabrics.external.title")}
    </IntentLink>
  );
  if (!fabric.data) {
    return (
      <div className="mx-auto max-w-3xl">
        {back}
        {fabric.isError ? <ErrorAlert message={t("errors.loadingContent", { error: fabric.error.message })} onRetry={() => fabric.refetch()} /> : <Skeleton className="h-40 w-full" />}
      </div>
    );
  }
  const data = fabric.data;
  return (
    <div className="mx-auto max-w-3xl">
      {back}
      <PageHeader
        title={data.name}
        description={t(`fabrics.externalTypes.${data.type}`)}
        actions={
          canWrite ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)} onPointerEnter={ExternalFabricDialog.preload} onFocus={ExternalFabricDialog.preload} data-testid="edit-external-fabric">
                <Pencil aria-hidden />
                {t("fabrics.external.edit")}
              </Button>
              <ConfirmDelete
                title={t("fabrics.external.deleteTitle", { name: data.name })}
                description={t("fabrics.external.deleteDescription")}
                confirmLabel={t("fabrics.external.delete")}
                testId="delete-external-fabric"
                onConfirm={async () => {
                  await remove.mutateAsync(data);
                  toast.success(t("fabrics.external.deleted", { name: data.name }));
                  router.push(externalFabricsHref(organization.id));
                }}
              />
            </>
          ) : undefined
        }
      />
      {editing && <ExternalFabricDialog open mspId={organization.id} fabric={data} onClose={() => setEditing(false)} />}
      <DashboardCard title={t("fabrics.external.account")} subtitle={t("fabrics.external.accountSubtitle")} testId="external-fabric-account">
        <dl className="divide-y">
          <Row label={t("fabrics.fields.type")}>{t(`fabrics.externalTypes.${data.type}`)}</Row>
          <Row label={t("fabrics.fields.clientId")}>
            <span className="font-mono">{data.clientId}</span>
          </Row>
          <Row label={t("fabrics.fields.clientSecret")}>
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <LockKeyhole className="size-3.5" aria-hidden />
              {t("fabrics.external.secretStored")}
            </span>
          </Row>
          <Row label={t("fabrics.external.createdAt")}>
            <Timestamp value={data.createdAt} seconds={false} />
          </Row>
          <Row label={t("fabrics.external.updatedAt")}>
            <Timestamp value={data.updatedAt} seconds={false} />
          </Row>
        </dl>
      </DashboardCard>
    </div>
  );
}
