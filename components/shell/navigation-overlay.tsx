"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OverlayProps } from "@/components/common/lazy-overlay";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Sidebar } from "./sidebar";

/** The side column in a sheet on narrow screens; following a link closes it. */
export function NavigationOverlay({ trigger, defaultOpen }: OverlayProps) {
  const t = useTranslations("common");
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" className="w-72 bg-sidebar p-0" closeLabel={t("close")}>
        <SheetTitle className="sr-only">{t("toggleNavigation")}</SheetTitle>
        <Sidebar onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
