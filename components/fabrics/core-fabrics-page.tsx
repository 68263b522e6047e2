"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { SearchFilter } from "@/components/common/search-filter";
import { LoadMoreFooter, TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { StatusDot } from "@/components/dashboard/status-dot";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { coreFabricsQueryOptions } from "@/lib/fabrics/queries";
import { coreFabricHref } from "./fabric-links";

// The dialog and its form are fetched when first opened (or on the button's hover), not with the page.
const AddCoreFabricDialog = lazyComponent(() => import("./add-core-fabric-dialog").then((module) => module.AddCoreFabricDialog));

const COLUMNS = 4;

/** msp/coreFabric: the MSP's core fabrics with their core nodes, links and health, live; Add core fabric for writers. */
export function CoreFabricsPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 300);
  const fabrics = useInfiniteQuery({ ...coreFabricsQueryOptions(organization.id, debounced), placeholderData: keepPreviousData });
  const rows = fabrics.data?.pages.flatMap((page) => page.items) ?? [];
  const error = fabrics.isError ? <ErrorAlert message={t("errors.loadingContent", { error: fabrics.error.message })} onRetry={() => fabrics.refetch()} /> : null;
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
      <SearchFilter value={search} onChange={setSearch} label={t("fabrics.core.filter")} testId="core-fabrics-filter" />
      {error && !fabrics.data ? (
        error
      ) : (
        <Card className="gap-0 py-0">
          <Table data-testid="core-fabrics-table">
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">{t("fabrics.columns.name")}</TableHead>
                <TableHead>{t("fabrics.columns.health")}</TableHead>
                <TableHead className="text-right">{t("fabrics.columns.coreNodes")}</TableHead>
                <TableHead className="pr-4 text-right">{t("fabrics.columns.links")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {fabrics.isPending && <TableLoadingRows columns={COLUMNS} />}
              {fabrics.isSuccess && rows.length === 0 && (
                <TableEmptyRow columns={COLUMNS}>
                  {debounced.trim() ? t("fabrics.core.noMatch", { search: debounced.trim() }) : t(canWrite ? "fabrics.core.empty" : "fabrics.core.emptyReadOnly")}
                </TableEmptyRow>
              )}
              {rows.map((fabric) => (
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
              ))}
            </TableBody>
          </Table>
          <LoadMoreFooter query={fabrics} label={t("fabrics.loadMore")} />
        </Card>
      )}
      {error && fabrics.data && <div className="mt-3">{error}</div>}
    </div>
  );
}
