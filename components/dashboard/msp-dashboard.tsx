"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePagedList } from "@/components/common/paged-list";
import { CoreFabricsCard } from "@/components/fabrics/core-fabrics-card";
import { PageHeader } from "@/components/pages/page-header";
import { useCan } from "@/components/shell/use-console";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { customerSummariesQueryOptions } from "@/lib/dashboard/queries";
import { organizationPath } from "@/lib/routes";
import { cn } from "@/lib/utils";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import { RecentChatsCard } from "./recent-chats-card";
import { cardQueries } from "@/lib/dashboard/card-queries";

/** The MSP dashboard: each customer with its active and inactive sites and open alarms, a link to its dashboard. */
export function MspDashboard({ mspId }: { mspId: string }) {
  const t = useTranslations("dashboard");
  const canReadNetwork = useCan("common:config:read");
  const summaries = useQuery(customerSummariesQueryOptions(mspId));
  const alarms = usePagedList(() => cardQueries.alarms());
  const openAlarms = new Map<string, number>();
  for (const alarm of alarms.rows) {
    if (alarm.clearedAt === null) openAlarms.set(alarm.organizationId, (openAlarms.get(alarm.organizationId) ?? 0) + 1);
  }
  const more = alarms.query.hasNextPage ? "+" : "";
  const customers = [...(summaries.data ?? [])].sort((a, b) => a.customerName.localeCompare(b.customerName));
  const totals = customers.reduce((sum, customer) => ({ active: sum.active + customer.activeSites, inactive: sum.inactive + customer.inactiveSites }), { active: 0, inactive: 0 });
  return (
    <div className="flex flex-col gap-4" data-testid="msp-dashboard">
      <PageHeader title={t("mspTitle")} description={t("mspDescription")} />
      <div className="grid gap-4 sm:grid-cols-3">
        {[
          { label: t("customers"), value: customers.length },
          { label: t("activeSites"), value: totals.active },
          { label: t("inactiveSites"), value: totals.inactive },
        ].map((figure) => (
          <div key={figure.label} className="rounded-lg border bg-card px-4 py-3">
            <div className="text-xs text-muted-foreground">{figure.label}</div>
            <div className="font-mono text-2xl tabular-nums">{summaries.isPending ? "—" : figure.value}</div>
          </div>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
      <DashboardCard title={t("customers")} subtitle={t("customersSubtitle")} testId="msp-customers" className="xl:col-span-2">
        {summaries.isPending ? (
          <CardSkeleton />
        ) : summaries.isError ? (
          <CardMessage tone="error">{t("loadError", { error: summaries.error.message })}</CardMessage>
        ) : customers.length === 0 ? (
          <CardMessage>{t("noCustomers")}</CardMessage>
        ) : (
          <Table className="text-xs">
            <TableHeader>
              <TableRow>
                <TableHead className="h-8">{t("columns.customer")}</TableHead>
                <TableHead className="h-8 text-right">{t("activeSites")}</TableHead>
                <TableHead className="h-8 text-right">{t("inactiveSites")}</TableHead>
                <TableHead className="h-8 text-right">{t("openAlarms")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {customers.map((customer) => {
                const open = openAlarms.get(customer.customerOrgId) ?? 0;
                return (
                  <TableRow key={customer.customerOrgId} data-testid="msp-customer" data-organization-id={customer.customerOrgId}>
                    <TableCell className="py-2">
                      <Link href={organizationPath(mspId, `msp/dashboard/${encodeURIComponent(customer.customerOrgId)}`)} className="text-sm font-medium hover:underline">
                        {customer.customerName}
                      </Link>
                    </TableCell>
                    <TableCell className="py-2 text-right font-mono tabular-nums" data-testid="active-sites">
                      {customer.activeSites}
                    </TableCell>
                    <TableCell className="py-2 text-right font-mono text-muted-foreground tabular-nums" data-testid="inactive-sites">
                      {customer.inactiveSites}
                    </TableCell>
                    <TableCell className={cn("py-2 text-right font-mono tabular-nums", open > 0 && "font-semibold text-status-bad")}>
                      {alarms.query.isPending ? "—" : `${open}${open > 0 ? more : ""}`}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </DashboardCard>
      <RecentChatsCard organizationId={mspId} />
      {canReadNetwork && <CoreFabricsCard mspId={mspId} />}
      </div>
    </div>
  );
}
