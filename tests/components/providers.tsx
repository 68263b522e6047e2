import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, render, renderHook } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { afterEach } from "vitest";
import { DISPLAY_TIME_ZONE, type Locale } from "@/lib/constants";
import { MESSAGES } from "@/lib/i18n/messages";

// Testing Library unmounts after each test on its own only where the runner's hooks are globals; here they are imported.
afterEach(cleanup);

// What a test waits for often arrives with code loaded on demand (a dialog's, a form's): on a busy machine that took
// more than the default second (CI on 2 cores beside the API tests). findBy… and waitFor poll until it is there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; the toaster asks it for the system theme (a light one here).
if (typeof window !== "undefined" && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

/** The console's client providers, as components/providers wraps every page: the catalogue and a query cache. */
function providers(locale: Locale) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Providers({ children }: { children: React.ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone={DISPLAY_TIME_ZONE}>
          {children}
        </NextIntlClientProvider>
      </QueryClientProvider>
    );
  }
  return { queryClient, Providers };
}

/** Renders inside the providers; `seed` fills the query cache first, as a server page's hydration would. */
export function renderWithProviders(
  ui: React.ReactElement,
  { locale = "en", seed }: { locale?: Locale; seed?: (queryClient: QueryClient) => void } = {},
) {
  const { queryClient, Providers } = providers(locale);
  seed?.(queryClient);
  return { queryClient, ...render(ui, { wrapper: Providers }) };
}

export function renderHookWithProviders<Result, Props>(hook: (props: Props) => Result, options: { locale?: Locale; initialProps?: Props } = {}) {
  const { queryClient, Providers } = providers(options.locale ?? "en");
  return { queryClient, ...renderHook(hook, { wrapper: Providers, initialProps: options.initialProps }) };
}

/**
 * A page as the browser gets it: the server's HTML first, where `beforeHydration` may act as a person would before
 * the scripts ran (type into a field), then React hydrating it.
 */
export function hydrateWithProviders(ui: React.ReactElement, beforeHydration: (container: HTMLElement) => void, { locale = "en" }: { locale?: Locale } = {}) {
  const { queryClient, Providers } = providers(locale);
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(<Providers>{ui}</Providers>);
  beforeHydration(container);
  return { queryClient, ...render(ui, { wrapper: Providers, container, hydrate: true }) };
}
