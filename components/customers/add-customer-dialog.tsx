"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { useCreateCustomerOrganization } from "@/lib/organizations/queries";
import { customerOrganizationCreateSchema } from "@/lib/organizations/schema";

/** Add a customer organization with its first user, who is invited by mail. */
export function AddCustomerFormDialog({ mspId, open, setOpen }: { mspId: string; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const create = useCreateCustomerOrganization(mspId);
  const form = useZodForm(customerOrganizationCreateSchema, { defaultValues: { name: "", userEmail: "" } });
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={create}
      onSuccess={(created) => toast.success(t("customers.created", { name: created.name, email: created.invitation.email }))}
      title={t("customers.addTitle")}
      description={t("customers.addDescription")}
      submitLabel={t("common.create")}
      submitTestId="customer-create"
    >
      <TextField control={form.control} name="name" label={t("customers.name")} testId="customer-name" autoComplete="organization" />
      <TextField control={form.control} name="userEmail" label={t("customers.userEmail")} testId="customer-email" autoComplete="email" />
    </MutationFormDialog>
  );
}
