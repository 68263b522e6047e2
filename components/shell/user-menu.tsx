"use client";

import { useTranslations } from "next-intl";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { Button } from "@/components/ui/button";
import { useConsole } from "./use-console";

const UserMenuOverlay = lazyOverlay(() => import("./user-menu-overlay").then((module) => module.UserMenuOverlay));

function initials(first: string, last: string, email: string): string {
  const letters = `${first.charAt(0)}${last.charAt(0)}`.trim();
  return (letters || email.charAt(0)).toUpperCase();
}

/** The header's round button with the user's initials; its menu is fetched on the intent to open it. */
export function UserMenu() {
  const t = useTranslations("userMenu");
  const { user } = useConsole();
  return (
    <UserMenuOverlay
      trigger={
        <Button variant="ghost" size="icon" data-testid="user-menu" className="rounded-full">
          {/* Named by its words, not an aria-label the visible initials would contradict (label-content-name-mismatch). */}
          <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
            {initials(user.userFirstName, user.userLastName, user.userEmail)}
          </span>
          <span className="sr-only">{t("open")}</span>
        </Button>
      }
    />
  );
}
