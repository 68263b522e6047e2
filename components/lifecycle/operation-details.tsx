"use client";

import { useTranslations } from "next-intl";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import type { LifecycleOperation } from "@/lib/lifecycle/schema";
import { Duration, Person, ProgressBar, StatusBadge, useOperationLabel, ZonedTime } from "./operation-cells";

interface OperationDetailsProps {
  operation: LifecycleOperation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] items-baseline gap-3 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Everything about one operation, live while it runs (the tab's cache feeds it). */
export function OperationDetails({ operation, open, onOpenChange }: OperationDetailsProps) {
  const t = useTranslations("lifecycle");
  const tCommon = useTranslations("common");
  const label = useOperationLabel();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full gap-0 overflow-y-auto sm:max-w-md" closeLabel={tCommon("close")} data-testid="lifecycle-details">
        <SheetHeader className="border-b">
          <SheetTitle>{t("details.title", { serialNumber: operation.serialNumber })}</SheetTitle>
          <SheetDescription>{t("details.description", { operation: label(operation) })}</SheetDescription>
        </SheetHeader>
        <dl className="divide-y px-4">
          <Row label={t("columns.device")}>
            <span className="font-mono text-xs">{operation.serialNumber}</span>
          </Row>
          <Row label={t("details.node")}>{operation.nodeName ?? <span className="text-muted-foreground">{t("details.noNode")}</span>}</Row>
          <Row label={t("columns.operation")}>{label(operation)}</Row>
          {operation.version && <Row label={t("details.version")}>{operation.version}</Row>}
          <Row label={t("columns.status")}>
            <StatusBadge status={operation.status} />
          </Row>
          <Row label={t("columns.progress")}>
            <ProgressBar operation={operation} />
          </Row>
          <Row label={t("columns.scheduled")}>
            <ZonedTime value={operation.scheduledAt} />
          </Row>
          <Row label={t("columns.started")}>
            <ZonedTime value={operation.startedAt} />
          </Row>
          <Row label={t("columns.finished")}>
            <ZonedTime value={operation.finishedAt} />
          </Row>
          <Row label={t("columns.duration")}>
            <Duration operation={operation} />
          </Row>
          <Row label={t("columns.summary")}>
            <span data-testid="lifecycle-details-summary">{operation.summary ?? <span className="text-muted-foreground">{t("details.notYet")}</span>}</span>
          </Row>
          <Row label={t("columns.createdBy")}>
            <Person name={operation.createdBy} />
          </Row>
          <Row label={t("columns.cancelledBy")}>
            <Person name={operation.cancelledBy} />
          </Row>
          <Row label={t("columns.updated")}>
            <ZonedTime value={operation.updatedAt} />
          </Row>
        </dl>
      </SheetContent>
    </Sheet>
  );
}
