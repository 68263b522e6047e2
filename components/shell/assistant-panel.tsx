"use client";

import { Sparkles } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { parseOrganizationPath } from "@/lib/routes";
import { useConsole } from "./use-console";

// Fetching the panel on hover or focus fetches the chat's code too.
const AssistantOverlay = lazyOverlay(() =>
  import("./assistant-overlay").then((module) => {
    module.preloadChatPanel();
    return module.AssistantOverlay;
  }),
);

/**
 * The contextual chat (SPEC §2): on every page but the chat pages, the assistant opens beside the page and is told
 * which page the user is on, so "why is this path bad?" needs no more words.
 */
export function AssistantPanel() {
  const t = useTranslations("chat");
  const { organization } = useConsole();
  const pathname = usePathname();
  const page = parseOrganizationPath(pathname)?.rest ?? "";
  if (page === "chat" || page.startsWith("chat/")) return null;
  return (
    <AssistantOverlay
      organizationId={organization.id}
      page={page}
      trigger={
        <Button variant="ghost" size="sm" data-testid="assistant-button">
          <Sparkles aria-hidden />
          <span className="sr-only sm:not-sr-only">{t("assistant")}</span>
        </Button>
      }
    />
  );
}
