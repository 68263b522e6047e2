import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api/client";

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
