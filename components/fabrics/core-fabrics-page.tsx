"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { PagedTable, usePagedList } from "@/components/common/paged-list";
import { StatusDot } from "@/components/dashboard/status-dot";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { coreFabricsQueryOptions } from "@/lib/fabrics/queries";
import { coreFabricHref } from "./fabric-links";

// The dialog and its form are fetched when first opened (or on the button's hover), not with the page.
const AddCoreFabricDialog = lazyComponent(() => import("./add-core-fabric-dialog").then((module) => module.AddCoreFabricDialog));

/** msp/coreFabric: the MSP's core fabrics with their core nodes, links and health, live; Add core fabric for writers. */
export function CoreFabricsPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const fabrics = usePagedList((search) => coreFabricsQueryOptions(organization.id, search), { keepPrevious: true });
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
      <PagedTable
        list={fabrics}
        search={{ label: t("fabrics.core.filter"), testId: "core-fabrics-filter" }}
        testId="core-fabrics-table"
        columns={4}
        header={
          <>
            <TableHead className="pl-4">{t("fabrics.columns.name")}</TableHead>
            <TableHead>{t("fabrics.columns.health")}</TableHead>
            <TableHead className="text-right">{t("fabrics.columns.coreNodes")}</TableHead>
            <TableHead className="pr-4 text-right">{t("fabrics.columns.links")}</TableHead>
          </>
        }
        empty={fabrics.searched ? t("fabrics.core.noMatch", { search: fabrics.searched }) : t(canWrite ? "fabrics.core.empty" : "fabrics.core.emptyReadOnly")}
        loadMore={{ label: t("fabrics.loadMore") }}
      >
        {(rows) =>
          rows.map((fabric) => (
            <TableRow key={fabric.id} data-testid="core-fabric-row">
              <TableCell className="pl-4">
                <IntentLink href={coreFabricHref(organization.id, fabric.id)} className="font-medium hover:underline">
                  {fabric.name}
                </IntentLink>
              </TableCell>
              <TableCell>
                <StatusDot state={fabric.health} />
              </TableCell>
              <TableCell className="text-right font-mono tabular-nums">{fabric.nodeCount}</TableCell>
              <TableCell className="pr-4 text-right font-mono tabular-nums">{fabric.linkCount}</TableCell>
            </TableRow>
          ))
        }
      </PagedTable>
    </div>
  );
}
