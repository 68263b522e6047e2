import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import type { ApiTokenCreate } from "./schema";

// Users → API tokens: one definition per endpoint, read by the server prefetch and the components alike.

export const API_TOKENS_PAGE_SIZE = 50;

export const apiTokenKeys = {
  all: ["api-tokens"] as const,
  /** The caller's own tokens, in the organization their session acts in. */
  own: (organizationId: string) => [...apiTokenKeys.all, "own", organizationId] as const,
  organization: (organizationId: string) => [...apiTokenKeys.all, "organization", organizationId] as const,
};

// GET /api/v1/config/user/token — the caller's tokens, newest first.
export const ownApiTokensQueryOptions = (organizationId: string) =>
  pagedQueryOptions({
    queryKey: apiTokenKeys.own(organizationId),
    queryFn: ({ pageParam, signal }) => api.get("/api/v1/config/user/token", { params: { query: { limit: API_TOKENS_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/organization/{organizationId}/token — every member's tokens (the organization's admins).
export const organizationApiTokensQueryOptions = (organizationId: string) =>
  pagedQueryOptions({
    queryKey: apiTokenKeys.organization(organizationId),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/organization/{organizationId}/token", { params: { path: { organizationId }, query: { limit: API_TOKENS_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

function useRefreshTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
}

// POST /api/v1/config/user/token — answers the secret, once.
export function useCreateApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => api.post("/api/v1/config/user/token", { body }),
    onSuccess: () => void refresh(),
  });
}

// DELETE /api/v1/token/{tokenId}
export function useRevokeApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: (tokenId: string) => api.delete("/api/v1/token/{tokenId}", { params: { path: { tokenId } } }),
    onSettled: refresh,
  });
}
