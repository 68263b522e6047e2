"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { ApiRequestError } from "@/lib/api/client";
import { lastFailedRequest } from "@/lib/support/failed-request";
import { useCreateSupportTicket } from "@/lib/support/queries";
import { supportTicketSchema } from "@/lib/support/schema";

const hasFieldIssues = (error: Error) => error instanceof ApiRequestError && Boolean(error.issues?.length);

/** The support ticket form (loaded on demand by SupportDialog, which unmounts it on closing: each opening starts empty). */
export function SupportForm({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const t = useTranslations();
  const create = useCreateSupportTicket();
  const form = useZodForm(supportTicketSchema, { defaultValues: { organizationId, message: "" } });
  // An error shown a moment ago: its request id, for the ticket to name (added on request, the message stays the user's).
  const [failedRequest] = useState(lastFailedRequest);
  const addFailedRequest = (requestId: string) => {
    const message = form.getValues("message").trimEnd();
    const line = t("support.requestLine", { requestId });
    if (!message.includes(requestId)) form.setValue("message", message ? `${message}\n\n${line}` : line, { shouldDirty: true });
  };
  return (
    <ZodForm
      form={form}
      className="flex flex-col gap-4"
      onSubmit={(values) =>
        create.mutate(
          { ...values, organizationId },
          {
            onSuccess: (ticket) => {
              toast.success(t("support.sent", { id: ticket.id.slice(0, 8) }));
              onClose();
            },
            onError: (error) => applyServerIssues(form, error),
          },
        )
      }
    >
      {create.error && !hasFieldIssues(create.error) && <ErrorAlert error={create.error} />}
      <FormField
        control={form.control}
        name="message"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("support.message")}</FormLabel>
            {/* Focused as when the form came with the dialog (the dialog may open before this code arrives). */}
            <FormControl>
              <Textarea rows={6} autoFocus placeholder={t("support.placeholder")} data-testid="support-message" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      {failedRequest && (
        <p className="text-xs text-muted-foreground" data-testid="support-failed-request">
          {t("support.lastFailure", { requestId: failedRequest })}{" "}
          <button type="button" className="font-medium underline underline-offset-4" onClick={() => addFailedRequest(failedRequest)}>
            {t("support.addRequestId")}
          </button>
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <SubmitButton busy={create.isPending} data-testid="support-send">
          {t("common.send")}
        </SubmitButton>
      </DialogFooter>
    </ZodForm>
  );
}
