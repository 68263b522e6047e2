import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

/** The Not Found heading, its sentence and the way home: alone on a page, or inside the console's shell. */
export async function NotFoundMessage() {
  const t = await getTranslations();
  return (
    <div className="flex min-h-[60svh] flex-col items-center justify-center gap-3 px-6 text-center" data-testid="not-found">
      <h1 className="text-2xl font-semibold">{t("errors.notFoundTitle")}</h1>
      <p className="text-muted-foreground">{t("errors.notFoundDescription")}</p>
      <Button asChild>
        <a href="/">{t("common.goHome")}</a>
      </Button>
    </div>
  );
}
