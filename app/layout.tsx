import "@fontsource-variable/inter";
import "./globals.css";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale, getMessages } from "next-intl/server";
import { Providers } from "@/components/providers/providers";
import { PRODUCT_NAME } from "@/lib/constants";
import { NONCE_HEADER } from "@/server/pages/security-headers";

export const metadata: Metadata = {
  title: PRODUCT_NAME,
  icons: { icon: "/logo.svg" },
};

// Catalogue namespaces only the server speaks (the assistant writes its answers there): not sent with every page.
const SERVER_ONLY_NAMESPACES = new Set(["assistant"]);

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [locale, catalogue, requestHeaders] = await Promise.all([getLocale(), getMessages(), headers()]);
  const messages = Object.fromEntries(Object.entries(catalogue).filter(([namespace]) => !SERVER_ONLY_NAMESPACES.has(namespace)));
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-svh antialiased">
        <Providers locale={locale} messages={messages} nonce={requestHeaders.get(NONCE_HEADER) ?? undefined}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
