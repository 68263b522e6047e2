import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { CustomerOrganizationCreate, MspUpdate, Organization, OrganizationUpdate } from "./schema";

export const organizationKeys = {
  all: ["organizations"] as const,
  list: () => [...organizationKeys.all, "list"] as const,
  customers: (mspId: string) => [...organizationKeys.all, "customers", mspId] as const,
};

// GET /api/v1/config/organization
export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: organizationKeys.list(), queryFn: () => api.get<Organization[]>("/config/organization") });

// GET /api/v1/config/msp/{id}/organization
export const customerOrganizationsQueryOptions = (mspId: string) =>
  queryOptions({
    queryKey: organizationKeys.customers(mspId),
    queryFn: () => api.get<Organization[]>(`/config/msp/${encodeURIComponent(mspId)}/organization`),
  });

// SPEC §7: organization queries are refreshed after these mutations.
function useRefreshOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.all });
}

export function useUpdateOrganization(organizationId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (body: OrganizationUpdate) => api.patch<Organization>(`/config/organization/${encodeURIComponent(organizationId)}`, body),
    onSuccess: refresh,
  });
}

export function useUpdateMsp(mspId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (body: MspUpdate) => api.patch<Organization>(`/config/msp/${encodeURIComponent(mspId)}`, body),
    onSuccess: refresh,
  });
}

export function useCreateCustomerOrganization(mspId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (body: CustomerOrganizationCreate) =>
      api.post<Organization & { invitation: { email: string } }>(`/config/msp/${encodeURIComponent(mspId)}/organization`, body),
    onSuccess: refresh,
  });
}
