"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { PageHeader } from "@/components/pages/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiTokensGuide } from "./api-tokens-guide";
import { DocsIndex } from "./docs-index";
import { WebhooksDoc } from "./webhooks-doc";

// The renderer is large: it loads with this page only, in the browser.
const ApiReference = dynamic(() => import("./api-reference"), {
  ssr: false,
  loading: () => <Skeleton className="h-[70svh] w-full" />,
});

/** Documentation: its index, then the control-plane API's OpenAPI 3.1 document, generated from the same zod schemas. */
export function ApiDocsPage() {
  const t = useTranslations();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("pages.apiDocs")}
        description={t("apiDocs.description")}
        actions={
          <a className="text-sm font-medium text-primary underline-offset-4 hover:underline" href="/api/v1/openapi.json" download>
            openapi.json
          </a>
        }
      />
      <DocsIndex />
      <ApiTokensGuide />
      <WebhooksDoc />
      <div id="api-reference" data-testid="api-reference" className="scroll-mt-16 overflow-hidden rounded-lg border bg-card">
        <ApiReference />
      </div>
    </div>
  );
}
