"use client";

import { lazyComponent } from "@/components/common/lazy-component";
import type { PathDialogProps } from "./path-form-dialog";

const PathFormDialog = lazyComponent(() => import("./path-form-dialog").then((module) => module.PathFormDialog));

/** Fetches the path form's code ahead of its first opening: call it on the hover or focus of what opens it. */
export const preloadPathDialog = PathFormDialog.preload;

/** Add Path (from a site) or edit a path, in a dialog; unmounted when closed so each opening starts fresh. */
export function PathDialog(props: PathDialogProps & { open: boolean }) {
  const { open, ...rest } = props;
  if (!open) return null;
  return <PathFormDialog key={rest.path?.id ?? "new"} {...rest} />;
}
