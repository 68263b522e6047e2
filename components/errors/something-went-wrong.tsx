"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** The generic fallback: "Something went wrong!" with the error behind Show Error / Hide Error. */
export function SomethingWentWrong({ error, children }: { error: Error & { digest?: string }; children?: React.ReactNode }) {
  const t = useTranslations("errors");
  const [shown, setShown] = useState(false);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-xl font-semibold">{t("somethingWentWrong")}</h1>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => setShown((value) => !value)}>
          {shown ? t("hideError") : t("showError")}
        </Button>
        {children}
      </div>
      {shown && (
        <pre className="w-full overflow-auto rounded-md border bg-muted p-3 text-left text-xs whitespace-pre-wrap">
          {error.message}
          {error.digest ? `\n(digest ${error.digest})` : ""}
        </pre>
      )}
    </div>
  );
}
