"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { PagedTable, usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { externalFabricsQueryOptions } from "@/lib/fabrics/queries";
import { externalFabricHref } from "./fabric-links";

// The dialog and its form are fetched when first opened (or on the button's hover), not with the page.
const ExternalFabricDialog = lazyComponent(() => import("./external-fabric-dialog").then((module) => module.ExternalFabricDialog));

/** msp/externalFabric: the MSP's Equinix accounts (never their secrets); Add external fabric for writers. */
export function ExternalFabricsPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const fabrics = usePagedList((search) => externalFabricsQueryOptions(organization.id, search), { keepPrevious: true });
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t("fabrics.external.title")}
        description={t("fabrics.external.description", { organization: organization.name })}
        actions={
          canWrite ? (
            <Button data-testid="add-external-fabric" onClick={() => setAdding(true)} onPointerEnter={ExternalFabricDialog.preload} onFocus={ExternalFabricDialog.preload}>
              <Plus aria-hidden />
              {t("fabrics.external.add")}
            </Button>
          ) : undefined
        }
      />
      {adding && <ExternalFabricDialog open mspId={organization.id} onClose={() => setAdding(false)} />}
      <PagedTable
        list={fabrics}
        search={{ label: t("fabrics.external.filter"), testId: "external-fabrics-filter" }}
        testId="external-fabrics-table"
        columns={4}
        loadingRows={2}
        header={
          <>
            <TableHead className="pl-4">{t("fabrics.columns.name")}</TableHead>
            <TableHead>{t("fabrics.columns.type")}</TableHead>
            <TableHead>{t("fabrics.columns.clientId")}</TableHead>
            <TableHead className="pr-4">{t("fabrics.columns.updated")}</TableHead>
          </>
        }
        empty={
          fabrics.searched
            ? t("fabrics.external.noMatch", { search: fabrics.searched })
            : t(canWrite ? "fabrics.external.empty" : "fabrics.external.emptyReadOnly")
        }
        loadMore={{ label: t("fabrics.loadMore") }}
      >
        {(rows) =>
          rows.map((fabric) => (
            <TableRow key={fabric.id} data-testid="external-fabric-row">
              <TableCell className="pl-4">
                <IntentLink href={externalFabricHref(organization.id, fabric.id)} className="font-medium hover:underline">
                  {fabric.name}
                </IntentLink>
              </TableCell>
              <TableCell>{t(`fabrics.externalTypes.${fabric.type}`)}</TableCell>
              <TableCell className="max-w-64 truncate font-mono text-xs" title={fabric.clientId}>
                {fabric.clientId}
              </TableCell>
              <TableCell className="pr-4 text-muted-foreground">
                <Timestamp value={fabric.updatedAt} seconds={false} />
              </TableCell>
            </TableRow>
          ))
        }
      </PagedTable>
    </div>
  );
}
