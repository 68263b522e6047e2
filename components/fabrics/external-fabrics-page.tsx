"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { SearchFilter } from "@/components/common/search-filter";
import { LoadMoreFooter, TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { Timestamp } from "@/components/common/timestamp";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { externalFabricsQueryOptions } from "@/lib/fabrics/queries";
import { externalFabricHref } from "./fabric-links";

// The dialog and its form are fetched when first opened (or on the button's hover), not with the page.
const ExternalFabricDialog = lazyComponent(() => import("./external-fabric-dialog").then((module) => module.ExternalFabricDialog));

const COLUMNS = 4;

/** msp/externalFabric: the MSP's Equinix accounts (never their secrets); Add external fabric for writers. */
export function ExternalFabricsPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 300);
  const fabrics = useInfiniteQuery({ ...externalFabricsQueryOptions(organization.id, debounced), placeholderData: keepPreviousData });
  const rows = fabrics.data?.pages.flatMap((page) => page.items) ?? [];
  const error = fabrics.isError ? <ErrorAlert message={t("errors.loadingContent", { error: fabrics.error.message })} onRetry={() => fabrics.refetch()} /> : null;
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
      <SearchFilter value={search} onChange={setSearch} label={t("fabrics.external.filter")} testId="external-fabrics-filter" />
      {error && !fabrics.data ? (
        error
      ) : (
        <Card className="gap-0 py-0">
          <Table data-testid="external-fabrics-table">
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">{t("fabrics.columns.name")}</TableHead>
                <TableHead>{t("fabrics.columns.type")}</TableHead>
                <TableHead>{t("fabrics.columns.clientId")}</TableHead>
                <TableHead className="pr-4">{t("fabrics.columns.updated")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {fabrics.isPending && <TableLoadingRows columns={COLUMNS} rows={2} />}
              {fabrics.isSuccess && rows.length === 0 && (
                <TableEmptyRow columns={COLUMNS}>
                  {debounced.trim()
                    ? t("fabrics.external.noMatch", { search: debounced.trim() })
                    : t(canWrite ? "fabrics.external.empty" : "fabrics.external.emptyReadOnly")}
                </TableEmptyRow>
              )}
              {rows.map((fabric) => (
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
