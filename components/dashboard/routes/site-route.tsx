"use client";

import { organizationPath } from "@/lib/routes";
import { customerDashboardLinks, mspDashboardLinks } from "../links";
import { SiteDashboard } from "../site-dashboard";
import { useCustomerName, type CustomerProps, type MspProps } from "./route-props";

// A site's dashboard, from the customer's dashboard or its MSP's.

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
