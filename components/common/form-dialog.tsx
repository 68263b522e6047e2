"use client";

import { useTranslations } from "next-intl";
import { useConfirmedClose } from "@/components/forms/leave-confirmation";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Closing a form with unsaved changes asks first. */
  dirty: boolean;
  title: string;
  description?: string;
  wide?: boolean;
  testId?: string;
  /** The form; given a close that asks first when there are unsaved changes (for its Cancel button). */
  children: (requestClose: () => void) => React.ReactNode;
}

/** A dialog around a form: scrolls when tall, and confirms before discarding unsaved changes. */
export function FormDialog({ open, onOpenChange, dirty, title, description, wide, testId, children }: FormDialogProps) {
  const t = useTranslations("common");
  const guarded = useConfirmedClose(dirty, onOpenChange);
  return (
    <>
      <Dialog open={open} onOpenChange={guarded.onOpenChange}>
        <DialogContent
          closeLabel={t("close")}
          className={cn("max-h-[calc(100svh-2rem)] overflow-y-auto", wide ? "sm:max-w-3xl" : "sm:max-w-xl")}
          data-testid={testId}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description && <DialogDescription>{description}</DialogDescription>}
          </DialogHeader>
          {children(guarded.close)}
        </DialogContent>
      </Dialog>
      {guarded.confirmation}
    </>
  );
}
