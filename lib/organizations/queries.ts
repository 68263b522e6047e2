import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { CustomerOrganizationCreate, MspUpdate, OrganizationUpdate } from "./schema";

export const organizationKeys = {
  all: ["organizations"] as const,
  list: () => [...organizationKeys.all, "list"] as const,
  customers: (mspId: string) => [...organizationKeys.all, "customers", mspId] as const,
};

// GET /api/v1/config/organization
export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: organizationKeys.list(), queryFn: () => api.get("/api/v1/config/organization") });

// GET /api/v1/config/msp/{id}/organization
export const customerOrganizationsQueryOptions = (mspId: string) =>
  queryOptions({
    queryKey: organizationKeys.customers(mspId),
    queryFn: () => api.get("/api/v1/config/msp/{id}/organization", { params: { path: { id: mspId } } }),
  });

// SPEC §7: organization queries are refreshed after these mutations.
function useRefreshOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.all });
}

export function useUpdateOrganization(organizationId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (body: OrganizationUpdate) => api.patch("/api/v1/config/organization/{id}", { params: { path: { id: organizationId } }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateMsp(mspId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (body: MspUpdate) => api.patch("/api/v1/config/msp/{id}", { params: { path: { id: mspId } }, body }),
    onSuccess: refresh,
  });
}

export function useCreateCustomerOrganization(mspId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (body: CustomerOrganizationCreate) =>
      api.post("/api/v1/config/msp/{id}/organization", { params: { path: { id: mspId } }, body }),
    onSuccess: refresh,
  });
}
