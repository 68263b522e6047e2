"use client";

import type { UIMessage } from "ai";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { cn } from "@/lib/utils";
import { ChatComposer } from "./chat-composer";
import { ChatMessage } from "./chat-message";
import { heldQuestion, takeHeldQuestion } from "./held-questions";
import { ChatWelcome } from "./new-chat";
import { useAssistantChat } from "./use-assistant-chat";

export interface ChatConversationProps {
  chatId: string;
  organizationId: string;
  initialMessages: UIMessage[];
  /** The page the user is on, when the conversation runs in the contextual panel. */
  page?: string;
  className?: string;
}

/** A conversation with the assistant: the messages as they stream in, what it is doing, and the composer. */
export function ChatConversation({ chatId, organizationId, initialMessages, page, className }: ChatConversationProps) {
  const t = useTranslations("chat");
  const chat = useAssistantChat({ chatId, organizationId, messages: initialMessages, page });
  const { messages, status, error, sendMessage, regenerate, stop, addToolApprovalResponse } = chat;
  const busy = status === "submitted" || status === "streaming";

  // The question typed before the chat existed (held-questions.ts) goes out once. It is taken when the timer fires, not
  // on mount: React's strict mode mounts twice in development, and the first unmount stops whatever that mount sent.
  const [initialQuestion] = useState(() => heldQuestion(chatId));
  useEffect(() => {
    if (!initialQuestion) return;
    const timer = setTimeout(() => {
      if (takeHeldQuestion(chatId) !== undefined) void sendMessage({ text: initialQuestion });
    }, 0);
    return () => clearTimeout(timer);
  }, [chatId, initialQuestion, sendMessage]);

  // Follows the answer as it grows.
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages, status]);

  return (
    <div className={cn("flex min-h-0 flex-1 flex-col gap-3", className)} data-testid="chat-conversation" data-status={status}>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {messages.length === 0 && !busy && !initialQuestion ? (
          <ChatWelcome onPick={(text) => void sendMessage({ text })} />
        ) : (
          // A log: screen readers announce each message once it is complete, not every word as it streams.
          <ol className="flex flex-col gap-4 pb-2" role="log" aria-busy={busy} aria-label={t("conversation")}>
            {messages.map((message) => (
              <ChatMessage key={message.id} message={message} organizationId={organizationId} busy={busy} onApproval={(answer) => void addToolApprovalResponse(answer)} />
            ))}
            {status === "submitted" && (
              <li className="flex items-center gap-2 pl-10 text-sm text-muted-foreground" data-testid="chat-thinking">
                <span className="size-2 animate-pulse rounded-full bg-primary" aria-hidden />
                {t("thinking")}
              </li>
            )}
          </ol>
        )}
        {error && (
          <div className="mt-2" data-testid="chat-error">
            <ErrorAlert message={error.message} onRetry={() => void regenerate()} />
          </div>
        )}
        <div ref={end} />
      </div>
      <ChatComposer busy={busy} onStop={() => void stop()} onSend={(text) => void sendMessage({ text })} autoFocus />
    </div>
  );
}
