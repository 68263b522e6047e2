import { notFound } from "next/navigation";
import { ChatWorkspace } from "@/components/chat/chat-workspace";
import { chatListQueryOptions, chatQueryOptions } from "@/lib/chat/queries";
import { consolePage } from "@/server/pages/console-page";

// chat/{chatId} — one of the user's conversations with the assistant, rendered complete on first load.
export default consolePage("chat/:chatId", async ({ organization, params, require, prefetch }) => {
  const [detail] = await Promise.all([require(chatQueryOptions(params.chatId)), prefetch(chatListQueryOptions(organization.id))]);
  if (detail.chat.organizationId !== organization.id) notFound();
  return <ChatWorkspace key={params.chatId} chatId={params.chatId} />;
});
