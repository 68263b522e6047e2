"use client";

import { getToolName, isToolUIPart, type UIMessage } from "ai";
import { Bot, CircleAlert, CircleMinus, LoaderCircle, User, Wrench } from "lucide-react";
import { useTranslations } from "next-intl";
import { IntentLink } from "@/components/shell/intent-link";
import { Button } from "@/components/ui/button";
import { toolLinks } from "@/lib/chat/parts";
import { organizationPath } from "@/lib/routes";
import { cn } from "@/lib/utils";
import { ApprovalCard } from "./approval-card";
import { AssistantText } from "./chat-text";

type Part = UIMessage["parts"][number];

/** The user's answer to an action's preview. */
export type ApprovalAnswer = (answer: { id: string; approved: boolean }) => void;

/** An action's preview card, while it waits for the user and after (with what they answered). */
function Approval({ part, onApproval, busy }: { part: Part; onApproval?: ApprovalAnswer; busy: boolean }) {
  const approval = (part as { approval?: { id: string; approved?: boolean; requestReason?: string; isAutomatic?: boolean } }).approval;
  const state = (part as { state?: string }).state;
  // A refusal of the dry run (no permission, a missing field) asked the user nothing: the answer's text says why.
  if (!approval?.requestReason || approval.isAutomatic) return null;
  return (
    <ApprovalCard
      preview={approval.requestReason}
      state={state === "approval-requested" ? "approval-requested" : state === "approval-responded" ? "approval-responded" : "settled"}
      approved={approval.approved}
      disabled={busy || !onApproval}
      onAnswer={(approved) => onApproval?.({ id: approval.id, approved })}
    />
  );
}

/** What a tool did, in a line: running, done (with the links its answer offers), not run, or failed. */
function ToolStep({ part, organizationId, onApproval, busy }: { part: Part; organizationId: string; onApproval?: ApprovalAnswer; busy: boolean }) {
  const t = useTranslations("chat");
  if (!isToolUIPart(part)) return null;
  if (part.state === "approval-requested" || part.state === "approval-responded") return <Approval part={part} onApproval={onApproval} busy={busy} />;
  const name = getToolName(part);
  const label = t.has(`tools.${name}` as never) ? t(`tools.${name}` as never) : name;
  const failed = part.state === "output-error";
  // Not run: the action's dry run said what it lacks, or the user rejected its preview. Not a failure.
  const denied = part.state === "output-denied";
  const done = part.state === "output-available";
  const links = done ? toolLinks(part.output) : [];
  return (
    <div className="flex flex-col gap-2" data-testid="chat-tool" data-tool={name} data-state={part.state}>
      <Approval part={part} busy />
      <p className={cn("flex items-center gap-1.5 text-xs", failed ? "text-destructive" : "text-muted-foreground")}>
        {failed ? (
          <CircleAlert className="size-3.5" aria-hidden />
        ) : denied ? (
          <CircleMinus className="size-3.5" aria-hidden />
        ) : done ? (
          <Wrench className="size-3.5" aria-hidden />
        ) : (
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
        )}
        {failed ? t("toolFailed", { tool: label }) : denied ? t("toolDenied", { tool: label }) : done ? t("toolDone", { tool: label }) : t("toolRunning", { tool: label })}
      </p>
      {links.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {links.map((link) => (
            <Button key={`${link.path}-${link.label}`} asChild variant="outline" size="sm" className="h-7 text-xs">
              <IntentLink href={organizationPath(organizationId, link.path)} data-testid="chat-link">
                {link.label}
              </IntentLink>
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

/** One message of a conversation: the user's question, or the assistant's answer with the steps it took. */
export function ChatMessage({ message, organizationId, onApproval, busy = false }: { message: UIMessage; organizationId: string; onApproval?: ApprovalAnswer; busy?: boolean }) {
  const t = useTranslations("chat");
  const mine = message.role === "user";
  return (
    <li className={cn("flex gap-3", mine && "flex-row-reverse")} data-testid="chat-message" data-role={message.role}>
      <span
        className={cn("mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full", mine ? "bg-primary text-primary-foreground" : "bg-muted text-foreground")}
        aria-hidden
      >
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div className={cn("flex min-w-0 max-w-[85%] flex-col gap-2", mine && "items-end")}>
        <span className="sr-only">{mine ? t("you") : t("assistant")}</span>
        {message.parts.map((part, index) =>
          part.type === "text" ? (
            <div
              key={index}
              className={cn("rounded-lg px-3 py-2 text-sm leading-relaxed break-words", mine ? "bg-primary whitespace-pre-wrap text-primary-foreground" : "border bg-card")}
              data-testid="chat-text"
            >
              {mine ? part.text : <AssistantText text={part.text} />}
            </div>
          ) : isToolUIPart(part) ? (
            <ToolStep key={index} part={part} organizationId={organizationId} onApproval={onApproval} busy={busy} />
          ) : null,
        )}
      </div>
    </li>
  );
}
