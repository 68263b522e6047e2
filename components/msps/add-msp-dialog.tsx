"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { useCreateMsp } from "@/lib/msps/queries";
import { mspCreateSchema } from "@/lib/people/schema";

const EMPTY = { name: "", userEmail: "" };

/** Add MSP (SPEC §2, §3 name and userEmail, §5 "Name is required"): the MSP, and an invitation mailed to its first admin. */
export function AddMspDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const create = useCreateMsp();
  const form = useZodForm(mspCreateSchema, { defaultValues: EMPTY });
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={create}
      onSuccess={(created) => toast.success(t("msps.created", { name: created.name, email: created.invitation.email }))}
      title={t("msps.addTitle")}
      description={t("msps.addDescription")}
      testId="msp-dialog"
      submitLabel={t("msps.create")}
      submitTestId="msp-create"
    >
      <TextField control={form.control} name="name" label={t("msps.name")} testId="msp-name" autoComplete="organization" />
      <TextField
        control={form.control}
        name="userEmail"
        label={t("msps.userEmail")}
        description={t("msps.userEmailHint")}
        testId="msp-email"
        autoComplete="email"
      />
    </MutationFormDialog>
  );
}
