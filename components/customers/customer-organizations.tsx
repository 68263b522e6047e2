"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ExportCsvLink } from "@/components/common/export-csv-link";
import { lazyComponent } from "@/components/common/lazy-component";
import { ActionsHead, TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { customerSummariesExportHref, customerSummariesQueryOptions } from "@/lib/dashboard/queries";
import { homeRoute, organizationPath } from "@/lib/routes";

// The form (react-hook-form, zod, the dialog) is fetched on the intent to add a customer.
const AddCustomerFormDialog = lazyComponent(() => import("./add-customer-dialog").then((module) => module.AddCustomerFormDialog));

/** "Add customer": the button, and once used the form in a dialog. */
function AddCustomerDialog({ mspId }: { mspId: string }) {
  const t = useTranslations("customers");
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        data-testid="add-customer"
        onMouseEnter={AddCustomerFormDialog.preload}
        onFocus={AddCustomerFormDialog.preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Plus aria-hidden />
        {t("add")}
      </Button>
      {opened && <AddCustomerFormDialog mspId={mspId} open={open} setOpen={setOpen} />}
    </>
  );
}

const COLUMNS = 4;

/**
 * The MSP's customer organizations with their Active Sites and Inactive Sites (SPEC §2, §3 MSP customer summary: a
 * site is active or inactive by its own Active flag, the one the site form sets and the dashboards and topology
 * show), counted by the server in one query; Add Customer for those who may configure.
 */
export function CustomerOrganizations() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const customers = useQuery(customerSummariesQueryOptions(organization.id));
  const rows = [...(customers.data ?? [])].sort((a, b) => a.customerName.localeCompare(b.customerName));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t("customers.title")}
        description={t("customers.description", { organization: organization.name })}
        actions={
          <>
            <ExportCsvLink href={customerSummariesExportHref(organization.id)} />
            {canWrite && <AddCustomerDialog mspId={organization.id} />}
          </>
        }
      />
      {customers.error ? (
        <ErrorAlert message={t("errors.loadingContent", { error: customers.error.message })} onRetry={() => customers.refetch()} />
      ) : (
        <Card className="py-0">
          <Table data-testid="customers-table">
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">{t("customers.columns.name")}</TableHead>
                <TableHead className="text-right">{t("customers.columns.activeSites")}</TableHead>
                <TableHead className="text-right">{t("customers.columns.inactiveSites")}</TableHead>
                <ActionsHead className="w-24 pr-4" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {customers.isPending && <TableLoadingRows columns={COLUMNS} />}
              {customers.data?.length === 0 && (
                <TableEmptyRow columns={COLUMNS}>
                  {t("customers.empty")}
                </TableEmptyRow>
              )}
              {rows.map((customer) => (
                <TableRow key={customer.customerOrgId} data-testid="customer-row" data-organization-id={customer.customerOrgId}>
                  <TableCell className="pl-4 font-medium">{customer.customerName}</TableCell>
                  <TableCell className="text-right font-mono tabular-nums" data-testid="customer-active-sites">
                    {customer.activeSites}
                  </TableCell>
                  <TableCell className="text-right font-mono text-muted-foreground tabular-nums" data-testid="customer-inactive-sites">
                    {customer.inactiveSites}
                  </TableCell>
                  <TableCell className="pr-4 text-right">
                    <Button asChild variant="ghost" size="sm">
                      <IntentLink
                        href={organizationPath(customer.customerOrgId, homeRoute("customer"))}
                        aria-label={t("customers.openLabel", { name: customer.customerName })}
                      >
                        {t("customers.open")}
                      </IntentLink>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </div>
  );
}
