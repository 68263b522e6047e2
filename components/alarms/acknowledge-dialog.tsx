"use client";

import { CheckCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

// The form (react-hook-form, the zod resolver) stays out of the alarms page's first load.
const AcknowledgeForm = lazyComponent(() => import("./acknowledge-form").then((module) => module.AcknowledgeForm));

/** Acknowledges the selected alarms, with an optional note; they leave the default list. */
export function AcknowledgeDialog({ alarmIds, onDone }: { alarmIds: string[]; onDone: () => void }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const count = alarmIds.length;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" disabled={count === 0} data-testid="acknowledge-alarms" onMouseEnter={AcknowledgeForm.preload} onFocus={AcknowledgeForm.preload}>
          <CheckCheck aria-hidden />
          {t("alarms.acknowledge")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("alarms.acknowledgeTitle", { count })}</DialogTitle>
          <DialogDescription>{t("alarms.acknowledgeDescription", { count })}</DialogDescription>
        </DialogHeader>
        {/* Mounted while open: a new opening starts from an empty note. */}
        {open && <AcknowledgeForm alarmIds={alarmIds} onClose={() => setOpen(false)} onDone={onDone} />}
      </DialogContent>
    </Dialog>
  );
}
