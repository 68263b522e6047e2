"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
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
  const failure = save.error ? (failureTitle ? `${failureTitle}: ${save.error.message}` : save.error.message) : null;
  return (
    <FormDialog open onOpenChange={(open) => !open && onClose()} dirty={form.formState.isDirty} title={title} description={description} testId={testId}>
      {(requestClose) => (
        <ZodForm
          form={form}
          guardUnsavedChanges
          className="flex flex-col gap-4"
          onSubmit={async (values) => {
            try {
              await save.mutateAsync({ id: editing?.id, body: values as never });
            } catch (error) {
              applyServerIssues(form, error);
              if (failureTitle) toast.error(failureTitle);
              return;
            }
            toast.success(t(editing ? "nodes.ports.saved" : "nodes.ports.created", { name: nameOf(values) }));
            form.reset(values);
            onClose();
          }}
        >
          {failure && <ErrorAlert message={failure} />}
          {fields(form)}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <SubmitButton busy={save.isPending} data-testid={`${testId}-save`}>
              {editing ? t("common.save") : t("common.create")}
            </SubmitButton>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
