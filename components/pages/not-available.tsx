import { Construction } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { PageTitleKey } from "@/lib/routes";
import { PageHeader } from "./page-header";

/**
 * A console page that a later release fills; until then it says so plainly, with no made-up data. `homeHref` is left
 * out when this page is the organization's home: a "Back to home" there would lead back to itself.
 */
export async function NotAvailable({ titleKey, homeHref }: { titleKey: PageTitleKey; homeHref?: string }) {
  const t = await getTranslations();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t(`pages.${titleKey}`)} />
      <Card data-testid="not-available">
        <CardContent className="flex flex-col items-start gap-4 py-2 sm:flex-row sm:items-center">
          <Construction className="size-8 shrink-0 text-muted-foreground" aria-hidden />
          <p className="flex-1 text-sm text-muted-foreground">{t("common.notAvailable")}</p>
          {homeHref && (
            <Button asChild variant="outline" size="sm">
              <a href={homeHref} data-testid="not-available-home">
                {t("common.backHome")}
              </a>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
