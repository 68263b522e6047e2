"use client";

import { customerDashboardLinks, mspDashboardLinks } from "../links";
import { ConnectorDashboard } from "../connector-dashboard";
import { useCustomerName, type CustomerProps, type MspProps } from "./route-props";

// A connector's dashboard, from the customer's dashboard or its MSP's.

export function CustomerConnectorRoute({ organizationId, organizationName, since, siteId, connectorId }: CustomerProps & { siteId: string; connectorId: string }) {
  return <ConnectorDashboard homeLabel={organizationName} siteId={siteId} connectorId={connectorId} links={customerDashboardLinks(organizationId)} since={since} />;
}

export function MspConnectorRoute({ mspId, customerId, since, siteId, connectorId }: MspProps & { siteId: string; connectorId: string }) {
  const name = useCustomerName(customerId);
  return <ConnectorDashboard homeLabel={name} siteId={siteId} connectorId={connectorId} links={mspDashboardLinks(mspId, customerId)} since={since} />;
}
