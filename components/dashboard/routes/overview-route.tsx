"use client";

import { useTranslations } from "next-intl";
import { organizationPath } from "@/lib/routes";
import { DashboardBreadcrumb } from "../breadcrumb";
import { CustomerOverview } from "../customer-overview";
import { customerDashboardLinks, mspDashboardLinks } from "../links";
import { useCustomerName, type CustomerProps, type MspProps } from "./route-props";

// The overview of a customer organization: the customer's own dashboard, or a customer seen from its MSP's.

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
