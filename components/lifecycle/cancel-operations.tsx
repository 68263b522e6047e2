"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { useCancelOperations } from "@/lib/lifecycle/queries";
import type { LifecycleOperation } from "@/lib/lifecycle/schema";

interface CancelOperationsProps {
  operations: LifecycleOperation[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled?: (operationIds: string[]) => void;
}

/** Asks before cancelling one or many scheduled operations (all or none: the API refuses if one has started). */
export function CancelOperations({ operations, open, onOpenChange, onCancelled }: CancelOperationsProps) {
  const t = useTranslations("lifecycle.cancel");
  const cancel = useCancelOperations();
  const count = operations.length;
  const serialNumber = operations[0]?.serialNumber ?? "";
  return (
    <ConfirmDelete
      open={open}
      onOpenChange={onOpenChange}
      title={t("title", { count })}
      description={t("description", { count, serialNumber })}
      confirmLabel={t("confirm", { count })}
      dismissLabel={t("keep", { count })}
      testId="lifecycle-cancel-confirm"
      onConfirm={async () => {
        const ids = operations.map((operation) => operation.id);
        const cancelled = await cancel.mutateAsync(ids);
        onCancelled?.(ids);
        toast.success(t("done", { count: cancelled.length }));
      }}
    />
  );
}
