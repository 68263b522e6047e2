"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Logo } from "@/components/shell/logo";
import { Button } from "@/components/ui/button";
import { SLOW_LOADING_BANNER_MS } from "@/lib/constants";

/** SPEC §2 loading page: a centred pulsing logo; after 10 s a banner offers Go Home and Logout. */
export function LoadingScreen() {
  const t = useTranslations("loading");
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_LOADING_BANNER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="relative flex min-h-svh items-center justify-center" role="status" aria-live="polite">
      {slow && (
        <div
          data-testid="slow-loading-banner"
          className="absolute inset-x-0 top-0 flex flex-wrap items-center justify-between gap-3 border-b bg-status-warning/15 px-4 py-3 text-sm"
        >
          <p>{t("slow")}</p>
          <div className="flex gap-2">
            <Button asChild size="sm" variant="outline">
              <a href="/">{t("goHome")}</a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href="/logout">{t("logout")}</a>
            </Button>
          </div>
        </div>
      )}
      <Logo className="size-16 motion-safe:animate-pulse-slow" />
      <span className="sr-only">{t("label")}</span>
    </div>
  );
}
