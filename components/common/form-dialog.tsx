"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { LeaveConfirmation } from "@/components/forms/leave-confirmation";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

/**
 * SPEC §4: unsaved changes trigger a leave confirmation — also when a dialog or panel holding the form is closed.
 * `requestClose(dirty, close)` closes at once when nothing changed, else asks first; `confirmation` is the question.
 */
export function useDiscardConfirmation() {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const requestClose = (dirty: boolean, close: () => void) => (dirty ? setPending(() => close) : close());
  const confirmation = (
    <LeaveConfirmation
      open={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        const close = pending;
        setPending(null);
        close?.();
      }}
    />
  );
  return { requestClose, confirmation };
}

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
  const { requestClose, confirmation } = useDiscardConfirmation();
  const close = () => requestClose(dirty, () => onOpenChange(false));
  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
        <DialogContent
          closeLabel={t("close")}
          className={cn("max-h-[calc(100svh-2rem)] overflow-y-auto", wide ? "sm:max-w-3xl" : "sm:max-w-xl")}
          data-testid={testId}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description && <DialogDescription>{description}</DialogDescription>}
          </DialogHeader>
          {children(close)}
        </DialogContent>
      </Dialog>
      {confirmation}
    </>
  );
}
