"use client";

import { useCallback, useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";

// The question's code (Radix's alert dialog) is fetched when it is first asked, not with every form.
const LeaveDialog = lazyComponent(() => import("./leave-dialog").then((module) => module.LeaveDialog));

/** SPEC §4: the one question asked before unsaved changes are lost — leaving a page or closing a form's dialog. */
export function LeaveConfirmation({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return open ? <LeaveDialog onStay={onStay} onLeave={onLeave} /> : null;
}

/**
 * SPEC §4: unsaved changes trigger a leave confirmation — also when a dialog or panel holding the form is closed.
 * `requestClose(dirty, close)` closes at once when nothing changed, else asks first; `confirmation` is the question.
 */
export function useDiscardConfirmation() {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const requestClose = useCallback((dirty: boolean, close: () => void) => (dirty ? setPending(() => close) : close()), []);
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

/**
 * The open state of a dialog or panel holding a form: `onOpenChange` for its root (a close by Escape, the overlay or
 * its ×), `close` for a Cancel button; both ask first while `dirty`. Render `confirmation` beside it.
 */
export function useConfirmedClose(dirty: boolean, onOpenChange: (open: boolean) => void) {
  const { requestClose, confirmation } = useDiscardConfirmation();
  const close = () => requestClose(dirty, () => onOpenChange(false));
  return { onOpenChange: (next: boolean) => (next ? onOpenChange(true) : close()), close, confirmation };
}
