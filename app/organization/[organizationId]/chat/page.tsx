import { ChatWorkspace } from "@/components/chat/chat-workspace";
import { chatListQueryOptions } from "@/lib/chat/queries";
import { consolePage } from "@/server/pages/console-page";

// chat — a new conversation with the assistant, beside the user's chats about this organization.
export default consolePage("chat", async ({ organization, prefetch }) => {
  await prefetch(chatListQueryOptions(organization.id));
  return <ChatWorkspace key="new" chatId={null} />;
});
