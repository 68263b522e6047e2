"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { SelectField, TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
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
  const form = useZodForm(fabric ? externalFabricUpdateSchema : externalFabricCreateSchema, {
    defaultValues: fabric
      ? { name: fabric.name, type: fabric.type, clientId: fabric.clientId, clientSecret: undefined }
      : { name: "", type: "equinix", clientId: "", clientSecret: "" },
  }) as unknown as UseFormReturn<FieldValues>;
  return (
    <MutationFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      mutation={formMutation((values: FieldValues) => (fabric ? update.mutateAsync(values) : create.mutateAsync(values as never)), create, update)}
      onSuccess={(saved) => {
        toast.success(t(fabric ? "fabrics.external.saved" : "fabrics.external.created", { name: saved.name }));
        if (!fabric) router.push(externalFabricHref(mspId, saved.id));
      }}
      title={fabric ? t("fabrics.external.editTitle", { name: fabric.name }) : t("fabrics.external.addTitle")}
      description={t("fabrics.external.addDescription")}
      testId="external-fabric-dialog"
      mode={fabric ? "edit" : "create"}
      submitTestId="external-fabric-save"
    >
      <ExternalFabricFields form={form} secretSet={Boolean(fabric?.clientSecretSet)} />
    </MutationFormDialog>
  );
}

/** Add or edit an external fabric (SPEC §3: name, type, client ID, client secret; Equinix). */
export function ExternalFabricDialog(props: ExternalFabricDialogProps & { open: boolean }) {
  if (!props.open) return null;
  return <ExternalFabricForm key={props.fabric?.id ?? "new"} {...props} />;
}
