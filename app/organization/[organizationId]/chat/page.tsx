import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { ChatWorkspace } from "@/components/chat/chat-workspace";
import { makeQueryClient } from "@/lib/query-client";
import { prefetchChatList } from "@/server/pages/chat-prefetch";
import { guardConsolePage } from "@/server/pages/session";

// chat — a new conversation with the assistant, beside the user's chats about this organization.
export default async function ChatPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organization, principal } = await guardConsolePage(decodeURIComponent((await params).organizationId), "chat");
  const queryClient = makeQueryClient();
  await prefetchChatList(queryClient, principal, organization.id);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ChatWorkspace key="new" chatId={null} />
    </HydrationBoundary>
  );
}
