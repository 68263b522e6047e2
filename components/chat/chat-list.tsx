"use client";

import { useQueryClient } from "@tanstack/react-query";
import { MessageSquare, MoreHorizontal } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { PagedList, usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { IntentLink } from "@/components/shell/intent-link";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { lazyComponent } from "@/components/common/lazy-component";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { chatKeys, chatListQueryOptions, deleteChat } from "@/lib/chat/queries";
import type { ChatSummary } from "@/lib/chat/schema";
import { organizationPath } from "@/lib/routes";
import { cn } from "@/lib/utils";

// A chat's menu and the rename form are fetched when used, not with the page.
const ChatActionsMenu = lazyOverlay(() => import("./chat-actions-menu").then((module) => module.ChatActionsMenu));
const RenameChatDialog = lazyComponent(() => import("./rename-chat-dialog").then((module) => module.RenameChatDialog));

/** The user's chats about the organization, latest first, with rename and delete. */
export function ChatList({ organizationId, activeChatId }: { organizationId: string; activeChatId: string | null }) {
  const t = useTranslations("chat");
  const chats = usePagedList(() => chatListQueryOptions(organizationId));
  const [renaming, setRenaming] = useState<ChatSummary | null>(null);
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);
  return (
    <>
      <PagedList
        list={chats}
        loading={
          <div className="flex flex-col gap-2 p-2">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </div>
        }
        failure={(message) => (
          <p className="p-3 text-sm text-destructive" role="alert">
            {t("listError", { error: message })}
          </p>
        )}
        empty={
          <p className="p-3 text-sm text-muted-foreground" data-testid="chat-list-empty">
            {t("noChats")}
          </p>
        }
        loadMore={{ label: t("loadMore"), className: "mx-1" }}
      >
        {(rows) => (
          <ul className="flex flex-col gap-0.5 p-1" data-testid="chat-list">
            {rows.map((chat) => (
              <li key={chat.id} className={cn("group flex items-center rounded-md hover:bg-accent", chat.id === activeChatId && "bg-accent")}>
                <IntentLink
                  href={organizationPath(organizationId, `chat/${chat.id}`)}
                  className="flex min-w-0 flex-1 items-start gap-2 px-2 py-1.5"
                  aria-current={chat.id === activeChatId ? "page" : undefined}
                  data-testid="chat-list-item"
                >
                  <MessageSquare className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0">
                    <span className="block truncate text-sm">{chat.title || t("untitled")}</span>
                    <Timestamp value={chat.updatedAt} seconds={false} className="block text-[11px] text-muted-foreground" />
                  </span>
                </IntentLink>
                <ChatActionsMenu
                  onRename={() => setRenaming(chat)}
                  onDelete={() => setDeleting(chat)}
                  trigger={
                    <Button variant="ghost" size="icon" className="size-7 shrink-0 opacity-60 group-hover:opacity-100" aria-label={t("chatActions", { title: chat.title || t("untitled") })}>
                      <MoreHorizontal aria-hidden />
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {renaming && <RenameChatDialog chat={renaming} onClose={() => setRenaming(null)} />}
      <DeleteChatDialog organizationId={organizationId} chat={deleting} activeChatId={activeChatId} onClose={() => setDeleting(null)} />
    </>
  );
}

/** Asks before deleting a chat (the shared confirmation: busy button, error kept in the dialog). */
function DeleteChatDialog({ organizationId, chat, activeChatId, onClose }: { organizationId: string; chat: ChatSummary | null; activeChatId: string | null; onClose: () => void }) {
  const t = useTranslations("chat");
  const queryClient = useQueryClient();
  const router = useRouter();
  const title = chat?.title || t("untitled");
  const remove = async (target: ChatSummary) => {
    await deleteChat(target.id);
    toast.success(t("deleted", { title: target.title || t("untitled") }));
    queryClient.removeQueries({ queryKey: chatKeys.detail(target.id) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    onClose();
    if (target.id === activeChatId) router.replace(organizationPath(organizationId, "chat"));
  };
  return (
    <ConfirmDelete
      open={chat !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("deleteTitle")}
      description={t("deleteDescription", { title })}
      confirmLabel={t("delete")}
      testId="chat-delete"
      onConfirm={() => (chat ? remove(chat) : Promise.resolve())}
    />
  );
}
