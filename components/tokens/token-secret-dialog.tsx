"use client";

import { useTranslations } from "next-intl";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CopySecret } from "@/components/common/copy-secret";
import type { ApiTokenCreated } from "@/lib/tokens/schema";

/** The new token's secret, this once (only its hash is kept): a copy button and the warning. */
export function ApiTokenSecretDialog({ created, onClose }: { created: ApiTokenCreated; onClose: () => void }) {
  const t = useTranslations();
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t("common.close")} className="sm:max-w-xl" data-testid="api-token-secret-dialog">
        <DialogHeader>
          <DialogTitle>{t("apiTokens.secretTitle")}</DialogTitle>
          <DialogDescription>{t("apiTokens.secretDescription", { name: created.token.name })}</DialogDescription>
        </DialogHeader>
        <CopySecret
          value={created.secret}
          label={t("apiTokens.secretLabel")}
          copyLabel={t("apiTokens.copy")}
          copiedLabel={t("apiTokens.copied")}
          testId="api-token-secret"
          copyTestId="api-token-copy"
        />
        <Alert variant="destructive">
          <AlertDescription>{t("apiTokens.shownOnce")}</AlertDescription>
        </Alert>
        <DialogFooter>
          <Button type="button" onClick={onClose} data-testid="api-token-secret-close">
            {t("common.close")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
