import { organizationPath } from "@/lib/routes";

/** Where a dashboard's links lead: customer/dashboard/… for a customer, msp/dashboard/{customer}/… for its MSP. */
export interface DashboardLinks {
  home: string;
  site: (siteId: string) => string;
  /** Null when the route does not exist at this level (the MSP dashboard has no path page). */
  path: (siteId: string, pathId: string) => string | null;
  connector: (siteId: string, connectorId: string) => string;
}

const segment = encodeURIComponent;

export function customerDashboardLinks(organizationId: string): DashboardLinks {
  const home = organizationPath(organizationId, "customer/dashboard");
  return {
    home,
    site: (siteId) => `${home}/${segment(siteId)}`,
    path: (siteId, pathId) => `${home}/${segment(siteId)}/path/${segment(pathId)}`,
    connector: (siteId, connectorId) => `${home}/${segment(siteId)}/connector/${segment(connectorId)}`,
  };
}

export function mspDashboardLinks(mspId: string, customerOrganizationId: string): DashboardLinks {
  const home = organizationPath(mspId, `msp/dashboard/${segment(customerOrganizationId)}`);
  return {
    home,
    site: (siteId) => `${home}/${segment(siteId)}`,
    path: () => null,
    connector: (siteId, connectorId) => `${home}/${segment(siteId)}/connector/${segment(connectorId)}`,
  };
}
