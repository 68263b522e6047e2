import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { UserSettings } from "./schema";

export const userKeys = {
  current: ["user"] as const,
};

// GET /api/v1/config/user
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: userKeys.current, queryFn: () => api.get("/api/v1/config/user") });

// PATCH /api/v1/config/user
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSettings) => api.patch("/api/v1/config/user", { body }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.current, user),
  });
}

// GET /api/v1/config/user/membership — the organizations the user belongs to.
export const membershipsQueryOptions = () =>
  queryOptions({ queryKey: [...userKeys.current, "memberships"] as const, queryFn: () => api.get("/api/v1/config/user/membership") });

// POST /api/v1/config/user/membership/{organizationId}/switch — the session acts in that organization from now on.
export function useSwitchOrganization() {
  return useMutation({
    mutationFn: (organizationId: string) => api.post("/api/v1/config/user/membership/{organizationId}/switch", { params: { path: { organizationId } } }),
  });
}
