"use client";

import { AlertCircle, Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ApiRequestError } from "@/lib/api/client";
import { rememberFailedRequest } from "@/lib/support/failed-request";

/** What an alert says of a failure: its text in the user's words, its request id apart, and whether the user can fix it. */
export function describeFailure(error: unknown): { text: string | null; requestId: string | null; correctable: boolean } {
  if (error instanceof ApiRequestError) return { text: error.reason, requestId: error.requestId || null, correctable: error.correctable };
  if (error instanceof Error) return { text: error.message, requestId: null, correctable: false };
  if (typeof error === "string") return { text: error, requestId: null, correctable: false };
  return { text: null, requestId: null, correctable: false };
}

/** The request id, out of the way, with a button that copies it; the support dialog offers to add it to a ticket. */
function RequestIdDetail({ requestId }: { requestId: string }) {
  const t = useTranslations("errors");
  const [copied, setCopied] = useState(false);
  useEffect(() => rememberFailedRequest(requestId), [requestId]);
  return (
    <details className="text-xs" data-testid="error-details">
      <summary className="cursor-pointer">{t("details")}</summary>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <span>
          {t("requestId")} <code data-testid="error-request-id">{requestId}</code>
        </span>
        <button
          type="button"
          className="inline-flex items-center gap-1 underline underline-offset-4"
          onClick={() => void navigator.clipboard?.writeText(requestId).then(() => setCopied(true))}
        >
          {copied ? <Check aria-hidden className="size-3" /> : <Copy aria-hidden className="size-3" />}
          {copied ? t("copied") : t("copyRequestId")}
        </button>
      </p>
    </details>
  );
}

/**
 * SPEC §8 error alert: "Error", the message, and how to try again. Given the failure itself, an answer the user can
 * correct (a wrong code, a name taken) reads as a plain message with no "Refresh the page", and the request id moves
 * into a detail to copy for support; "Refresh the page to try again." stays for what no retry here can get past.
 */
export function ErrorAlert({ message, error, onRetry }: { message?: string | null; error?: unknown; onRetry?: () => void }) {
  const t = useTranslations("errors");
  const failure = describeFailure(error);
  return (
    <Alert variant="destructive">
      <AlertCircle />
      <AlertTitle>{t("title")}</AlertTitle>
      <AlertDescription>
        <p>{message || failure.text || t("unexpected")}</p>
        {onRetry ? (
          <button type="button" onClick={onRetry} className="font-medium underline underline-offset-4">
            {t("clickToRetry")}
          </button>
        ) : (
          !failure.correctable && <p>{t("refreshToRetry")}</p>
        )}
        {failure.requestId && <RequestIdDetail requestId={failure.requestId} />}
      </AlertDescription>
    </Alert>
  );
}
