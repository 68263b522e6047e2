"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { nameLinkColumn, PagedDataTable, type DataColumn } from "@/components/common/data-table";
import { useUrlPagedList } from "@/components/common/paged-list";
import { StatusDot } from "@/components/dashboard/status-dot";
import { PageHeader } from "@/components/pages/page-header";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { coreFabricsQueryOptions } from "@/lib/fabrics/queries";
import type { CoreFabricListItem } from "@/lib/fabrics/schema";
import { coreFabricHref } from "./fabric-links";

// The dialog and its form are fetched when first opened (or on the button's hover), not with the page.
const AddCoreFabricDialog = lazyComponent(() => import("./add-core-fabric-dialog").then((module) => module.AddCoreFabricDialog));

function useCoreFabricColumns(mspId: string): DataColumn<CoreFabricListItem>[] {
  const t = useTranslations("fabrics.columns");
  return [
    nameLinkColumn(t("name"), (fabric) => coreFabricHref(mspId, fabric.id)),
    { id: "health", label: t("health"), cell: (fabric) => <StatusDot state={fabric.health} /> },
    { id: "coreNodes", label: t("coreNodes"), priority: 2, headClassName: "text-right", cellClassName: "text-right font-mono tabular-nums", cell: (fabric) => fabric.nodeCount },
    { id: "links", label: t("links"), priority: 2, headClassName: "pr-4 text-right", cellClassName: "pr-4 text-right font-mono tabular-nums", cell: (fabric) => fabric.linkCount },
  ];
}

/** msp/coreFabric: the MSP's core fabrics with their core nodes, links and health, live; Add core fabric for writers. */
export function CoreFabricsPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const fabrics = useUrlPagedList((search) => coreFabricsQueryOptions(organization.id, search));
  const columns = useCoreFabricColumns(organization.id);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t("fabrics.core.title")}
        description={t("fabrics.core.description", { organization: organization.name })}
        actions={
          canWrite ? (
            <Button data-testid="add-core-fabric" onClick={() => setAdding(true)} onPointerEnter={AddCoreFabricDialog.preload} onFocus={AddCoreFabricDialog.preload}>
              <Plus aria-hidden />
              {t("fabrics.core.add")}
            </Button>
          ) : undefined
        }
      />
      {adding && <AddCoreFabricDialog mspId={organization.id} open onOpenChange={setAdding} />}
      <PagedDataTable
        list={fabrics}
        search={{ label: t("fabrics.core.filter"), testId: "core-fabrics-filter" }}
        testId="core-fabrics-table"
        columns={columns}
        rowName={(fabric) => fabric.name}
        rowProps={() => ({ "data-testid": "core-fabric-row" })}
        empty={fabrics.searched ? t("fabrics.core.noMatch", { search: fabrics.searched }) : t(canWrite ? "fabrics.core.empty" : "fabrics.core.emptyReadOnly")}
        loadMore={{ label: t("fabrics.loadMore") }}
      />
    </div>
  );
}
