import { organizationPath } from "@/lib/routes";

/** Where a dashboard's links lead: customer/dashboard/… for a customer, msp/dashboard/{customer}/… for its MSP. */
export interface DashboardLinks {
  home: string;
  site: (siteId: string) => string;
  /** Null when the route does not exist at this level (the MSP dashboard has no path page). */
  path: (siteId: string, pathId: string) => string | null;
  connector: (siteId: string, connectorId: string) => string;
  /** The full lists a capped card leads to: the customer's sites, its paths, and one site's paths. */
  sites: string;
  paths: string;
  sitePaths: (siteId: string) => string;
}

/** The customer's own pages holding the full lists (an MSP opens them in its customer's organization). */
function fullLists(customerOrganizationId: string): Pick<DashboardLinks, "sites" | "paths" | "sitePaths"> {
  return {
    sites: organizationPath(customerOrganizationId, "customer/site"),
    paths: organizationPath(customerOrganizationId, "paths"),
    sitePaths: (siteId) => organizationPath(customerOrganizationId, `customer/site/${segment(siteId)}/path`),
  };
}

const segment = encodeURIComponent;

export function customerDashboardLinks(organizationId: string): DashboardLinks {
  const home = organizationPath(organizationId, "customer/dashboard");
  return {
    home,
    site: (siteId) => `${home}/${segment(siteId)}`,
    path: (siteId, pathId) => `${home}/${segment(siteId)}/path/${segment(pathId)}`,
    connector: (siteId, connectorId) => `${home}/${segment(siteId)}/connector/${segment(connectorId)}`,
    ...fullLists(organizationId),
  };
}

export function mspDashboardLinks(mspId: string, customerOrganizationId: string): DashboardLinks {
  const home = organizationPath(mspId, `msp/dashboard/${segment(customerOrganizationId)}`);
  return {
    home,
    site: (siteId) => `${home}/${segment(siteId)}`,
    path: () => null,
    connector: (siteId, connectorId) => `${home}/${segment(siteId)}/connector/${segment(connectorId)}`,
    ...fullLists(customerOrganizationId),
  };
}
