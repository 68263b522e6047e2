import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiRequestError, apiUrl } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import type {  InvitationAcceptNewAccount, InvitationCreate,  UserRoleUpdate } from "./schema";

// SPEC §2 Users (tabs Users and Invitations) and the public invitation page: one definition per endpoint, read by the
// server prefetch and the components alike.

export const PEOPLE_PAGE_SIZE = 100;

export const peopleKeys = {
  all: ["people"] as const,
  users: (organizationId: string) => [...peopleKeys.all, "users", organizationId] as const,
  invitations: (organizationId: string) => [...peopleKeys.all, "invitations", organizationId] as const,
  preview: (token: string) => [...peopleKeys.all, "invitation-preview", token] as const,
};

// GET /api/v1/organization/{organizationId}/user — the Users tab, by email, a page at a time.
export const organizationUsersQueryOptions = (organizationId: string) =>
  pagedQueryOptions({
    queryKey: peopleKeys.users(organizationId),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/organization/{organizationId}/user", { params: { path: { organizationId }, query: { limit: PEOPLE_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/organization/{organizationId}/user.csv — the Users tab as CSV.
export const organizationUsersExportHref = (organizationId: string) => apiUrl("get", "/api/v1/organization/{organizationId}/user.csv", { path: { organizationId } });

// GET /api/v1/organization/{organizationId}/invitation — the Invitations tab.
export const invitationsQueryOptions = (organizationId: string) =>
  pagedQueryOptions({
    queryKey: peopleKeys.invitations(organizationId),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/organization/{organizationId}/invitation", { params: { path: { organizationId }, query: { limit: PEOPLE_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/invitation/preview?token= — public; an unknown, used or expired token is a 404 the page explains.
export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: peopleKeys.preview(token),
    queryFn: ({ signal }) => api.get("/api/v1/invitation/preview", { params: { query: { token } }, signal, handleAuthErrors: false }),
    retry: false,
  });

function useRefreshPeople(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: peopleKeys.all, predicate: ({ queryKey }) => queryKey[2] === organizationId });
}

// PATCH /api/v1/organization/{organizationId}/user/{userId}
export function useChangeUserRole(organizationId: string) {
  const refresh = useRefreshPeople(organizationId);
  return useMutation({
    mutationFn: ({ userId, update }: { userId: string; update: UserRoleUpdate }) =>
      api.patch("/api/v1/organization/{organizationId}/user/{userId}", { params: { path: { organizationId, userId } }, body: update }),
    onSettled: refresh,
  });
}

// DELETE /api/v1/organization/{organizationId}/user/{userId}
export function useRemoveUser(organizationId: string) {
  const refresh = useRefreshPeople(organizationId);
  return useMutation({
    mutationFn: (userId: string) => api.delete("/api/v1/organization/{organizationId}/user/{userId}", { params: { path: { organizationId, userId } } }),
    onSettled: refresh,
  });
}

// POST /api/v1/organization/{organizationId}/invitation
export function useInvite(organizationId: string) {
  const refresh = useRefreshPeople(organizationId);
  return useMutation({
    mutationFn: (body: InvitationCreate) => api.post("/api/v1/organization/{organizationId}/invitation", { params: { path: { organizationId } }, body }),
    // The dialog closes at once; the list follows.
    onSuccess: () => void refresh(),
  });
}

// DELETE /api/v1/invitation/{invitationId}
export function useRevokeInvitation(organizationId: string) {
  const refresh = useRefreshPeople(organizationId);
  return useMutation({
    mutationFn: (invitationId: string) => api.delete("/api/v1/invitation/{invitationId}", { params: { path: { invitationId } } }),
    onSettled: refresh,
  });
}

// POST /api/v1/invitation/{invitationId}/resend
export function useResendInvitation(organizationId: string) {
  const refresh = useRefreshPeople(organizationId);
  return useMutation({
    mutationFn: (invitationId: string) => api.post("/api/v1/invitation/{invitationId}/resend", { params: { path: { invitationId } } }),
    onSettled: refresh,
  });
}

// POST /api/v1/invitation/accept — a 401 (the address has an account) is the page's to explain, not a sign-out.
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: Partial<InvitationAcceptNewAccount> & { token: string }) =>
      api.post("/api/v1/invitation/accept", { body, handleAuthErrors: false }),
  });
}

// GET /api/v1/config/user, asked by the public invitation page: who is signed in here, if anyone (a 401 is an answer,
// not a reason to leave the page).
export const inviteeSessionQueryOptions = () =>
  queryOptions({
    queryKey: [...peopleKeys.all, "invitee-session"] as const,
    queryFn: ({ signal }) =>
      api.get("/api/v1/config/user", { signal, handleAuthErrors: false }).catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }),
    retry: false,
  });
