import { queryOptions } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import type { ApiAnswer, ApiPath } from "@/lib/api/route-types";
import { RECENT_CHATS_SHOWN } from "@/lib/constants";

export type ChatPage = ApiAnswer<"get", "/api/v1/chat">;

/** How many chats the chat page's list loads at a time. */
export const CHAT_PAGE_SIZE = 30;

export const chatKeys = {
  all: ["chats"] as const,
  lists: () => [...chatKeys.all, "list"] as const,
  ofOrganization: (organizationId: string) => [...chatKeys.lists(), organizationId] as const,
  recent: (organizationId: string) => [...chatKeys.ofOrganization(organizationId), "recent"] as const,
  list: (organizationId: string) => [...chatKeys.ofOrganization(organizationId), "all"] as const,
  detail: (chatId: string) => [...chatKeys.all, "detail", chatId] as const,
};

// GET /api/v1/chat — the user's latest chats about an organization (the dashboard's recent chats).
export const recentChatsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: chatKeys.recent(organizationId),
    queryFn: ({ signal }) => api.get("/api/v1/chat", { params: { query: { organizationId, limit: RECENT_CHATS_SHOWN } }, signal }),
  });

// GET /api/v1/chat — every chat about an organization, a page at a time. The first page's parameter is "".
export const chatListQueryOptions = (organizationId: string) =>
  pagedQueryOptions({
    queryKey: chatKeys.list(organizationId),
    queryFn: ({ pageParam, signal }) => api.get("/api/v1/chat", { params: { query: { organizationId, limit: CHAT_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/chat/{chatId}
export const chatQueryOptions = (chatId: string) =>
  queryOptions({
    queryKey: chatKeys.detail(chatId),
    queryFn: ({ signal }) => api.get("/api/v1/chat/{chatId}", { params: { path: { chatId } }, signal }),
  });

export const createChat = (organizationId: string) => api.post("/api/v1/chat", { body: { organizationId } });
export const renameChat = (chatId: string, title: string) => api.patch("/api/v1/chat/{chatId}", { params: { path: { chatId } }, body: { title } });
export const deleteChat = (chatId: string) => api.delete("/api/v1/chat/{chatId}", { params: { path: { chatId } } });

/** Where a chat's questions go (the AI SDK's chat transport posts there and reads the answer's stream). */
export const CHAT_MESSAGE_ROUTE = "/api/v1/chat/{chatId}/message" satisfies ApiPath<"post">;
export const chatMessageUrl = (chatId: string) => apiUrl("post", CHAT_MESSAGE_ROUTE, { path: { chatId } });
