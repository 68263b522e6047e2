"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ErrorAlert } from "@/components/errors/error-alert";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { customerOrganizationsQueryOptions, useCreateCustomerOrganization } from "@/lib/organizations/queries";
import { customerOrganizationCreateSchema } from "@/lib/organizations/schema";
import { homeRoute, organizationPath } from "@/lib/routes";

function AddCustomerDialog({ mspId }: { mspId: string }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const create = useCreateCustomerOrganization(mspId);
  const form = useZodForm(customerOrganizationCreateSchema, { defaultValues: { name: "", userEmail: "" } });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      create.reset();
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button data-testid="add-customer">
          <Plus aria-hidden />
          {t("customers.add")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("customers.addTitle")}</DialogTitle>
          <DialogDescription>{t("customers.addDescription")}</DialogDescription>
        </DialogHeader>
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (created) => {
                toast.success(t("customers.created", { name: created.name, email: created.invitation.email }));
                onOpenChange(false);
              },
              onError: (error) => applyServerIssues(form, error),
            })
          }
        >
          {create.error && <ErrorAlert message={create.error.message} />}
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("customers.name")}</FormLabel>
                <FormControl>
                  <Input data-testid="customer-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="userEmail"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("customers.userEmail")}</FormLabel>
                <FormControl>
                  <Input type="email" data-testid="customer-email" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={create.isPending} data-testid="customer-create">
              {t("common.create")}
            </Button>
          </DialogFooter>
        </ZodForm>
      </DialogContent>
    </Dialog>
  );
}

/** The MSP's customer organizations, with Add Customer for those who may configure. */
export function CustomerOrganizations() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const customers = useQuery(customerOrganizationsQueryOptions(organization.id));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t("customers.title")}
        description={t("customers.description", { organization: organization.name })}
        actions={canWrite ? <AddCustomerDialog mspId={organization.id} /> : undefined}
      />
      {customers.error ? (
        <ErrorAlert message={customers.error.message} onRetry={() => customers.refetch()} />
      ) : (
        <Card className="py-0">
          <Table data-testid="customers-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t("customers.columns.name")}</TableHead>
                <TableHead>{t("customers.columns.id")}</TableHead>
                <TableHead className="w-24" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {customers.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3} className="py-10 text-center text-muted-foreground">
                    {t("customers.empty")}
                  </TableCell>
                </TableRow>
              )}
              {customers.data?.map((customer) => (
                <TableRow key={customer.id}>
                  <TableCell className="font-medium">{customer.name}</TableCell>
                  <TableCell className="font-mono text-xs text-muted-foreground">{customer.id}</TableCell>
                  <TableCell className="text-right">
                    <Button asChild variant="ghost" size="sm">
                      <IntentLink href={organizationPath(customer.id, homeRoute(customer.organizationType))}>{t("customers.open")}</IntentLink>
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
