"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { FormMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
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
  /** Saves the name; answers the saved fabric (the dialog then closes) or fails (its messages go on the field). */
  mutation: FormMutation<CoreFabricCreate, CoreFabric>;
  onSaved: (fabric: CoreFabric) => void;
}

/** A core fabric's name in a dialog (SPEC §5 "Name is required"): to add a fabric or rename one. */
function CoreFabricNameDialog({ open, onOpenChange, title, description, name, submitLabel, testId, mutation, onSaved }: NameDialogProps) {
  const t = useTranslations();
  const form = useZodForm(coreFabricCreateSchema, { defaultValues: { name } });
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      mutation={mutation}
      onSuccess={onSaved}
      title={title}
      description={description}
      testId={testId}
      submitLabel={submitLabel}
      submitTestId="core-fabric-save"
    >
      <TextField control={form.control} name="name" label={t("fabrics.fields.name")} testId="core-fabric-name" />
    </MutationFormDialog>
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
      mutation={create}
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
      mutation={rename}
      onSaved={(saved) => toast.success(t("fabrics.core.renamed", { name: saved.name }))}
    />
  );
}
