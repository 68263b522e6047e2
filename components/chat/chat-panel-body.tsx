"use client";

import { useQuery } from "@tanstack/react-query";
import type { UIMessage } from "ai";
import { Maximize2, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { IntentLink } from "@/components/shell/intent-link";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { chatQueryOptions } from "@/lib/chat/queries";
import { organizationPath } from "@/lib/routes";
import { ChatConversation } from "./chat-conversation";
import { NewChat } from "./new-chat";

/** The panel's chat of each organization is remembered for the browser tab, so closing the panel loses nothing. */
const panelChatKey = (organizationId: string) => `maia.panelChat.${organizationId}`;

function rememberedChat(organizationId: string): string | null {
  return typeof window === "undefined" ? null : window.sessionStorage.getItem(panelChatKey(organizationId));
}

/** The contextual panel's content: the current conversation about the page, or a new one. */
export function ChatPanelBody({ organizationId, page, onNavigate }: { organizationId: string; page: string; onNavigate: () => void }) {
  const t = useTranslations("chat");
  const [current, setCurrent] = useState<{ chatId: string; question?: string } | null>(() => {
    const chatId = rememberedChat(organizationId);
    return chatId ? { chatId } : null;
  });
  useEffect(() => {
    if (current) window.sessionStorage.setItem(panelChatKey(organizationId), current.chatId);
    else window.sessionStorage.removeItem(panelChatKey(organizationId));
  }, [current, organizationId]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b px-4 py-3 pr-12">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{t("assistant")}</h2>
          <p className="truncate text-xs text-muted-foreground">{t("panelDescription")}</p>
        </div>
        {current && (
          <>
            <Button asChild variant="ghost" size="icon" className="size-8" aria-label={t("openFullPage")} title={t("openFullPage")}>
              <IntentLink href={organizationPath(organizationId, `chat/${current.chatId}`)} onClick={onNavigate} data-testid="panel-full-page">
                <Maximize2 aria-hidden />
              </IntentLink>
            </Button>
            <Button variant="ghost" size="icon" className="size-8" aria-label={t("newChat")} title={t("newChat")} onClick={() => setCurrent(null)} data-testid="panel-new-chat">
              <Plus aria-hidden />
            </Button>
          </>
        )}
      </header>
      <div className="flex min-h-0 flex-1 flex-col p-4">
        {current ? (
          <PanelChat key={current.chatId} chatId={current.chatId} question={current.question} organizationId={organizationId} page={page} onMissing={() => setCurrent(null)} />
        ) : (
          <NewChat organizationId={organizationId} intro={t("panelIntro")} onCreated={(chatId, question) => setCurrent({ chatId, question })} />
        )}
      </div>
    </div>
  );
}

/** A chat of the panel: a new one starts with its question; a remembered one loads its messages first. */
function PanelChat({ chatId, question, organizationId, page, onMissing }: { chatId: string; question?: string; organizationId: string; page: string; onMissing: () => void }) {
  const stored = useQuery({ ...chatQueryOptions(chatId), enabled: question === undefined, retry: false });
  const missing = stored.isError;
  useEffect(() => {
    // A remembered chat deleted meanwhile: start afresh.
    if (missing) onMissing();
  }, [missing, onMissing]);
  if (question !== undefined) {
    return <ChatConversation chatId={chatId} organizationId={organizationId} initialMessages={[]} initialQuestion={question} page={page} />;
  }
  if (stored.isPending || stored.isError) return <Skeleton className="h-32 w-full" />;
  return <ChatConversation chatId={chatId} organizationId={organizationId} initialMessages={stored.data.messages as unknown as UIMessage[]} page={page} />;
}
