"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useZodForm } from "@/components/forms/zod-form";
import { useSavePort, type PortCollection } from "@/lib/nodes/queries";

interface PortDialogProps {
  nodeId: string;
  collection: PortCollection;
  /** The shared schema the form and the API both validate with. */
  schema: z.ZodType<FieldValues, FieldValues>;
  defaultValues: FieldValues;
  /** The item edited (its id and name), or undefined for a new one. */
  editing?: { id: string; name: string };
  title: string;
  description: string;
  /** A failed save says this first (SPEC §8: "Failed to save port configuration" for switch ports). */
  failureTitle?: string;
  fields: (form: UseFormReturn<FieldValues>) => React.ReactNode;
  /** The saved item's name for the toast. */
  nameOf: (values: FieldValues) => string;
  onClose: () => void;
  testId: string;
}

/** Add or edit one of a node's ports in a dialog: busy button, toast, unsaved-changes confirmation, SPEC §5 messages. */
export function PortDialog({ nodeId, collection, schema, defaultValues, editing, title, description, failureTitle, fields, nameOf, onClose, testId }: PortDialogProps) {
  const t = useTranslations();
  const save = useSavePort(nodeId, collection);
  const form = useZodForm(schema, { defaultValues }) as UseFormReturn<FieldValues>;
  return (
    <MutationFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      mutation={formMutation((values) => save.mutateAsync({ id: editing?.id, body: values as never }), save)}
      guardUnsavedChanges
      failureTitle={failureTitle}
      onSuccess={(_, values) => toast.success(t(editing ? "nodes.ports.saved" : "nodes.ports.created", { name: nameOf(values) }))}
      title={title}
      description={description}
      testId={testId}
      mode={editing ? "edit" : "create"}
      submitTestId={`${testId}-save`}
    >
      {fields(form)}
    </MutationFormDialog>
  );
}
