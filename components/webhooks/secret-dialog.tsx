"use client";

import { useTranslations } from "next-intl";
import { CopySecret } from "@/components/common/copy-secret";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** A signing secret, shown this once (at creation or rotation), with a copy button. */
export function WebhookSecretDialog({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  const t = useTranslations();
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t("common.close")} className="sm:max-w-xl" data-testid="webhook-secret-dialog">
        <DialogHeader>
          <DialogTitle>{t("webhooks.secret.title")}</DialogTitle>
          <DialogDescription className="break-all">{url}</DialogDescription>
        </DialogHeader>
        <CopySecret
          value={secret}
          label={t("webhooks.secret.title")}
          copyLabel={t("webhooks.secret.copy")}
          copiedLabel={t("webhooks.secret.copied")}
          testId="webhook-secret-value"
          copyTestId="webhook-secret-copy"
        />
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
