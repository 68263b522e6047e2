"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { CardMessage, CardSkeleton, DashboardCard } from "@/components/dashboard/dashboard-card";
import { StatusDot } from "@/components/dashboard/status-dot";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { organizationPath } from "@/lib/routes";
import { connectedSitesQueryOptions } from "@/lib/telemetry/queries";

/** The customers and sites the node serves (through its ports), grouped by customer, each site with its worst SLA. */
export function ConnectedSitesCard({ nodeId, title }: { nodeId: string; title: string }) {
  const t = useTranslations("nodes.served");
  const tSwitch = useTranslations("nodes.ports.switchPorts");
  const { organization } = useConsole();
  const query = useQuery(connectedSitesQueryOptions(nodeId));
  const customers = new Map<string, { name: string; sites: NonNullable<typeof query.data>["items"] }>();
  for (const site of query.data?.items ?? []) {
    const entry = customers.get(site.organizationId) ?? { name: site.organizationName, sites: [] };
    entry.sites.push(site);
    customers.set(site.organizationId, entry);
  }
  return (
    <DashboardCard title={title} subtitle={query.data ? t("summary", { customers: query.data.customers, sites: query.data.total }) : undefined} testId="connected-sites">
      {query.isPending ? (
        <CardSkeleton rows={3} />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : customers.size === 0 ? (
        <CardMessage>{t("none")}</CardMessage>
      ) : (
        <ul className="grid gap-3">
          {[...customers].map(([customerId, customer]) => (
            <li key={customerId} className="grid gap-1">
              <IntentLink href={organizationPath(organization.id, `msp/dashboard/${encodeURIComponent(customerId)}`)} className="text-sm font-medium hover:underline">
                {customer.name}
              </IntentLink>
              <ul className="grid gap-1 border-l pl-3">
                {customer.sites.map((site) => (
                  <li key={site.siteId} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="connected-site">
                    <IntentLink
                      href={organizationPath(organization.id, `msp/dashboard/${encodeURIComponent(customerId)}/${encodeURIComponent(site.siteId)}`)}
                      className="hover:underline"
                    >
                      {site.name}
                    </IntentLink>
                    <span className="flex items-center gap-3">
                      <span className="text-xs text-muted-foreground" data-testid="connected-site-ports">
                        {[...site.ports, ...site.switchPorts.map((index) => tSwitch("name", { index }))].join(", ")}
                      </span>
                      <StatusDot state={site.sla} />
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {query.data && query.data.total > query.data.items.length && (
        <p className="mt-3 text-xs text-muted-foreground" data-testid="rows-left-out">
          {t("firstListed", { shown: query.data.items.length })}
        </p>
      )}
    </DashboardCard>
  );
}
