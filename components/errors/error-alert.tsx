"use client";

import { AlertCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** SPEC §8 error alert: "Error", the message, and how to try again. */
export function ErrorAlert({ message, onRetry }: { message?: string | null; onRetry?: () => void }) {
  const t = useTranslations("errors");
  return (
    <Alert variant="destructive">
      <AlertCircle />
      <AlertTitle>{t("title")}</AlertTitle>
      <AlertDescription>
        <p>{message || t("unexpected")}</p>
        {onRetry ? (
          <button type="button" onClick={onRetry} className="font-medium underline underline-offset-4">
            {t("clickToRetry")}
          </button>
        ) : (
          <p>{t("refreshToRetry")}</p>
        )}
      </AlertDescription>
    </Alert>
  );
}
