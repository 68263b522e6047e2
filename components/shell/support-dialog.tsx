"use client";

import { LifeBuoy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ErrorAlert } from "@/components/errors/error-alert";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { useCreateSupportTicket } from "@/lib/support/queries";
import { supportTicketSchema } from "@/lib/support/schema";
import { ApiRequestError } from "@/lib/api/client";
import { useConsole } from "./use-console";

const hasFieldIssues = (error: Error) => error instanceof ApiRequestError && Boolean(error.issues?.length);

/** The support ticket dialog: the message is stored server-side and acknowledged with its reference. */
export function SupportDialog() {
  const t = useTranslations();
  const { organization } = useConsole();
  const [open, setOpen] = useState(false);
  const create = useCreateSupportTicket();
  const form = useZodForm(supportTicketSchema, { defaultValues: { organizationId: organization.id, message: "" } });

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset({ organizationId: organization.id, message: "" });
      create.reset();
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="support-button">
          <LifeBuoy aria-hidden />
          <span className="hidden sm:inline">{t("nav.support")}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("support.title")}</DialogTitle>
          <DialogDescription>{t("support.description")}</DialogDescription>
        </DialogHeader>
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={(values) =>
            create.mutate(
              { ...values, organizationId: organization.id },
              {
                onSuccess: (ticket) => {
                  toast.success(t("support.sent", { id: ticket.id.slice(0, 8) }));
                  close(false);
                },
                onError: (error) => applyServerIssues(form, error),
              },
            )
          }
        >
          {create.error && !hasFieldIssues(create.error) && <ErrorAlert message={create.error.message} />}
          <FormField
            control={form.control}
            name="message"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("support.message")}</FormLabel>
                <FormControl>
                  <Textarea rows={6} placeholder={t("support.placeholder")} data-testid="support-message" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={create.isPending} data-testid="support-send">
              {t("common.send")}
            </Button>
          </DialogFooter>
        </ZodForm>
      </DialogContent>
    </Dialog>
  );
}
