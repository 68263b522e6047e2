import { useTranslations } from "next-intl";
import { WEBHOOK_HEADERS, WEBHOOK_VERIFY_SNIPPET } from "@/lib/webhooks/constants";
import { CodeBlock } from "@/components/common/code-block";

const HEADER_KEYS = ["delivery", "event", "timestamp", "signature"] as const;

/** How a webhook delivery looks and how a receiver verifies it (the snippet the API tests run against deliveries). */
export function WebhooksDoc() {
  const t = useTranslations("apiDocs.webhooks");
  return (
    <section id="webhooks" aria-labelledby="webhooks-doc-title" data-testid="api-docs-webhooks" className="mb-6 scroll-mt-16 rounded-lg border bg-card p-4">
      <h2 id="webhooks-doc-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("body")}</p>
      <table className="mt-3 w-full text-sm">
        <tbody>
          {HEADER_KEYS.map((key) => (
            <tr key={key} className="border-t">
              <td className="py-1.5 pr-4 font-mono text-xs whitespace-nowrap">{WEBHOOK_HEADERS[key]}</td>
              <td className="py-1.5 text-muted-foreground">{t(`headers.${key}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-muted-foreground">{t("retries")}</p>
      <h3 className="mt-3 text-sm font-medium">{t("verify")}</h3>
      <CodeBlock label={t("verify")} testId="webhook-verify-snippet" className="mt-2">
        {WEBHOOK_VERIFY_SNIPPET}
      </CodeBlock>
    </section>
  );
}
