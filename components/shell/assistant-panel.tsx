"use client";

import { Sparkles } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { parseOrganizationPath } from "@/lib/routes";
import { lazyComponent } from "@/components/common/lazy-component";
import { useConsole } from "./use-console";

// The AI SDK's chat code is fetched on the intent to ask, not with every page.
const ChatPanelBody = lazyComponent(() => import("@/components/chat/chat-panel-body").then((module) => module.ChatPanelBody));

/**
 * The contextual chat (SPEC §2): on every page but the chat pages, the assistant opens beside the page and is told
 * which page the user is on, so "why is this path bad?" needs no more words.
 */
export function AssistantPanel() {
  const t = useTranslations();
  const { organization } = useConsole();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  // Another page (a link followed from the panel, Back, the menu): the panel makes way, and stays closed on return.
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }
  const page = parseOrganizationPath(pathname)?.rest ?? "";
  if (page === "chat" || page.startsWith("chat/")) return null;
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="assistant-button" onMouseEnter={ChatPanelBody.preload} onFocus={ChatPanelBody.preload}>
          <Sparkles aria-hidden />
          <span className="hidden sm:inline">{t("chat.assistant")}</span>
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="flex w-full flex-col gap-0 p-0 sm:max-w-md" closeLabel={t("common.close")} data-testid="assistant-panel">
        <SheetTitle className="sr-only">{t("chat.assistant")}</SheetTitle>
        <SheetDescription className="sr-only">{t("chat.panelDescription")}</SheetDescription>
        {open && <ChatPanelBody organizationId={organization.id} page={page} />}
      </SheetContent>
    </Sheet>
  );
}
