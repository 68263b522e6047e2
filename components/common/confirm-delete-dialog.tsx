"use client";

import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

export interface ConfirmDeleteProps {
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that closes the question without acting, when "Cancel" would read as the action ("Keep operation"). */
  dismissLabel?: string;
  /** Resolves when deleted; a rejection is shown in the dialog. */
  onConfirm: () => Promise<unknown>;
  /** The button that opens it; omit with `open` to control it from outside (e.g. from a menu). */
  trigger?: React.ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  testId?: string;
  /** The action is refused as things stand (the description says why): only Cancel is offered. */
  refused?: boolean;
  /** Whatever the confirmation names besides its description (e.g. a choice to make first). */
  children?: React.ReactNode;
}

/** The question itself (ConfirmDelete fetches it when it is first asked). */
export function ConfirmDeleteDialog({
  title,
  description,
  confirmLabel,
  dismissLabel,
  onConfirm,
  trigger,
  testId,
  refused = false,
  children,
  defaultOpen = false,
  ...controlled
}: ConfirmDeleteProps & { defaultOpen?: boolean }) {
  const t = useTranslations("common");
  const [openState, setOpenState] = useState(defaultOpen);
  const isControlled = controlled.open !== undefined;
  const open = isControlled ? Boolean(controlled.open) : openState;
  const setOpen = (next: boolean) => (isControlled ? controlled.onOpenChange?.(next) : setOpenState(next));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setError(null);
      }}
    >
      {!isControlled && (
        <AlertDialogTrigger asChild>
          {trigger ?? (
            <Button variant="outline" size="sm" className="text-destructive" data-testid={testId}>
              <Trash2 aria-hidden />
              {confirmLabel}
            </Button>
          )}
        </AlertDialogTrigger>
      )}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {error !== null && <ErrorAlert error={error} />}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{dismissLabel ?? t("cancel")}</AlertDialogCancel>
          <Button
            variant="destructive"
            busy={busy}
            disabled={refused}
            data-testid={testId ? `${testId}-confirm` : undefined}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await onConfirm();
                setOpen(false);
              } catch (caught) {
                setError(caught ?? new Error());
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
