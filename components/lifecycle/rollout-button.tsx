"use client";

import { Layers } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { useCan } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";

const RolloutFormDialog = lazyComponent(() => import("./rollout-form-dialog").then((module) => module.RolloutFormDialog));

/** "Staged rollout": the button (for those who may schedule operations) and, once used, its dialog (fetched on intent). */
export function StagedRolloutButton({ organizationId }: { organizationId: string }) {
  const t = useTranslations("rollout");
  const canWrite = useCan("msp:lifecycle:write");
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!canWrite) return null;
  return (
    <>
      <Button
        variant="outline"
        data-testid="staged-rollout"
        onMouseEnter={RolloutFormDialog.preload}
        onFocus={RolloutFormDialog.preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Layers aria-hidden />
        {t("open")}
      </Button>
      {opened && <RolloutFormDialog organizationId={organizationId} open={open} setOpen={setOpen} />}
    </>
  );
}
