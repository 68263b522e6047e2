"use client";

import { LifeBuoy } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { useConsole } from "./use-console";

// Fetching the dialog on hover or focus fetches its form too.
const SupportOverlay = lazyOverlay(() =>
  import("./support-overlay").then((module) => {
    module.preloadSupportForm();
    return module.SupportOverlay;
  }),
);

/** The header's Support button; the dialog and its form are fetched on the intent to write. */
export function SupportDialog() {
  const t = useTranslations("nav");
  const { organization } = useConsole();
  return (
    <SupportOverlay
      organizationId={organization.id}
      trigger={
        <Button variant="ghost" size="sm" data-testid="support-button">
          <LifeBuoy aria-hidden />
          <span className="sr-only sm:not-sr-only">{t("support")}</span>
        </Button>
      }
    />
  );
}
