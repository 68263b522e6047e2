import "@fontsource-variable/inter";
import "./globals.css";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { Providers } from "@/components/providers/providers";
import { PRODUCT_NAME } from "@/lib/constants";
import { NONCE_HEADER } from "@/server/pages/security-headers";

export const metadata: Metadata = {
  title: PRODUCT_NAME,
  icons: { icon: "/logo.svg" },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The messages are not sent with the page: Providers takes them from the language's catalogue chunk.
  const [locale, requestHeaders] = await Promise.all([getLocale(), headers()]);
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-svh antialiased">
        <Providers locale={locale} nonce={requestHeaders.get(NONCE_HEADER) ?? undefined}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
