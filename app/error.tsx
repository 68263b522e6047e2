"use client";

import { useTranslations } from "next-intl";
import { SomethingWentWrong } from "@/components/errors/something-went-wrong";
import { Button } from "@/components/ui/button";

// The route-error page: the error on demand, and Logout (SPEC §2).
export default function RouteError({ error }: { error: Error & { digest?: string } }) {
  const t = useTranslations("common");
  return (
    <SomethingWentWrong error={error}>
      <Button asChild>
        <a href="/user/logout">{t("logout")}</a>
      </Button>
    </SomethingWentWrong>
  );
}
