"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { ErrorAlert } from "@/components/errors/error-alert";
import { TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { customerSummariesQueryOptions } from "@/lib/dashboard/queries";
import { useCreateCustomerOrganization } from "@/lib/organizations/queries";
import { customerOrganizationCreateSchema } from "@/lib/organizations/schema";
import { homeRoute, organizationPath } from "@/lib/routes";

function AddCustomerDialog({ mspId }: { mspId: string }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const create = useCreateCustomerOrganization(mspId);
  const form = useZodForm(customerOrganizationCreateSchema, { defaultValues: { name: "", userEmail: "" } });
  return (
    <>
      <Button data-testid="add-customer" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        {t("customers.add")}
      </Button>
      <MutationFormDialog
        open={open}
        onOpenChange={setOpen}
        form={form}
        mutation={create}
        onSuccess={(created) => toast.success(t("customers.created", { name: created.name, email: created.invitation.email }))}
        title={t("customers.addTitle")}
        description={t("customers.addDescription")}
        submitLabel={t("common.create")}
        submitTestId="customer-create"
      >
        <TextField control={form.control} name="name" label={t("customers.name")} testId="customer-name" autoComplete="organization" />
        <TextField control={form.control} name="userEmail" label={t("customers.userEmail")} testId="customer-email" autoComplete="email" />
      </MutationFormDialog>
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
        actions={canWrite ? <AddCustomerDialog mspId={organization.id} /> : undefined}
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
                <TableHead className="w-24 pr-4" />
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
