"use client";

import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from "ai";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { REQUEST_ID_HEADER } from "@/lib/constants";
import { handleAuthFailure } from "@/lib/api/client";
import { CHAT_MESSAGE_ROUTE, chatKeys, chatMessageUrl } from "@/lib/chat/queries";
import type { ChatDetail } from "@/lib/chat/schema";
import { browserTimeZone } from "@/lib/lifecycle/zoned-time";

/**
 * The API's refusal ({ error, requestId }) as an error in the user's language, like every other call's; an ended
 * session goes to sign-in as for every other call (SPEC §8).
 */
async function answerOrError(response: Response, fallbackText: string): Promise<Response> {
  if (response.ok) return response;
  if (response.status === 401 || response.status === 403) handleAuthFailure(CHAT_MESSAGE_ROUTE);
  const payload = (await response.json().catch(() => undefined)) as { error?: string; requestId?: string } | undefined;
  const requestId = payload?.requestId ?? response.headers.get(REQUEST_ID_HEADER) ?? "";
  throw new Error(`${payload?.error || fallbackText} (requestId=${requestId})`);
}

/** The user's answer to a preview in the last answer, not yet sent (its tool part is approval-responded). */
function approvalAnswer(message: UIMessage | undefined): { id: string; approved: boolean; reason?: string } | null {
  if (message?.role !== "assistant") return null;
  for (const part of message.parts) {
    const answered = part as { state?: string; approval?: { id: string; approved?: boolean; reason?: string } };
    if (answered.state === "approval-responded" && answered.approval && typeof answered.approval.approved === "boolean") {
      return { id: answered.approval.id, approved: answered.approval.approved, ...(answered.approval.reason ? { reason: answered.approval.reason } : {}) };
    }
  }
  return null;
}

/**
 * One conversation with the assistant: the AI SDK's chat state over our transport, which posts only the new question
 * (the server holds the conversation) with the page the user is on, in the user's language and time zone.
 */
export function useAssistantChat({ chatId, organizationId, messages, page }: { chatId: string; organizationId: string; messages: UIMessage[]; page?: string }) {
  const locale = useLocale();
  const t = useTranslations("apiClient");
  const queryClient = useQueryClient();
  const url = chatMessageUrl(chatId);
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: url,
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
        prepareSendMessagesRequest: ({ messages: all }) => {
          // After the user answers an action's preview, the answer goes on from there: only that answer is sent.
          const approval = approvalAnswer(all.at(-1));
          const reader = { ...(page ? { page } : {}), timeZone: browserTimeZone() };
          return { body: approval ? { approval, ...reader } : { message: all.findLast((message) => message.role === "user"), ...reader } };
        },
      }),
    [url, locale, page, t],
  );
  return useChat({
    id: chatId,
    messages,
    transport,
    // Approve or Reject on a preview card sends the answer at once.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onFinish: ({ messages: conversation }) => {
      // This organization's lists show the chat's new title, size and time; the chat itself is what is on screen.
      void queryClient.invalidateQueries({ queryKey: chatKeys.ofOrganization(organizationId) });
      queryClient.setQueryData<ChatDetail>(chatKeys.detail(chatId), (stored) => stored && { ...stored, messages: conversation as unknown as ChatDetail["messages"] });
    },
  });
}
