"use client";

import "@/lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider, useTranslations } from "next-intl";
import { ThemeProvider } from "next-themes";
import { use, useEffect } from "react";
import { ToasterHost } from "@/components/ui/toaster-host";
import { configureApiClient } from "@/lib/api/client";
import { configurePaging } from "@/lib/api/paging";
import { DEFAULT_THEME, DISPLAY_TIME_ZONE, THEME_STORAGE_KEY, THEMES, type Locale } from "@/lib/constants";
import { loadCatalogue } from "@/lib/i18n/catalogue-loader";
import type { CatalogueUrls } from "@/lib/i18n/client-catalogue";
import { getQueryClient } from "@/lib/query-client";
import { ChunkErrorReloader } from "./chunk-error-reloader";

// Keeps the API client's language header and fallback texts in step with the UI's locale.
function ApiClientLanguage({ locale }: { locale: Locale }) {
  const t = useTranslations("apiClient");
  configureApiClient({ locale, unknownErrorText: t("unknownError"), timeoutText: t("timeout"), networkText: t("network") });
  configurePaging({ listTooLong: (limit) => t("listTooLong", { limit }) });
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

export function Providers({
  locale,
  catalogueUrls,
  nonce,
  children,
}: {
  locale: Locale;
  /** Each language's catalogue script (the page's own has run before hydration; another is fetched on a switch). */
  catalogueUrls: CatalogueUrls;
  /** The page answer's Content-Security-Policy nonce, for the theme's inline bootstrap script. */
  nonce?: string;
  children: React.ReactNode;
}) {
  const messages = use(loadCatalogue(locale, catalogueUrls[locale]));
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={DISPLAY_TIME_ZONE}>
      <ThemeProvider
        attribute="class"
        storageKey={THEME_STORAGE_KEY}
        defaultTheme={DEFAULT_THEME}
        themes={THEMES.filter((theme) => theme !== "system")}
        enableSystem
        disableTransitionOnChange
        nonce={nonce}
      >
        <QueryClientProvider client={getQueryClient()}>
          <ApiClientLanguage locale={locale} />
          <ChunkErrorReloader />
          {children}
          <ToasterHost />
        </QueryClientProvider>
      </ThemeProvider>
    </NextIntlClientProvider>
  );
}
