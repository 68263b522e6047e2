import { getTranslations } from "next-intl/server";
import { Logo } from "@/components/shell/logo";
import { Button } from "@/components/ui/button";

/** The unrecoverable error page: what happened, and Logout (SPEC §2). */
export async function UnrecoverableError({ message }: { message: string }) {
  const t = await getTranslations();
  return (
    <main className="flex min-h-svh items-center justify-center px-6">
      <div className="flex max-w-lg flex-col items-center gap-4 text-center">
        <Logo className="size-12" />
        <h1 className="text-xl font-semibold">{t("errors.unrecoverableTitle")}</h1>
        <p data-testid="unrecoverable-message" className="text-muted-foreground">
          {message}
        </p>
        <Button asChild>
          <a href="/user/logout">{t("common.logout")}</a>
        </Button>
      </div>
    </main>
  );
}
