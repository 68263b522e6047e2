"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { Button } from "@/components/ui/button";

const AddSiteFormDialog = lazyComponent(() => import("./add-site-form-dialog").then((module) => module.AddSiteFormDialog));

/** Add Site: the button, and once it is used the site form in a dialog (its code fetched on hover or focus). */
export function AddSiteDialog({ organizationId }: { organizationId: string }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing animates and resets the form as before.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        data-testid="add-site"
        onMouseEnter={AddSiteFormDialog.preload}
        onFocus={AddSiteFormDialog.preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Plus aria-hidden />
        {t("sites.add")}
      </Button>
      {opened && <AddSiteFormDialog organizationId={organizationId} open={open} setOpen={setOpen} />}
    </>
  );
}
