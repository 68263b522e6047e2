"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useConsole } from "@/components/shell/use-console";

const CUSTOMER_SUGGESTIONS = ["listSites", "pathHealth", "openAlarms", "createSite"] as const;
const STAFF_SUGGESTIONS = ["openAlarms", "recentEvents", "pathHealth", "createPath"] as const;

/** Questions to start with, for the organization's kind: what the assistant can answer. */
export function ChatSuggestions({ onPick }: { onPick: (text: string) => void }) {
  const t = useTranslations("chat.suggestions");
  const { organization } = useConsole();
  const keys = organization.organizationType === "customer" ? CUSTOMER_SUGGESTIONS : STAFF_SUGGESTIONS;
  return (
    <div className="flex max-w-md flex-wrap justify-center gap-2">
      {keys.map((key) => (
        <Button key={key} type="button" variant="outline" size="sm" className="h-auto py-1.5 text-xs whitespace-normal" onClick={() => onPick(t(key))} data-testid="chat-suggestion">
          {t(key)}
        </Button>
      ))}
    </div>
  );
}
