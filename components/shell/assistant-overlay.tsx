"use client";

import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OverlayProps } from "@/components/common/lazy-overlay";
import { lazyComponent } from "@/components/common/lazy-component";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";

// The AI SDK's chat code is fetched with the panel, not with every page.
const ChatPanelBody = lazyComponent(() => import("@/components/chat/chat-panel-body").then((module) => module.ChatPanelBody));

export function preloadChatPanel() {
  ChatPanelBody.preload();
}

/** The assistant beside the page, told which page the user is on. */
export function AssistantOverlay({ trigger, defaultOpen, organizationId, page }: OverlayProps & { organizationId: string; page: string }) {
  const t = useTranslations();
  const pathname = usePathname();
  const [open, setOpen] = useState(defaultOpen);
  // Another page (a link followed from the panel, Back, the menu): the panel makes way, and stays closed on return.
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="right" className="flex w-full flex-col gap-0 p-0 sm:max-w-md" closeLabel={t("common.close")} data-testid="assistant-panel">
        <SheetTitle className="sr-only">{t("chat.assistant")}</SheetTitle>
        <SheetDescription className="sr-only">{t("chat.panelDescription")}</SheetDescription>
        {open && <ChatPanelBody organizationId={organizationId} page={page} />}
      </SheetContent>
    </Sheet>
  );
}
