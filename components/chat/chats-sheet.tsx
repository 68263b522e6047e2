"use client";

import { useTranslations } from "next-intl";
import type { OverlayProps } from "@/components/common/lazy-overlay";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { ChatList } from "./chat-list";

/** On a narrow screen, the chats are a sheet away. */
export function ChatsSheet({ trigger, defaultOpen, organizationId, activeChatId }: OverlayProps & { organizationId: string; activeChatId: string | null }) {
  const t = useTranslations();
  return (
    <Sheet defaultOpen={defaultOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" className="w-72 gap-0 p-0" closeLabel={t("common.close")}>
        <SheetTitle className="border-b p-3 text-sm">{t("chat.chats")}</SheetTitle>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ChatList organizationId={organizationId} activeChatId={activeChatId} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
