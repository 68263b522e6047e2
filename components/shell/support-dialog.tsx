"use client";

import { LifeBuoy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { lazyComponent } from "@/components/common/lazy-component";
import { useConsole } from "./use-console";

// The form (react-hook-form, zod) is fetched on the intent to write, not with every page.
const SupportForm = lazyComponent(() => import("./support-form").then((module) => module.SupportForm));

/** The support ticket dialog: the message is stored server-side and acknowledged with its reference. */
export function SupportDialog() {
  const t = useTranslations();
  const { organization } = useConsole();
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="support-button" onMouseEnter={SupportForm.preload} onFocus={SupportForm.preload}>
          <LifeBuoy aria-hidden />
          <span className="hidden sm:inline">{t("nav.support")}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("support.title")}</DialogTitle>
          <DialogDescription>{t("support.description")}</DialogDescription>
        </DialogHeader>
        <SupportForm organizationId={organization.id} onClose={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
