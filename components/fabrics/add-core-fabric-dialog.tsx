"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { TextField } from "@/components/forms/fields";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useCreateCoreFabric, useRenameCoreFabric } from "@/lib/fabrics/queries";
import { coreFabricCreateSchema, type CoreFabric, type CoreFabricCreate } from "@/lib/fabrics/schema";
import { coreFabricHref } from "./fabric-links";

interface NameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  name: string;
  submitLabel: string;
  testId: string;
  /** Saves the name; answers the saved fabric (the dialog then closes) or throws (its messages go on the field). */
  save: (values: CoreFabricCreate) => Promise<CoreFabric>;
  onSaved: (fabric: CoreFabric) => void;
}

/** A core fabric's name in a dialog (SPEC §5 "Name is required"): to add a fabric or rename one. */
function CoreFabricNameDialog({ open, onOpenChange, title, description, name, submitLabel, testId, save, onSaved }: NameDialogProps) {
  const t = useTranslations();
  const form = useZodForm(coreFabricCreateSchema, { defaultValues: { name } });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset({ name });
      setError(null);
    }
  };
  return (
    <FormDialog open={open} onOpenChange={changeOpen} dirty={form.formState.isDirty} title={title} description={description} testId={testId}>
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async (values) => {
            setBusy(true);
            try {
              const fabric = await save(values);
              form.reset({ name: fabric.name });
              changeOpen(false);
              onSaved(fabric);
            } catch (failure) {
              if (!applyServerIssues(form, failure)) setError(failure instanceof Error ? failure.message : String(failure));
            } finally {
              setBusy(false);
            }
          }}
        >
          {error && <ErrorAlert message={error} />}
          <TextField control={form.control} name="name" label={t("fabrics.fields.name")} testId="core-fabric-name" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={busy} data-testid="core-fabric-save">
              {submitLabel}
            </Button>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}

/** Add core fabric: its name; then its page, to give it core nodes and links. */
export function AddCoreFabricDialog({ mspId, open, onOpenChange }: { mspId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations();
  const router = useRouter();
  const create = useCreateCoreFabric(mspId);
  return (
    <CoreFabricNameDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("fabrics.core.addTitle")}
      description={t("fabrics.core.addDescription")}
      name=""
      submitLabel={t("common.create")}
      testId="core-fabric-dialog"
      save={(values) => create.mutateAsync(values)}
      onSaved={(fabric) => {
        toast.success(t("fabrics.core.created", { name: fabric.name }));
        router.push(coreFabricHref(mspId, fabric.id));
      }}
    />
  );
}

/** Rename a core fabric. */
export function RenameCoreFabricDialog({ fabric, open, onOpenChange }: { fabric: CoreFabric; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations();
  const rename = useRenameCoreFabric(fabric.id);
  return (
    <CoreFabricNameDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("fabrics.core.renameTitle", { name: fabric.name })}
      description={t("fabrics.core.renameDescription")}
      name={fabric.name}
      submitLabel={t("common.save")}
      testId="rename-core-fabric-dialog"
      save={(values) => rename.mutateAsync(values)}
      onSaved={(saved) => toast.success(t("fabrics.core.renamed", { name: saved.name }))}
    />
  );
}
