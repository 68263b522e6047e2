"use client";

import { useQuery } from "@tanstack/react-query";
import { Server } from "lucide-react";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useZodForm } from "@/components/forms/zod-form";
import { homingProposalQueryOptions, useCreateConnector, useUpdateConnector } from "@/lib/connectors/queries";
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
      {!connector && <HomingProposalNote siteId={siteId} kind={kind} />}
    </MutationFormDialog>
  );
}

/**
 * Before a connector is created: the node that will serve it, proposed by the same rule the create stores (issue 42:
 * homing is explicit — chosen once, moved only by a re-homing). Nothing is said when it cannot be read.
 */
function HomingProposalNote({ siteId, kind }: { siteId: string; kind: ConnectorKind }) {
  const t = useTranslations("connectors.homing");
  const proposal = useQuery(homingProposalQueryOptions(siteId, kind));
  if (proposal.isError) return null;
  const node = proposal.data?.node;
  return (
    <p className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="connector-homing-proposal" aria-live="polite">
      <Server aria-hidden className="mt-px size-3.5 shrink-0" />
      {proposal.isPending ? t("proposedLoading") : node ? t("proposed", { node: node.name }) : t("proposedNone")}
    </p>
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
