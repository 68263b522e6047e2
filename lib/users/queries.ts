import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { CurrentUser, UserSettings } from "./schema";

export const userKeys = {
  current: ["user"] as const,
};

// GET /api/v1/config/user
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: userKeys.current, queryFn: () => api.get<CurrentUser>("/config/user") });

// PATCH /api/v1/config/user
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSettings) => api.patch<CurrentUser>("/config/user", body),
    onSuccess: (user) => queryClient.setQueryData(userKeys.current, user),
  });
}
