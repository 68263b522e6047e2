"use client";

import { ArrowUp, Square } from "lucide-react";
import { useTranslations } from "next-intl";
import { SubmitButton } from "@/components/forms/submit-button";
import { useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import type { Question } from "@/lib/chat/schema";

// The schema (and zod) is fetched on the first check, not with the page.
const loadQuestionSchema = () => import("@/lib/chat/schema").then((schemas) => schemas.questionSchema);

/**
 * Where the user writes to the assistant: Enter sends, Shift+Enter starts a new line. The text is validated by the
 * API's own schema. The box empties as soon as the question is handed over (it then shows in the conversation, with a
 * retry if its answer fails); when handing it over fails (a new chat that could not be created), the text stays.
 */
export function ChatComposer({
  onSend,
  busy,
  onStop,
  autoFocus = false,
}: {
  onSend: (text: string) => Promise<unknown> | void;
  busy: boolean;
  /** While an answer is on its way, the send button becomes Stop. */
  onStop?: () => void;
  autoFocus?: boolean;
}) {
  const t = useTranslations("chat");
  const form = useZodForm(loadQuestionSchema, { defaultValues: { text: "" }, mode: "onSubmit" });
  const submit = async ({ text }: Question) => {
    try {
      await onSend(text);
      form.reset({ text: "" });
    } catch {
      // The page shows why; the question stays in the box.
    }
  };
  return (
    <ZodForm form={form} onSubmit={submit} className="flex flex-col gap-1">
      <FormField
        control={form.control}
        name="text"
        render={({ field }) => (
          <FormItem>
            <div className="flex items-end gap-2 rounded-lg border bg-background p-2 shadow-xs focus-within:ring-2 focus-within:ring-ring/50">
              <FormControl>
                <Textarea
                  {...field}
                  rows={2}
                  autoFocus={autoFocus}
                  placeholder={t("placeholder")}
                  aria-label={t("question")}
                  data-testid="chat-input"
                  className="max-h-48 min-h-10 resize-none border-0 p-1 shadow-none focus-visible:ring-0"
                  onKeyDown={(event) => {
                    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                      event.preventDefault();
                      if (!busy) void form.handleSubmit(submit)();
                    }
                  }}
                />
              </FormControl>
              {busy && onStop ? (
                <Button type="button" size="icon" variant="outline" onClick={onStop} aria-label={t("stop")} data-testid="chat-stop">
                  <Square aria-hidden />
                </Button>
              ) : (
                <SubmitButton size="icon" disabled={busy} aria-label={t("send")} data-testid="chat-send">
                  <ArrowUp aria-hidden />
                </SubmitButton>
              )}
            </div>
            <FormMessage />
          </FormItem>
        )}
      />
      <p className="px-1 text-[11px] text-muted-foreground">{t("composerHint")}</p>
    </ZodForm>
  );
}
