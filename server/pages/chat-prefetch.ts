import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { randomUUID } from "node:crypto";
import { CHAT_PAGE_SIZE, chatKeys, type ChatPage } from "@/lib/chat/queries";
import { RECENT_CHATS_SHOWN } from "@/lib/constants";
import type { Principal } from "@/server/auth/principal";
import { getChat, listChats } from "@/server/chat/service";
import { getDb } from "@/server/db/client";
import { nullIfNotFound } from "@/server/core/errors";

// Server prefetch for the chat pages and the dashboards' recent chats, under the keys the pages build.

async function chatContext(principal: Principal) {
  return { db: await getDb(), principal, requestId: randomUUID() };
}

/** The first page of the user's chats about an organization (the chat pages' list). */
export async function prefetchChatList(queryClient: QueryClient, principal: Principal, organizationId: string) {
  const page = await nullIfNotFound(listChats(await chatContext(principal), organizationId, { limit: CHAT_PAGE_SIZE }));
  if (page) queryClient.setQueryData(chatKeys.list(organizationId), { pages: [page satisfies ChatPage], pageParams: [""] });
}

/** The user's latest chats about an organization (the dashboard's recent-chats card); a failure only logs. */
export async function prefetchRecentChats(queryClient: QueryClient, principal: Principal, organizationId: string) {
  try {
    const page = await nullIfNotFound(listChats(await chatContext(principal), organizationId, { limit: RECENT_CHATS_SHOWN }));
    if (page) queryClient.setQueryData(chatKeys.recent(organizationId), page satisfies ChatPage);
  } catch (error) {
    console.error("[dashboard] prefetch of recent chats failed:", (error as Error).message);
  }
}

/** A chat with its messages; false when it is not the user's chat about this organization (the page is then not found). */
export async function prefetchChat(queryClient: QueryClient, principal: Principal, organizationId: string, chatId: string): Promise<boolean> {
  const detail = await nullIfNotFound(getChat(await chatContext(principal), chatId));
  if (!detail || detail.chat.organizationId !== organizationId) return false;
  queryClient.setQueryData(chatKeys.detail(chatId), detail);
  return true;
}
