"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { TextField } from "@/components/forms/fields";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useCreateMsp } from "@/lib/msps/queries";
import { mspCreateSchema } from "@/lib/people/schema";

const EMPTY = { name: "", userEmail: "" };

/** Add MSP (SPEC §2, §3 name and userEmail, §5 "Name is required"): the MSP, and an invitation mailed to its first admin. */
export function AddMspDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const create = useCreateMsp();
  const form = useZodForm(mspCreateSchema, { defaultValues: EMPTY });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      create.reset();
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={form.formState.isDirty}
      title={t("msps.addTitle")}
      description={t("msps.addDescription")}
      testId="msp-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async (values) => {
            let created;
            try {
              created = await create.mutateAsync(values);
            } catch (error) {
              applyServerIssues(form, error);
              return;
            }
            toast.success(t("msps.created", { name: created.name, email: created.invitation.email }));
            onOpenChange(false);
          }}
        >
          {create.error && <ErrorAlert message={create.error.message} />}
          <TextField control={form.control} name="name" label={t("msps.name")} testId="msp-name" autoComplete="organization" />
          <TextField
            control={form.control}
            name="userEmail"
            label={t("msps.userEmail")}
            description={t("msps.userEmailHint")}
            testId="msp-email"
            autoComplete="email"
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={create.isPending} data-testid="msp-create">
              {t("msps.create")}
            </Button>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
