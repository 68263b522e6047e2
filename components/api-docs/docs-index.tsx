"use client";

import { BookOpen, FileJson, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { organizationPath } from "@/lib/routes";

const CARD = "flex gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50";

function Entry({ icon: Icon, title, description }: { icon: typeof BookOpen; title: string; description: string }) {
  return (
    <>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <span className="grid gap-1">
        <span className="text-sm font-medium">{title}</span>
        <span className="text-xs text-muted-foreground">{description}</span>
      </span>
    </>
  );
}

/**
 * What the header's Documentation link opens first: the documentation there is — the API reference below, its
 * OpenAPI document, and the assistant, which walks a new user through the console's first steps.
 */
export function DocsIndex() {
  const t = useTranslations("apiDocs.index");
  const { organization } = useConsole();
  return (
    <nav aria-label={t("label")} className="mb-6 grid gap-3 sm:grid-cols-3" data-testid="docs-index">
      <a href="#api-reference" className={CARD} data-testid="docs-index-reference">
        <Entry icon={BookOpen} title={t("reference")} description={t("referenceDescription")} />
      </a>
      <a href="/api/v1/openapi.json" download className={CARD} data-testid="docs-index-openapi">
        <Entry icon={FileJson} title={t("openapi")} description={t("openapiDescription")} />
      </a>
      <IntentLink href={organizationPath(organization.id, "chat")} className={CARD} data-testid="docs-index-assistant">
        <Entry icon={Sparkles} title={t("assistant")} description={t("assistantDescription")} />
      </IntentLink>
    </nav>
  );
}
