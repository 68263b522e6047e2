"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { nameLinkColumn, PagedDataTable, type DataColumn } from "@/components/common/data-table";
import { useUrlPagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { PageHeader } from "@/components/pages/page-header";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { externalFabricsQueryOptions } from "@/lib/fabrics/queries";
import type { ExternalFabric } from "@/lib/fabrics/schema";
import { externalFabricHref } from "./fabric-links";

// The dialog and its form are fetched when first opened (or on the button's hover), not with the page.
const ExternalFabricDialog = lazyComponent(() => import("./external-fabric-dialog").then((module) => module.ExternalFabricDialog));

function useExternalFabricColumns(mspId: string): DataColumn<ExternalFabric>[] {
  const t = useTranslations("fabrics");
  return [
    nameLinkColumn(t("columns.name"), (fabric) => externalFabricHref(mspId, fabric.id)),
    { id: "type", label: t("columns.type"), cell: (fabric) => t(`externalTypes.${fabric.type}`) },
    {
      id: "clientId",
      label: t("columns.clientId"),
      priority: 2,
      cellClassName: "max-w-64 truncate font-mono text-xs",
      cell: (fabric) => <span title={fabric.clientId}>{fabric.clientId}</span>,
    },
    { id: "updated", label: t("columns.updated"), priority: 3, headClassName: "pr-4", cellClassName: "pr-4 text-muted-foreground", cell: (fabric) => <Timestamp value={fabric.updatedAt} seconds={false} /> },
  ];
}

/** msp/externalFabric: the MSP's Equinix accounts (never their secrets); Add external fabric for writers. */
export function ExternalFabricsPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const fabrics = useUrlPagedList((search) => externalFabricsQueryOptions(organization.id, search));
  const columns = useExternalFabricColumns(organization.id);
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
      <PagedDataTable
        list={fabrics}
        search={{ label: t("fabrics.external.filter"), testId: "external-fabrics-filter" }}
        testId="external-fabrics-table"
        columns={columns}
        loadingRows={2}
        rowName={(fabric) => fabric.name}
        rowProps={() => ({ "data-testid": "external-fabric-row" })}
        empty={
          fabrics.searched
            ? t("fabrics.external.noMatch", { search: fabrics.searched })
            : t(canWrite ? "fabrics.external.empty" : "fabrics.external.emptyReadOnly")
        }
        loadMore={{ label: t("fabrics.loadMore") }}
      />
    </div>
  );
}
