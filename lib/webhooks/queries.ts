import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import type { WebhookCreate, WebhookUpdate } from "./schema";

// The webhooks page (issue 43 scope 2): one definition per endpoint, read by the server prefetch and the components.

export const WEBHOOKS_PAGE_SIZE = 50;
export const DELIVERIES_PAGE_SIZE = 25;
/** While a delivery of the log shown is pending, the log is read again this often (the worker's sends are not news). */
export const PENDING_REFRESH_MS = 5_000;

export const webhookKeys = {
  all: ["webhooks"] as const,
  endpoints: (organizationId: string) => [...webhookKeys.all, "endpoints", organizationId] as const,
  deliveries: (webhookId: string) => [...webhookKeys.all, "deliveries", webhookId] as const,
};

// GET /api/v1/organization/{organizationId}/webhook
export const webhooksQueryOptions = (organizationId: string) =>
  pagedQueryOptions({
    queryKey: webhookKeys.endpoints(organizationId),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/organization/{organizationId}/webhook", { params: { path: { organizationId }, query: { limit: WEBHOOKS_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/webhook/{webhookId}/delivery — newest first.
export const deliveriesQueryOptions = (webhookId: string) => ({
  ...pagedQueryOptions({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/webhook/{webhookId}/delivery", { params: { path: { webhookId }, query: { limit: DELIVERIES_PAGE_SIZE, cursor: pageParam } }, signal }),
  }),
  refetchInterval: (query: { state: { data?: { pages: { items: { status: string }[] }[] } } }) =>
    query.state.data?.pages.some((page) => page.items.some((delivery) => delivery.status === "pending")) ? PENDING_REFRESH_MS : false,
});

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

// POST /api/v1/organization/{organizationId}/webhook — answers the secret, once.
export function useCreateWebhook(organizationId: string) {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (body: WebhookCreate) => api.post("/api/v1/organization/{organizationId}/webhook", { params: { path: { organizationId } }, body }),
    onSuccess: () => void refresh(),
  });
}

// PATCH /api/v1/webhook/{webhookId}
export function useUpdateWebhook(webhookId: string) {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (body: WebhookUpdate) => api.patch("/api/v1/webhook/{webhookId}", { params: { path: { webhookId } }, body }),
    onSuccess: () => void refresh(),
  });
}

// DELETE /api/v1/webhook/{webhookId}
export function useDeleteWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (webhookId: string) => api.delete("/api/v1/webhook/{webhookId}", { params: { path: { webhookId } } }),
    onSettled: refresh,
  });
}

// POST /api/v1/webhook/{webhookId}/secret — answers the new secret, once.
export function useRotateWebhookSecret() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (webhookId: string) => api.post("/api/v1/webhook/{webhookId}/secret", { params: { path: { webhookId } } }),
    onSettled: refresh,
  });
}

// POST /api/v1/webhook/{webhookId}/test
export function useSendTestEvent() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (webhookId: string) => api.post("/api/v1/webhook/{webhookId}/test", { params: { path: { webhookId } } }),
    onSettled: refresh,
  });
}

// POST /api/v1/webhook/{webhookId}/delivery/{deliveryId}/redeliver
export function useRedeliver(webhookId: string) {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post("/api/v1/webhook/{webhookId}/delivery/{deliveryId}/redeliver", { params: { path: { webhookId, deliveryId } } }),
    onSettled: refresh,
  });
}
