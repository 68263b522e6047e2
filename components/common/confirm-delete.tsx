"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { Button } from "@/components/ui/button";
import type { ConfirmDeleteProps } from "./confirm-delete-dialog";

// The question's code (Radix's alert dialog) is fetched when it is first asked (or on the trigger's hover or focus).
const loadDialog = () => import("./confirm-delete-dialog").then((module) => module.ConfirmDeleteDialog);
const ConfirmDeleteDialog = lazyComponent(loadDialog);
const ConfirmDeleteOverlay = lazyOverlay(loadDialog);

/** Asks before deleting; the button stays busy until the API answers, and an error stays in the dialog. */
export function ConfirmDelete(props: ConfirmDeleteProps) {
  if (props.open !== undefined) return <ControlledConfirmDelete {...props} />;
  const trigger = props.trigger ?? (
    <Button variant="outline" size="sm" className="text-destructive" data-testid={props.testId}>
      <Trash2 aria-hidden />
      {props.confirmLabel}
    </Button>
  );
  return <ConfirmDeleteOverlay {...props} trigger={trigger} />;
}

/** Opened from outside (a menu): the dialog's code is fetched the first time it opens, and stays. */
function ControlledConfirmDelete(props: ConfirmDeleteProps) {
  const [asked, setAsked] = useState(Boolean(props.open));
  if (props.open && !asked) setAsked(true);
  return asked ? <ConfirmDeleteDialog {...props} /> : null;
}
