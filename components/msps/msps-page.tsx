"use client";

import { ChevronRight, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { PagedTable, usePagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { mspsQueryOptions } from "@/lib/msps/queries";
import { homeRoute, organizationPath } from "@/lib/routes";

const AddMspDialog = lazyComponent(() => import("./add-msp-dialog").then((module) => module.AddMspDialog));

/** The ID column shows an MSP's id by its first 8 characters (the whole id on hover): enough to tell them apart. */
const shortId = (id: string) => id.slice(0, 8);

/** Opening an MSP: its dashboard with its customers, as the organization selector opens it. */
const mspHref = (mspId: string) => organizationPath(mspId, homeRoute("msp"));

/** core/msp, the operator's home (SPEC §2 MSP list): ID, Name, Customers, Attachments; Add MSP for those who configure. */
export function MspsPage() {
  const t = useTranslations();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const msps = usePagedList(mspsQueryOptions, { keepPrevious: true });
  const add = canWrite ? (
    <Button data-testid="msp-add" onClick={() => setAdding(true)} onPointerEnter={AddMspDialog.preload} onFocus={AddMspDialog.preload}>
      <Plus aria-hidden />
      {t("msps.add")}
    </Button>
  ) : undefined;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("msps.title")} description={t("msps.description")} actions={add} />
      <PagedTable
        list={msps}
        search={{ label: t("msps.filter"), testId: "msps-filter" }}
        testId="msps-table"
        columns={5}
        header={
          <>
            <TableHead className="hidden pl-4 sm:table-cell">{t("msps.columns.id")}</TableHead>
            <TableHead className="pl-4 sm:pl-2">{t("msps.columns.name")}</TableHead>
            <TableHead className="text-right">{t("msps.columns.customers")}</TableHead>
            <TableHead className="pr-4 text-right sm:pr-2">{t("msps.columns.attachments")}</TableHead>
            <TableHead className="hidden pr-4 sm:table-cell">
              <span className="sr-only">{t("msps.columns.actions")}</span>
            </TableHead>
          </>
        }
        empty={msps.searched ? t("msps.noMatch", { search: msps.searched }) : t("msps.empty")}
        loadMore={{ label: t("msps.loadMore"), testId: "msps-load-more" }}
      >
        {(rows) =>
          rows.map((msp) => (
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
          ))
        }
      </PagedTable>
      {adding && <AddMspDialog open={adding} setOpen={setAdding} />}
    </div>
  );
}
