"use client";

import { Building, Languages, LogOut, Palette, UserRound, Webhook } from "lucide-react";
import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import type { OverlayProps } from "@/components/common/lazy-overlay";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LOCALES, THEMES, type Locale } from "@/lib/constants";
import { consoleRoute, isRouteAllowed, organizationPath } from "@/lib/routes";
import { useUpdateUserSettings } from "@/lib/users/queries";
import { IntentLink } from "./intent-link";
import { useConsole } from "./use-console";

/** The user menu: user settings, language, theme (stored under ui-theme) and logout. */
export function UserMenuOverlay({ trigger, defaultOpen }: OverlayProps) {
  const t = useTranslations("userMenu");
  const router = useRouter();
  const { theme, setTheme } = useTheme();
  const { organization, user } = useConsole();
  const updateSettings = useUpdateUserSettings();

  const changeLanguage = (language: Locale) => {
    if (language === user.userLanguage) return;
    updateSettings.mutate(
      { userFirstName: user.userFirstName, userLastName: user.userLastName, userLanguage: language },
      {
        // The server re-renders every string in the new language at once.
        onSuccess: () => router.refresh(),
        onError: (error) => toast.failure(error),
      },
    );
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate">{`${user.userFirstName} ${user.userLastName}`.trim() || user.userEmail}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.userEmail}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <IntentLink href={organizationPath(organization.id, "userSettings")} data-testid="menu-user-settings">
            <UserRound aria-hidden />
            {t("userSettings")}
          </IntentLink>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <IntentLink href={organizationPath(organization.id, "organizationSettings")} data-testid="menu-organization-settings">
            <Building aria-hidden />
            {t("organizationSettings")}
          </IntentLink>
        </DropdownMenuItem>
        {isRouteAllowed(consoleRoute("webhooks"), organization.organizationType, user.scopes) && (
          <DropdownMenuItem asChild>
            <IntentLink href={organizationPath(organization.id, "webhooks")} data-testid="menu-webhooks">
              <Webhook aria-hidden />
              {t("webhooks")}
            </IntentLink>
          </DropdownMenuItem>
        )}
        <DropdownMenuSub>
          <DropdownMenuSubTrigger data-testid="menu-language">
            <Languages aria-hidden />
            {t("language")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuRadioGroup value={user.userLanguage} onValueChange={(value) => changeLanguage(value as Locale)}>
              {LOCALES.map((locale) => (
                <DropdownMenuRadioItem key={locale} value={locale} data-testid={`menu-language-${locale}`}>
                  {t(`languages.${locale}`)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger data-testid="menu-theme">
            <Palette aria-hidden />
            {t("theme")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuRadioGroup value={theme} onValueChange={setTheme}>
              {THEMES.map((name) => (
                <DropdownMenuRadioItem key={name} value={name} data-testid={`menu-theme-${name}`}>
                  {t(`themes.${name}`)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href="/user/logout" data-testid="menu-logout">
            <LogOut aria-hidden />
            {t("logout")}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

