"use client";

import { History, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { IntentLink } from "@/components/shell/intent-link";
import { lazyComponent } from "@/components/common/lazy-component";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { organizationPath } from "@/lib/routes";
import { ChatList } from "./chat-list";
import { NewChat } from "./new-chat";

// The conversation (the AI SDK's chat client, 64 KiB gzipped) is fetched as the page starts, not in its first load: the
// list and the chat's frame show at once, the messages as soon as it arrives (they are already in the page's cache).
const ChatsSheet = lazyOverlay(() => import("./chats-sheet").then((module) => module.ChatsSheet));
const StoredChat = lazyComponent(() => import("./stored-chat").then((module) => module.StoredChat));
if (typeof window !== "undefined") StoredChat.preload();

/** The chat pages: the user's chats on the side, and the open conversation (or a new one). */
export function ChatWorkspace({ chatId }: { chatId: string | null }) {
  const t = useTranslations("chat");
  const { organization } = useConsole();
  const router = useRouter();
  // A chat started here opens at its own address; its first question is held for it until it does.
  const [opening, startOpening] = useTransition();

  return (
    <div className="mx-auto flex h-[calc(100svh-8.5rem)] max-w-6xl gap-4" data-testid="chat-page">
      <aside className="hidden w-64 shrink-0 flex-col rounded-lg border bg-card md:flex" aria-label={t("chats")}>
        <div className="flex flex-col gap-2 border-b p-2">
          <h2 className="px-1 text-sm font-semibold">{t("chats")}</h2>
          <Button asChild size="sm" variant="outline" className="h-8 justify-start">
            <IntentLink href={organizationPath(organization.id, "chat")} data-testid="new-chat">
              <Plus aria-hidden />
              {t("newChat")}
            </IntentLink>
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ChatList organizationId={organization.id} activeChatId={chatId} />
        </div>
      </aside>
      <section className="flex min-w-0 flex-1 flex-col rounded-lg border bg-card p-4" aria-label={t("conversation")}>
        <header className="mb-3 flex items-center justify-between gap-2 border-b pb-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold">{t("heading")}</h1>
            <p className="truncate text-xs text-muted-foreground">{t("about", { organization: organization.name })}</p>
          </div>
          <div className="flex items-center gap-2 md:hidden">
            {/* On a narrow screen the chats are a sheet away. */}
            <ChatsSheet
              organizationId={organization.id}
              activeChatId={chatId}
              trigger={
                <Button size="sm" variant="outline" data-testid="chats-sheet">
                  <History aria-hidden />
                  {t("chats")}
                </Button>
              }
            />
            <Button asChild size="icon" variant="outline" className="size-8" aria-label={t("newChat")} title={t("newChat")}>
              <IntentLink href={organizationPath(organization.id, "chat")}>
                <Plus aria-hidden />
              </IntentLink>
            </Button>
          </div>
        </header>
        {chatId ? (
          <StoredChat chatId={chatId} organizationId={organization.id} />
        ) : (
          <NewChat
            organizationId={organization.id}
            opening={opening}
            onCreated={(id) => startOpening(() => router.push(organizationPath(organization.id, `chat/${id}`)))}
          />
        )}
      </section>
    </div>
  );
}
