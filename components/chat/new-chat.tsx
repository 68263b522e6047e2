"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Bot } from "lucide-react";
import { useTranslations } from "next-intl";
import { ErrorAlert } from "@/components/errors/error-alert";
import { chatKeys, createChat } from "@/lib/chat/queries";
import { ChatComposer } from "./chat-composer";
import { ChatSuggestions } from "./chat-suggestions";
import { holdQuestion } from "./held-questions";

/** What the assistant offers before anything is asked, with questions to start from. */
export function ChatWelcome({ onPick, intro }: { onPick: (text: string) => void; intro?: string }) {
  const t = useTranslations("chat");
  return (
    <div className="flex flex-col items-center gap-4 px-2 py-8 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-muted" aria-hidden>
        <Bot className="size-5" />
      </span>
      <div>
        <p className="font-medium">{t("emptyTitle")}</p>
        <p className="text-sm text-muted-foreground">{intro ?? t("emptyDescription")}</p>
      </div>
      <ChatSuggestions onPick={onPick} />
    </div>
  );
}

/**
 * A new chat: nothing is stored until the first question, which creates the chat and is held for it; `onCreated` then
 * opens the chat, whose conversation sends the question. `opening` keeps the composer busy meanwhile.
 */
export function NewChat({ organizationId, onCreated, intro, opening = false }: { organizationId: string; onCreated: (chatId: string) => void; intro?: string; opening?: boolean }) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => createChat(organizationId),
    onSuccess: (chat) => {
      // Nothing to fetch: the chat opens empty, with its question on the way.
      queryClient.setQueryData(chatKeys.detail(chat.id), { chat, messages: [] });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
  const ask = async (question: string) => {
    const chat = await start.mutateAsync();
    holdQuestion(chat.id, question);
    onCreated(chat.id);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3" data-testid="new-chat-starter">
      <div className="flex flex-1 flex-col justify-center">
        <ChatWelcome intro={intro} onPick={(text) => void ask(text).catch(() => undefined)} />
      </div>
      {start.isError && <ErrorAlert message={start.error.message} onRetry={() => start.reset()} />}
      <ChatComposer busy={start.isPending || opening} onSend={ask} autoFocus />
    </div>
  );
}
