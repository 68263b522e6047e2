"use client";

import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";

/** A signing secret, shown this once (at creation or rotation), with a copy button. */
export function WebhookSecretDialog({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  const t = useTranslations();
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t("common.close")} className="sm:max-w-xl" data-testid="webhook-secret-dialog">
        <DialogHeader>
          <DialogTitle>{t("webhooks.secret.title")}</DialogTitle>
          <DialogDescription className="break-all">{url}</DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input
            readOnly
            value={secret}
            className="font-mono text-xs"
            aria-label={t("webhooks.secret.title")}
            data-testid="webhook-secret-value"
            onFocus={(event) => event.target.select()}
          />
          <Button
            type="button"
            variant="outline"
            data-testid="webhook-secret-copy"
            onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? t("webhooks.secret.copied") : t("webhooks.secret.copy")}
          </Button>
        </div>
        <Alert>
          <AlertDescription>{t("webhooks.secret.description")}</AlertDescription>
        </Alert>
        <DialogFooter>
          <Button type="button" onClick={onClose} data-testid="webhook-secret-done">
            {t("webhooks.secret.done")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
