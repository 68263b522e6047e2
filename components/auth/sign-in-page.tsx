import { getTranslations } from "next-intl/server";
import { Logo } from "@/components/shell/logo";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SignInForm } from "./sign-in-form";

export async function SignInPage({ next, signedOut = false }: { next?: string; signedOut?: boolean }) {
  const t = await getTranslations();
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 px-4">
      <div className="flex w-full max-w-sm flex-col items-center gap-6">
        <div className="flex items-center gap-3">
          <Logo className="size-10" />
          <span className="text-xl font-semibold tracking-tight">{t("product.name")}</span>
        </div>
        <Card className="w-full">
          <CardHeader>
            <CardTitle>
              <h1>{t("auth.signInTitle")}</h1>
            </CardTitle>
            <CardDescription>{signedOut ? t("auth.signedOut") : t("auth.signInDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <SignInForm next={next} />
          </CardContent>
        </Card>
        <p className="text-center text-xs text-muted-foreground">{t("product.tagline")}</p>
      </div>
    </main>
  );
}
