"use client";

import { useTranslations } from "next-intl";
import { useConsole } from "@/components/shell/use-console";
import { organizationPath } from "@/lib/routes";
import { DashboardBreadcrumb } from "./breadcrumb";
import { ConnectorDashboard } from "./connector-dashboard";
import { CustomerOverview } from "./customer-overview";
import { customerDashboardLinks, mspDashboardLinks } from "./links";
import { PathDashboard } from "./path-dashboard";
import { SiteDashboard } from "./site-dashboard";

// The dashboard routes' client entries: the server pages pass plain props (ids, names, the charts' range start)
// and these build the links for the level they are at.

interface CustomerProps {
  organizationId: string;
  organizationName: string;
  since: string;
}

export function CustomerDashboardRoute({ organizationId, organizationName, since }: CustomerProps) {
  const t = useTranslations("dashboard");
  return (
    <CustomerOverview
      organizationId={organizationId}
      title={t("title")}
      description={t("descriptionOf", { name: organizationName })}
      links={customerDashboardLinks(organizationId)}
      alarmsHref={organizationPath(organizationId, "alarms")}
      since={since}
    />
  );
}

export function CustomerSiteRoute({ organizationId, organizationName, since, siteId }: CustomerProps & { siteId: string }) {
  return (
    <SiteDashboard
      organizationId={organizationId}
      homeLabel={organizationName}
      siteId={siteId}
      links={customerDashboardLinks(organizationId)}
      alarmsHref={organizationPath(organizationId, "alarms")}
      since={since}
    />
  );
}

export function CustomerPathRoute({ organizationId, organizationName, since, siteId, pathId }: CustomerProps & { siteId: string; pathId: string }) {
  return <PathDashboard homeLabel={organizationName} siteId={siteId} pathId={pathId} links={customerDashboardLinks(organizationId)} since={since} />;
}

export function CustomerConnectorRoute({ organizationId, organizationName, since, siteId, connectorId }: CustomerProps & { siteId: string; connectorId: string }) {
  return <ConnectorDashboard homeLabel={organizationName} siteId={siteId} connectorId={connectorId} links={customerDashboardLinks(organizationId)} since={since} />;
}

interface MspProps {
  mspId: string;
  customerId: string;
  since: string;
}

/** The customer's name, from the organizations the console loaded at its root. */
function useCustomerName(customerId: string) {
  const { organizations } = useConsole();
  return organizations.find((organization) => organization.id === customerId)?.name ?? "";
}

export function MspCustomerRoute({ mspId, customerId, since }: MspProps) {
  const t = useTranslations("dashboard");
  const name = useCustomerName(customerId);
  return (
    <CustomerOverview
      organizationId={customerId}
      title={name}
      description={t("mspCustomerDescription")}
      links={mspDashboardLinks(mspId, customerId)}
      alarmsHref={organizationPath(mspId, "alarms")}
      since={since}
      breadcrumb={<DashboardBreadcrumb items={[{ label: t("mspTitle"), href: organizationPath(mspId, "msp/dashboard") }, { label: name }]} />}
    />
  );
}

export function MspSiteRoute({ mspId, customerId, since, siteId }: MspProps & { siteId: string }) {
  const name = useCustomerName(customerId);
  return (
    <SiteDashboard
      organizationId={customerId}
      homeLabel={name}
      siteId={siteId}
      links={mspDashboardLinks(mspId, customerId)}
      alarmsHref={organizationPath(mspId, "alarms")}
      since={since}
    />
  );
}

export function MspConnectorRoute({ mspId, customerId, since, siteId, connectorId }: MspProps & { siteId: string; connectorId: string }) {
  const name = useCustomerName(customerId);
  return <ConnectorDashboard homeLabel={name} siteId={siteId} connectorId={connectorId} links={mspDashboardLinks(mspId, customerId)} since={since} />;
}
