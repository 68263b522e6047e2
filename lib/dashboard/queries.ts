import { queryOptions } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";

export const dashboardKeys = {
  allCustomerSummaries: ["organizations", "customer-summaries"] as const,
  customerSummaries: (mspId: string) => [...dashboardKeys.allCustomerSummaries, mspId] as const,
};

// GET /api/v1/config/msp/{mspId}/customer-summary — the MSP dashboard's customers with their active and inactive sites.
export const customerSummariesQueryOptions = (mspId: string) =>
  queryOptions({
    queryKey: dashboardKeys.customerSummaries(mspId),
    queryFn: ({ signal }) => api.get("/api/v1/config/msp/{mspId}/customer-summary", { params: { path: { mspId } }, signal }),
  });

// GET /api/v1/config/msp/{mspId}/customer-summary.csv — the Customers page as CSV.
export const customerSummariesExportHref = (mspId: string) => apiUrl("get", "/api/v1/config/msp/{mspId}/customer-summary.csv", { path: { mspId } });
