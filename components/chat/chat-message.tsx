"use client";

import { getToolName, isToolUIPart, type UIMessage } from "ai";
import { Bot, CircleAlert, LoaderCircle, User, Wrench } from "lucide-react";
import { useTranslations } from "next-intl";
import { IntentLink } from "@/components/shell/intent-link";
import { Button } from "@/components/ui/button";
import { toolLinks } from "@/lib/chat/parts";
import { organizationPath } from "@/lib/routes";
import { cn } from "@/lib/utils";

type Part = UIMessage["parts"][number];

/** What a tool did, in a line: running, done (with the links its answer offers) or failed. */
function ToolStep({ part, organizationId }: { part: Part; organizationId: string }) {
  const t = useTranslations("chat");
  if (!isToolUIPart(part)) return null;
  const name = getToolName(part);
  const label = t.has(`tools.${name}` as never) ? t(`tools.${name}` as never) : name;
  const failed = part.state === "output-error" || part.state === "output-denied";
  const done = part.state === "output-available";
  const links = done ? toolLinks(part.output) : [];
  return (
    <div className="flex flex-col gap-2" data-testid="chat-tool" data-tool={name} data-state={part.state}>
      <p className={cn("flex items-center gap-1.5 text-xs", failed ? "text-destructive" : "text-muted-foreground")}>
        {failed ? <CircleAlert className="size-3.5" aria-hidden /> : done ? <Wrench className="size-3.5" aria-hidden /> : <LoaderCircle className="size-3.5 animate-spin" aria-hidden />}
        {failed ? t("toolFailed", { tool: label }) : done ? t("toolDone", { tool: label }) : t("toolRunning", { tool: label })}
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
export function ChatMessage({ message, organizationId }: { message: UIMessage; organizationId: string }) {
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
              className={cn("rounded-lg px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap", mine ? "bg-primary text-primary-foreground" : "border bg-card")}
              data-testid="chat-text"
            >
              {part.text}
            </div>
          ) : isToolUIPart(part) ? (
            <ToolStep key={index} part={part} organizationId={organizationId} />
          ) : null,
        )}
      </div>
    </li>
  );
}
