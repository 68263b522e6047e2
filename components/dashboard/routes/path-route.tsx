"use client";

import { customerDashboardLinks } from "../links";
import { PathDashboard } from "../path-dashboard";
import type { CustomerProps } from "./route-props";

// A path's dashboard, from the customer's dashboard.

export function CustomerPathRoute({ organizationId, organizationName, since, siteId, pathId }: CustomerProps & { siteId: string; pathId: string }) {
  return <PathDashboard homeLabel={organizationName} siteId={siteId} pathId={pathId} links={customerDashboardLinks(organizationId)} since={since} />;
}
