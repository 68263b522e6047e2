"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { FormDialog } from "@/components/common/form-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useCreateConnector, useUpdateConnector } from "@/lib/connectors/queries";
import { connectorChangedSchema, connectorCreateSchema, type Connector, type ConnectorKind } from "@/lib/connectors/schema";
import { ConnectorFields, connectorFormValues } from "./connector-form";

interface ConnectorDialogProps {
  siteId: string;
  /** The kind of a new connector, or the connector to edit. */
  target: { kind: ConnectorKind; connector?: Connector } | null;
  onClose: () => void;
}

function ConnectorFormBody({ siteId, kind, connector, requestClose, onDone, form }: {
  siteId: string;
  kind: ConnectorKind;
  connector?: Connector;
  requestClose: () => void;
  onDone: () => void;
  form: UseFormReturn<FieldValues>;
}) {
  const t = useTranslations();
  const create = useCreateConnector(siteId);
  const update = useUpdateConnector();
  const mutation = connector ? update : create;
  return (
    <ZodForm
      form={form}
      guardUnsavedChanges
      className="flex flex-col gap-4"
      onSubmit={async (values) => {
        try {
          const saved = connector
            ? await update.mutateAsync({ connectorId: connector.id, body: values as never })
            : await create.mutateAsync(values as never);
          toast.success(t(connector ? "connectors.saved" : "connectors.created", { name: saved.name }));
          form.reset(values);
          onDone();
        } catch (error) {
          applyServerIssues(form, error);
        }
      }}
    >
      {/* A physical connector without an assigned port: the API's "contact your MSP" answer. */}
      {mutation.error && <ErrorAlert message={mutation.error.message} />}
      <ConnectorFields form={form} kind={kind} presharedKeySet={connector?.kind === "ipsec" && connector.presharedKeySet} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={requestClose}>
          {t("common.cancel")}
        </Button>
        <SubmitButton busy={mutation.isPending} data-testid="connector-save">
          {connector ? t("common.save") : t("common.create")}
        </SubmitButton>
      </DialogFooter>
    </ZodForm>
  );
}

function ConnectorDialogContent({ siteId, kind, connector, onClose }: { siteId: string; kind: ConnectorKind; connector?: Connector; onClose: () => void }) {
  const t = useTranslations("connectors");
  // Create: the key is required. Edit: the key may stay as it is (write-only, never shown back).
  const form = useZodForm(connector ? connectorChangedSchema : connectorCreateSchema, {
    defaultValues: connectorFormValues(kind, connector) as never,
  }) as unknown as UseFormReturn<FieldValues>;
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      dirty={form.formState.isDirty}
      title={connector ? t("editTitle", { name: connector.name }) : t("addKind", { kind: t(`kinds.${kind}`) })}
      description={t(`kindDescriptions.${kind}`)}
      wide={kind === "ipsec"}
      testId="connector-dialog"
    >
      {(requestClose) => <ConnectorFormBody siteId={siteId} kind={kind} connector={connector} form={form} requestClose={requestClose} onDone={onClose} />}
    </FormDialog>
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
