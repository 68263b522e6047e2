"use client";

import { Check, ShieldQuestion, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { AssistantText } from "./chat-text";

/**
 * The preview of an action the assistant wants to take (AI SDK tool approval): what will change, from the action's dry
 * run, with Approve and Reject. Nothing changes until Approve; either answer is sent at once and the assistant goes on.
 */
export function ApprovalCard({
  preview,
  state,
  approved,
  onAnswer,
  disabled,
}: {
  preview: string;
  state: "approval-requested" | "approval-responded" | "settled";
  approved?: boolean;
  onAnswer: (approved: boolean) => void;
  disabled: boolean;
}) {
  const t = useTranslations("chat.approval");
  const [sent, setSent] = useState(false);
  const waiting = state === "approval-requested" && !sent;
  return (
    <div className={cn("rounded-lg border px-3 py-2 text-sm", waiting ? "border-primary/50 bg-primary/5" : "bg-card")} data-testid="chat-approval" data-state={state}>
      <p className="mb-1 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <ShieldQuestion className="size-3.5" aria-hidden />
        {t("title")}
      </p>
      <AssistantText text={preview} />
      {waiting ? (
        <div className="mt-2 flex gap-2">
          <Button
            size="sm"
            className="h-7"
            disabled={disabled}
            onClick={() => {
              setSent(true);
              onAnswer(true);
            }}
            data-testid="chat-approve"
          >
            <Check aria-hidden />
            {t("approve")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="h-7"
            disabled={disabled}
            onClick={() => {
              setSent(true);
              onAnswer(false);
            }}
            data-testid="chat-reject"
          >
            <X aria-hidden />
            {t("reject")}
          </Button>
        </div>
      ) : (
        approved !== undefined && <p className={cn("mt-1 text-xs", approved ? "text-muted-foreground" : "text-destructive")}>{approved ? t("approved") : t("rejected")}</p>
      )}
    </div>
  );
}
