"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OverlayProps } from "@/components/common/lazy-overlay";
import { lazyComponent } from "@/components/common/lazy-component";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

// The form (react-hook-form, zod) is fetched with the dialog, not with every page.
const SupportForm = lazyComponent(() => import("./support-form").then((module) => module.SupportForm));

/** The support ticket dialog: the message is stored server-side and acknowledged with its reference. */
export function SupportOverlay({ trigger, defaultOpen, organizationId }: OverlayProps & { organizationId: string }) {
  const t = useTranslations();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("support.title")}</DialogTitle>
          <DialogDescription>{t("support.description")}</DialogDescription>
        </DialogHeader>
        <SupportForm organizationId={organizationId} onClose={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

export function preloadSupportForm() {
  SupportForm.preload();
}
