"use client";
import { useQuery } from "@tanstack/react-query";
import { MessageSquare, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { Timestamp } from "@/components/common/timestamp";
import { IntentLink } from "@/components/shell/intent-link";
import { Button } from "@/components/ui/button";
import { organizationPath } from "@/lib/routes";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import { cardQueries } from "@/lib/dashboard/card-queries";

/** The user's latest conversations with the assistant about this organization, and a way to start one. */
export function RecentChatsCard({ organizationId }: { organizationId: string }) {
  const t = useTranslations("dashboard");
  const chatText = useTranslations("chat");
  const query = useQuery(cardQueries.recentChats(organizationId));
  const chats = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  return (
    <DashboardCard
      title={t("recentChats")}
      subtitle={query.data ? t("recentChatsSubtitle", { count: total }) : undefined}
      testId="recent-chats-card"
      actions={
        <>
          {total > chats.length && (
            <IntentLink href={organizationPath(organizationId, "chat")} className="text-xs font-medium text-primary hover:underline" data-testid="all-chats">
              {t("allChats", { count: total })}
            </IntentLink>
          )}
          <Button asChild size="sm" variant="outline" className="h-7 text-xs">
            <IntentLink href={organizationPath(organizationId, "chat")} data-testid="dashboard-new-chat">
              <Plus aria-hidden />
              {chatText("newChat")}
            </IntentLink>
          </Button>
        </>
      }
    >
      {query.isPending ? (
        <CardSkeleton rows={3} />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : chats.length === 0 ? (
        <CardMessage>{t("noChats")}</CardMessage>
      ) : (
        <ul className="-mx-4 -my-2 divide-y text-sm">
          {chats.map((chat) => (
            <li key={chat.id}>
              <IntentLink href={organizationPath(organizationId, `chat/${chat.id}`)} className="flex items-start gap-2 px-4 py-2 hover:bg-accent" data-testid="recent-chat">
                <MessageSquare className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{chat.title || chatText("untitled")}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t("chatMessages", { count: chat.messageCount })} · <Timestamp value={chat.updatedAt} seconds={false} />
                  </span>
                </span>
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
