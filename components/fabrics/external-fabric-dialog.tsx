"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SelectField, TextField } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { SelectItem } from "@/components/ui/select";
import { useCreateExternalFabric, useUpdateExternalFabric } from "@/lib/fabrics/queries";
import { EXTERNAL_FABRIC_TYPES, externalFabricCreateSchema, externalFabricUpdateSchema, type ExternalFabric } from "@/lib/fabrics/schema";
import { externalFabricHref } from "./fabric-links";

interface ExternalFabricDialogProps {
  mspId: string;
  /** The fabric to edit; absent, a new one. */
  fabric?: ExternalFabric;
  onClose: () => void;
}

/** The fields of an external fabric; the client secret is write-only: required to create, empty keeps it on edit. */
function ExternalFabricFields({ form, secretSet }: { form: UseFormReturn<FieldValues>; secretSet: boolean }) {
  const t = useTranslations("fabrics");
  return (
    <>
      <TextField control={form.control} name="name" label={t("fields.name")} testId="external-fabric-name" />
      <SelectField control={form.control} name="type" label={t("fields.type")} testId="external-fabric-type">
        {EXTERNAL_FABRIC_TYPES.map((type) => (
          <SelectItem key={type} value={type}>
            {t(`externalTypes.${type}`)}
          </SelectItem>
        ))}
      </SelectField>
      <TextField control={form.control} name="clientId" label={t("fields.clientId")} mono testId="external-fabric-clientId" />
      <TextField
        control={form.control}
        name="clientSecret"
        label={t("fields.clientSecret")}
        type="password"
        mono
        autoComplete="new-password"
        unsetWhenEmpty={secretSet}
        placeholder={secretSet ? t("external.secretSetPlaceholder") : undefined}
        description={secretSet ? t("external.secretSet") : t("external.secretHint")}
        testId="external-fabric-clientSecret"
      />
    </>
  );
}

function ExternalFabricForm({ mspId, fabric, onClose }: ExternalFabricDialogProps) {
  const t = useTranslations();
  const router = useRouter();
  const create = useCreateExternalFabric(mspId);
  const update = useUpdateExternalFabric(fabric?.id ?? "");
  const mutation = fabric ? update : create;
  const form = useZodForm(fabric ? externalFabricUpdateSchema : externalFabricCreateSchema, {
    defaultValues: fabric
      ? { name: fabric.name, type: fabric.type, clientId: fabric.clientId, clientSecret: undefined }
      : { name: "", type: "equinix", clientId: "", clientSecret: "" },
  }) as unknown as UseFormReturn<FieldValues>;
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      dirty={form.formState.isDirty}
      title={fabric ? t("fabrics.external.editTitle", { name: fabric.name }) : t("fabrics.external.addTitle")}
      description={t("fabrics.external.addDescription")}
      testId="external-fabric-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async (values) => {
            try {
              const saved = fabric ? await update.mutateAsync(values) : await create.mutateAsync(values as never);
              form.reset(values);
              toast.success(t(fabric ? "fabrics.external.saved" : "fabrics.external.created", { name: saved.name }));
              onClose();
              if (!fabric) router.push(externalFabricHref(mspId, saved.id));
            } catch (error) {
              applyServerIssues(form, error);
            }
          }}
        >
          {mutation.error && <ErrorAlert message={mutation.error.message} />}
          <ExternalFabricFields form={form} secretSet={Boolean(fabric?.clientSecretSet)} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <SubmitButton busy={mutation.isPending} data-testid="external-fabric-save">
              {fabric ? t("common.save") : t("common.create")}
            </SubmitButton>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}

/** Add or edit an external fabric (SPEC §3: name, type, client ID, client secret; Equinix). */
export function ExternalFabricDialog(props: ExternalFabricDialogProps & { open: boolean }) {
  if (!props.open) return null;
  return <ExternalFabricForm key={props.fabric?.id ?? "new"} {...props} />;
}
