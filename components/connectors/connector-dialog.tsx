"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useZodForm } from "@/components/forms/zod-form";
import { useCreateConnector, useUpdateConnector } from "@/lib/connectors/queries";
import { connectorChangedSchema, connectorCreateSchema, type Connector, type ConnectorKind } from "@/lib/connectors/schema";
import { ConnectorFields, connectorFormValues } from "./connector-form";

interface ConnectorDialogProps {
  siteId: string;
  /** The kind of a new connector, or the connector to edit. */
  target: { kind: ConnectorKind; connector?: Connector } | null;
  onClose: () => void;
}

function ConnectorDialogContent({ siteId, kind, connector, onClose }: { siteId: string; kind: ConnectorKind; connector?: Connector; onClose: () => void }) {
  const t = useTranslations("connectors");
  const create = useCreateConnector(siteId);
  const update = useUpdateConnector();
  // Create: the key is required. Edit: the key may stay as it is (write-only, never shown back).
  const form = useZodForm(connector ? connectorChangedSchema : connectorCreateSchema, {
    defaultValues: connectorFormValues(kind, connector) as never,
  }) as unknown as UseFormReturn<FieldValues>;
  return (
    <MutationFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      mutation={formMutation(
        (values) => (connector ? update.mutateAsync({ connectorId: connector.id, body: values as never }) : create.mutateAsync(values as never)),
        create,
        update,
      )}
      guardUnsavedChanges
      onSuccess={(saved) => toast.success(t(connector ? "saved" : "created", { name: saved.name }))}
      title={connector ? t("editTitle", { name: connector.name }) : t("addKind", { kind })}
      description={t(`kindDescriptions.${kind}`)}
      wide={kind === "ipsec"}
      testId="connector-dialog"
      mode={connector ? "edit" : "create"}
      submitTestId="connector-save"
    >
      <ConnectorFields form={form} kind={kind} presharedKeySet={connector?.kind === "ipsec" && connector.presharedKeySet} />
    </MutationFormDialog>
  );
}

/** Add or edit a connector of a site, in a dialog with the fields of its kind. */
export function ConnectorDialog({ siteId, target, onClose }: ConnectorDialogProps) {
  if (!target) return null;
  return (
    <ConnectorDialogContent
      key={target.connector?.id ?? `new-${target.kind}`}
      siteId={siteId}
      kind={target.kind}
      connector={target.connector}
      onClose={onClose}
    />
  );
}
