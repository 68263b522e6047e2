import "@fontsource-variable/inter";
import "./globals.css";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { CatalogueScript } from "@/components/providers/catalogue-script";
import { Providers } from "@/components/providers/providers";
import { PRODUCT_NAME } from "@/lib/constants";
import { catalogueScriptUrls } from "@/server/i18n/catalogue-script";
import { NONCE_HEADER } from "@/server/pages/security-headers";
// Server pages prefetch through the /api/v1 entry in-process (wired once for every page render).
import "@/server/page-transport";

export const metadata: Metadata = {
  title: PRODUCT_NAME,
  icons: { icon: "/logo.svg" },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The messages are not sent with the page: its language's catalogue script (kept by the browser) runs before Next
  // hydrates it, and Providers reads them from there (lib/i18n/client-catalogue.ts).
  const [locale, requestHeaders] = await Promise.all([getLocale(), headers()]);
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined;
  const catalogueUrls = catalogueScriptUrls();
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <CatalogueScript src={catalogueUrls[locale]} nonce={nonce} />
      </head>
      <body className="min-h-svh antialiased">
        <Providers locale={locale} catalogueUrls={catalogueUrls} nonce={nonce}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
