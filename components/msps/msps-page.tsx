"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { ChevronRight, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { SearchFilter } from "@/components/common/search-filter";
import { LoadMoreFooter, TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { mspsQueryOptions } from "@/lib/msps/queries";
import { homeRoute, organizationPath } from "@/lib/routes";

const AddMspDialog = lazyComponent(() => import("./add-msp-dialog").then((module) => module.AddMspDialog));

const COLUMNS = 5;

/** The ID column shows an MSP's id by its first 8 characters (the whole id on hover): enough to tell them apart. */
const shortId = (id: string) => id.slice(0, 8);

/** Opening an MSP: its dashboard with its customers, as the organization selector opens it. */
const mspHref = (mspId: string) => organizationPath(mspId, homeRoute("msp"));

/** core/msp, the operator's home (SPEC §2 MSP list): ID, Name, Customers, Attachments; Add MSP for those who configure. */
export function MspsPage() {
  const t = useTranslations();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 300);
  const msps = useInfiniteQuery({ ...mspsQueryOptions(debounced), placeholderData: keepPreviousData });
  const rows = msps.data?.pages.flatMap((page) => page.items) ?? [];
  const add = canWrite ? (
    <Button data-testid="msp-add" onClick={() => setAdding(true)} onPointerEnter={AddMspDialog.preload} onFocus={AddMspDialog.preload}>
      <Plus aria-hidden />
      {t("msps.add")}
    </Button>
  ) : undefined;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("msps.title")} description={t("msps.description")} actions={add} />
      <SearchFilter value={search} onChange={setSearch} label={t("msps.filter")} testId="msps-filter" />
      {msps.isError && !msps.data ? (
        <ErrorAlert message={t("errors.loadingContent", { error: msps.error.message })} onRetry={() => msps.refetch()} />
      ) : (
        <Card className="gap-0 py-0">
          <Table data-testid="msps-table">
            <TableHeader>
              <TableRow>
                <TableHead className="hidden pl-4 sm:table-cell">{t("msps.columns.id")}</TableHead>
                <TableHead className="pl-4 sm:pl-2">{t("msps.columns.name")}</TableHead>
                <TableHead className="text-right">{t("msps.columns.customers")}</TableHead>
                <TableHead className="pr-4 text-right sm:pr-2">{t("msps.columns.attachments")}</TableHead>
                <TableHead className="hidden pr-4 sm:table-cell">
                  <span className="sr-only">{t("msps.columns.actions")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {msps.isPending && <TableLoadingRows columns={COLUMNS} />}
              {!msps.isPending && rows.length === 0 && (
                <TableEmptyRow columns={COLUMNS}>
                  {debounced ? t("msps.noMatch", { search: debounced }) : t("msps.empty")}
                </TableEmptyRow>
              )}
              {rows.map((msp) => (
                <TableRow key={msp.id} data-testid="msp-row" data-msp-id={msp.id}>
                  <TableCell className="hidden pl-4 font-mono text-xs text-muted-foreground sm:table-cell" title={msp.id}>
                    {shortId(msp.id)}
                  </TableCell>
                  <TableCell className="pl-4 font-medium whitespace-normal sm:pl-2">
                    <IntentLink href={mspHref(msp.id)} className="hover:underline" data-testid="msp-row-name">
                      {msp.name}
                    </IntentLink>
                    {/* On a phone the ID sits under the name rather than in a column of its own. */}
                    <div className="font-mono text-xs font-normal text-muted-foreground sm:hidden" title={msp.id}>
                      {shortId(msp.id)}
                    </div>
                  </TableCell>
                  <TableCell className="text-right font-mono tabular-nums" data-testid="msp-customers">
                    {msp.customerCount}
                  </TableCell>
                  <TableCell className="pr-4 text-right font-mono tabular-nums sm:pr-2" data-testid="msp-attachments">
                    {msp.attachmentCount}
                  </TableCell>
                  <TableCell className="hidden pr-4 text-right sm:table-cell">
                    <Button asChild variant="ghost" size="sm">
                      <IntentLink href={mspHref(msp.id)} aria-label={t("msps.openLabel", { name: msp.name })} data-testid="msp-open">
                        {t("msps.open")}
                        <ChevronRight aria-hidden />
                      </IntentLink>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <LoadMoreFooter query={msps} label={t("msps.loadMore")} testId="msps-load-more" />
        </Card>
      )}
      {adding && <AddMspDialog open={adding} setOpen={setAdding} />}
    </div>
  );
}
