import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { ChatWorkspace } from "@/components/chat/chat-workspace";
import { makeQueryClient } from "@/lib/query-client";
import { prefetchChat, prefetchChatList } from "@/server/pages/chat-prefetch";
import { guardConsolePage } from "@/server/pages/session";

// chat/{chatId} — one of the user's conversations with the assistant, rendered complete on first load.
export default async function ChatDetailPage({ params }: { params: Promise<{ organizationId: string; chatId: string }> }) {
  const { organizationId, chatId } = await params;
  const { organization, principal } = await guardConsolePage(decodeURIComponent(organizationId), `chat/${chatId}`);
  const id = decodeURIComponent(chatId);
  const queryClient = makeQueryClient();
  const [found] = await Promise.all([prefetchChat(queryClient, principal, organization.id, id), prefetchChatList(queryClient, principal, organization.id)]);
  if (!found) notFound();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ChatWorkspace key={id} chatId={id} />
    </HydrationBoundary>
  );
}
