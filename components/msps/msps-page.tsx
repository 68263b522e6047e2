"use client";

import { ChevronRight, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { PagedDataTable, type DataColumn } from "@/components/common/data-table";
import { useUrlPagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { mspsQueryOptions, type MspListItem } from "@/lib/msps/queries";
import { homeRoute, organizationPath } from "@/lib/routes";

const AddMspDialog = lazyComponent(() => import("./add-msp-dialog").then((module) => module.AddMspDialog));

/** The ID column shows an MSP's id by its first 8 characters (the whole id on hover): enough to tell them apart. */
const shortId = (id: string) => id.slice(0, 8);

/** Opening an MSP: its dashboard with its customers, as the organization selector opens it. */
const mspHref = (mspId: string) => organizationPath(mspId, homeRoute("msp"));

function useMspColumns(): DataColumn<MspListItem>[] {
  const t = useTranslations("msps");
  return [
    {
      id: "id",
      label: t("columns.id"),
      priority: 2,
      headClassName: "pl-4",
      cellClassName: "pl-4 font-mono text-xs text-muted-foreground",
      cell: (msp) => <span title={msp.id}>{shortId(msp.id)}</span>,
    },
    {
      id: "name",
      label: t("columns.name"),
      cellClassName: "font-medium whitespace-normal",
      cell: (msp) => (
        <IntentLink href={mspHref(msp.id)} className="hover:underline" data-testid="msp-row-name">
          {msp.name}
        </IntentLink>
      ),
    },
    {
      id: "customers",
      label: t("columns.customers"),
      headClassName: "text-right",
      cellClassName: "text-right font-mono tabular-nums",
      cell: (msp) => <span data-testid="msp-customers">{msp.customerCount}</span>,
    },
    {
      id: "attachments",
      label: t("columns.attachments"),
      headClassName: "text-right",
      cellClassName: "text-right font-mono tabular-nums",
      cell: (msp) => <span data-testid="msp-attachments">{msp.attachmentCount}</span>,
    },
    {
      id: "actions",
      label: t("columns.actions"),
      labelHidden: true,
      priority: 2,
      headClassName: "pr-4",
      cellClassName: "pr-4 text-right",
      cell: (msp) => (
        <Button asChild variant="ghost" size="sm">
          <IntentLink href={mspHref(msp.id)} aria-label={t("openLabel", { name: msp.name })} data-testid="msp-open">
            {t("open")}
            <ChevronRight aria-hidden />
          </IntentLink>
        </Button>
      ),
    },
  ];
}

/** core/msp, the operator's home (SPEC §2 MSP list): ID, Name, Customers, Attachments; Add MSP for those who configure. */
export function MspsPage() {
  const t = useTranslations();
  const canWrite = useCan("common:config:write");
  const [adding, setAdding] = useState(false);
  const msps = useUrlPagedList(mspsQueryOptions);
  const columns = useMspColumns();
  const add = canWrite ? (
    <Button data-testid="msp-add" onClick={() => setAdding(true)} onPointerEnter={AddMspDialog.preload} onFocus={AddMspDialog.preload}>
      <Plus aria-hidden />
      {t("msps.add")}
    </Button>
  ) : undefined;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("msps.title")} description={t("msps.description")} actions={add} />
      <PagedDataTable
        list={msps}
        search={{ label: t("msps.filter"), testId: "msps-filter" }}
        testId="msps-table"
        columns={columns}
        rowName={(msp) => msp.name}
        rowProps={(msp) => ({ "data-testid": "msp-row", "data-msp-id": msp.id })}
        empty={msps.searched ? t("msps.noMatch", { search: msps.searched }) : t("msps.empty")}
        loadMore={{ label: t("msps.loadMore"), testId: "msps-load-more" }}
      />
      {adding && <AddMspDialog open={adding} setOpen={setAdding} />}
    </div>
  );
}
