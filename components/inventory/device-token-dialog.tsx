"use client";

import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { CopySecret } from "@/components/common/copy-secret";
import { ErrorAlert } from "@/components/errors/error-alert";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useIssueDeviceToken } from "@/lib/inventory/queries";
import type { Device } from "@/lib/inventory/schema";

/**
 * A device's telemetry token: issuing one revokes the previous token, so the dialog asks first; the token is shown
 * once (only its hash is kept), with a copy button.
 */
export function DeviceTokenDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const t = useTranslations();
  const issue = useIssueDeviceToken(device.id);
  const token = issue.data?.token;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t("common.close")} className="sm:max-w-xl" data-testid="device-token-dialog">
        <DialogHeader>
          <DialogTitle>{t("inventory.token.title")}</DialogTitle>
          <DialogDescription>{t("inventory.token.description", { serialNumber: device.serialNumber })}</DialogDescription>
        </DialogHeader>
        {issue.error && <ErrorAlert error={issue.error} />}
        {token ? (
          <div className="flex flex-col gap-3">
            <CopySecret
              value={token}
              label={t("inventory.token.label")}
              copyLabel={t("inventory.token.copy")}
              copiedLabel={t("inventory.token.copied")}
              testId="device-token-value"
              copyTestId="device-token-copy"
            />
            <Alert>
              <AlertDescription>{t("inventory.token.shownOnce")}</AlertDescription>
            </Alert>
          </div>
        ) : (
          <Alert>
            <AlertDescription>{t("inventory.token.revokesPrevious")}</AlertDescription>
          </Alert>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("common.close")}
          </Button>
          {!token && (
            <Button type="button" busy={issue.isPending} onClick={() => issue.mutate()} data-testid="device-token-issue">
              <KeyRound aria-hidden />
              {t("inventory.token.issue")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
