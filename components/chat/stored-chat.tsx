"use client";

import { useQuery } from "@tanstack/react-query";
import type { UIMessage } from "ai";
import { useEffect } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api/client";
import { chatQueryOptions } from "@/lib/chat/queries";
import { ChatConversation } from "./chat-conversation";

/**
 * A chat that exists: its stored messages (prefetched by the server, or empty for a chat just created), then the live
 * conversation. `onMissing` is told when the chat is gone (deleted meanwhile); without it, the error shows.
 */
export function StoredChat({ chatId, organizationId, page, onMissing }: { chatId: string; organizationId: string; page?: string; onMissing?: () => void }) {
  const query = useQuery(chatQueryOptions(chatId));
  // Deleted meanwhile (404), not a passing failure: those show with a retry.
  const missing = Boolean(onMissing) && query.error instanceof ApiRequestError && query.error.status === 404;
  useEffect(() => {
    if (missing) onMissing?.();
  }, [missing, onMissing]);
  if (query.isPending || missing) return <Skeleton className="h-40 w-full" />;
  if (query.isError) return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  return <ChatConversation key={chatId} chatId={chatId} organizationId={organizationId} initialMessages={query.data.messages as unknown as UIMessage[]} page={page} />;
}
