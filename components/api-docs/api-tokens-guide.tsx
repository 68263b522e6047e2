"use client";

import { useTranslations } from "next-intl";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { useHydrated } from "@/components/common/use-hydrated";
import { organizationPath } from "@/lib/routes";
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_PREFIX, API_TOKEN_RATE } from "@/lib/tokens/constants";
import { CodeBlock } from "@/components/common/code-block";

/** How a script calls the API: a personal token, the Authorization header, a curl example and the rate budget. */
export function ApiTokensGuide() {
  const t = useTranslations("apiDocs.tokens");
  const { organization } = useConsole();
  // The console's own address once in the browser; the server's HTML names an example one.
  const origin = useHydrated() ? window.location.origin : "https://console.example";
  const example = [
    `export MAIA_TOKEN='${API_TOKEN_PREFIX}…'`,
    `curl -sS -H "Authorization: Bearer $MAIA_TOKEN" \\`,
    `  "${origin}/api/v1/config/organization/${organization.id}/site?limit=50"`,
  ].join("\n");
  return (
    <section id="api-tokens" aria-labelledby="api-tokens-title" className="mb-6 grid scroll-mt-16 gap-3 rounded-lg border bg-card p-4 text-sm" data-testid="api-tokens-guide">
      <h2 id="api-tokens-title" className="text-base font-semibold">
        {t("title")}
      </h2>
      <p>
        {t.rich("create", {
          link: (chunks) => (
            <IntentLink href={organizationPath(organization.id, "user/apiTokens")} className="font-medium text-primary underline-offset-4 hover:underline">
              {chunks}
            </IntentLink>
          ),
          days: API_TOKEN_EXPIRY_DAYS.default,
          max: API_TOKEN_EXPIRY_DAYS.max,
        })}
      </p>
      <p>{t("header")}</p>
      <CodeBlock label={t("header")} testId="api-tokens-curl">
        {example}
      </CodeBlock>
      <p>{t("rate", { perSecond: API_TOKEN_RATE.perSecond, burst: API_TOKEN_RATE.burst })}</p>
      <p>{t("refusals")}</p>
    </section>
  );
}
