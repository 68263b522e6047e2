"use client";

import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { ApiTokenCreated } from "@/lib/tokens/schema";

/** The new token's secret, this once (only its hash is kept): a copy button and the warning. */
export function ApiTokenSecretDialog({ created, onClose }: { created: ApiTokenCreated; onClose: () => void }) {
  const t = useTranslations();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.secret);
    setCopied(true);
  };
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t("common.close")} className="sm:max-w-xl" data-testid="api-token-secret-dialog">
        <DialogHeader>
          <DialogTitle>{t("apiTokens.secretTitle")}</DialogTitle>
          <DialogDescription>{t("apiTokens.secretDescription", { name: created.token.name })}</DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input
            readOnly
            value={created.secret}
            className="font-mono text-xs"
            aria-label={t("apiTokens.secretLabel")}
            data-testid="api-token-secret"
            onFocus={(event) => event.target.select()}
          />
          <Button type="button" variant="outline" onClick={copy} data-testid="api-token-copy">
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? t("apiTokens.copied") : t("apiTokens.copy")}
          </Button>
        </div>
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
