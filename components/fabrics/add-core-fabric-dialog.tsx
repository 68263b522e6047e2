"use client";

import { Plus } from "lucide-react";
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
import { useCreateCoreFabric } from "@/lib/fabrics/queries";
import { coreFabricCreateSchema } from "@/lib/fabrics/schema";
import { coreFabricHref } from "./fabric-links";

/** Add core fabric: its name (SPEC §5 "Name is required"); then its page, to give it core nodes and links. */
export function AddCoreFabricDialog({ mspId }: { mspId: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const create = useCreateCoreFabric(mspId);
  const form = useZodForm(coreFabricCreateSchema, { defaultValues: { name: "" } });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      create.reset();
    }
  };
  return (
    <>
      <Button data-testid="add-core-fabric" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        {t("fabrics.core.add")}
      </Button>
      <FormDialog open={open} onOpenChange={onOpenChange} dirty={form.formState.isDirty} title={t("fabrics.core.addTitle")} description={t("fabrics.core.addDescription")} testId="core-fabric-dialog">
        {(requestClose) => (
          <ZodForm
            form={form}
            className="flex flex-col gap-4"
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: (fabric) => {
                  toast.success(t("fabrics.core.created", { name: fabric.name }));
                  onOpenChange(false);
                  router.push(coreFabricHref(mspId, fabric.id));
                },
                onError: (error) => applyServerIssues(form, error),
              })
            }
          >
            {create.error && <ErrorAlert message={create.error.message} />}
            <TextField control={form.control} name="name" label={t("fabrics.fields.name")} testId="core-fabric-name" />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={requestClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" busy={create.isPending} data-testid="core-fabric-create">
                {t("common.create")}
              </Button>
            </DialogFooter>
          </ZodForm>
        )}
      </FormDialog>
    </>
  );
}
