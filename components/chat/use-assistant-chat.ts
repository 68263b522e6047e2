"use client";

import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { REQUEST_ID_HEADER } from "@/lib/constants";
import { chatKeys, chatMessagePath } from "@/lib/chat/queries";

/** The API's refusal ({ error, requestId }) as an error in the user's language, like every other call's. */
async function answerOrError(response: Response, fallbackText: string): Promise<Response> {
  if (response.ok) return response;
  const payload = (await response.json().catch(() => undefined)) as { error?: string; requestId?: string } | undefined;
  const requestId = payload?.requestId ?? response.headers.get(REQUEST_ID_HEADER) ?? "";
  throw new Error(`${payload?.error || fallbackText} (requestId=${requestId})`);
}

/**
 * One conversation with the assistant: the AI SDK's chat state over our transport, which posts only the new question
 * (the server holds the conversation) with the page the user is on, in the user's language.
 */
export function useAssistantChat({ chatId, messages, page }: { chatId: string; messages: UIMessage[]; page?: string }) {
  const locale = useLocale();
  const t = useTranslations("apiClient");
  const queryClient = useQueryClient();
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: chatMessagePath(chatId),
        headers: { "Accept-Language": locale },
        credentials: "same-origin",
        fetch: async (input, init) => {
          let response: Response;
          try {
            response = await fetch(input, init);
          } catch (error) {
            if (init?.signal?.aborted) throw error;
            throw new Error(t("network"));
          }
          return answerOrError(response, t("unknownError"));
        },
        prepareSendMessagesRequest: ({ messages: all }) => ({
          body: { message: all.findLast((message) => message.role === "user"), ...(page ? { page } : {}) },
        }),
      }),
    [chatId, locale, page, t],
  );
  return useChat({
    id: chatId,
    messages,
    transport,
    onFinish: () => {
      // The lists show the chat's new title, size and time.
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
    },
  });
}
