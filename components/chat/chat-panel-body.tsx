"use client";

import { Maximize2, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { IntentLink } from "@/components/shell/intent-link";
import { Button } from "@/components/ui/button";
import { organizationPath } from "@/lib/routes";
import { NewChat } from "./new-chat";
import { StoredChat } from "./stored-chat";

/** The panel's chat of each organization is remembered for the browser tab, so closing the panel loses nothing. */
const panelChatKey = (organizationId: string) => `maia.panelChat.${organizationId}`;

function rememberedChat(organizationId: string): string | null {
  return typeof window === "undefined" ? null : window.sessionStorage.getItem(panelChatKey(organizationId));
}

/** The contextual panel's content: the current conversation about the page, or a new one. */
export function ChatPanelBody({ organizationId, page }: { organizationId: string; page: string }) {
  const t = useTranslations("chat");
  const [current, setCurrent] = useState<string | null>(() => rememberedChat(organizationId));
  useEffect(() => {
    if (current) window.sessionStorage.setItem(panelChatKey(organizationId), current);
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
              <IntentLink href={organizationPath(organizationId, `chat/${current}`)} data-testid="panel-full-page">
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
          // A remembered chat deleted meanwhile: the panel starts afresh.
          <StoredChat key={current} chatId={current} organizationId={organizationId} page={page} onMissing={() => setCurrent(null)} />
        ) : (
          <NewChat organizationId={organizationId} intro={t("panelIntro")} onCreated={setCurrent} />
        )}
      </div>
    </div>
  );
}
