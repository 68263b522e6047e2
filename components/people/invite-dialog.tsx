"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { SelectField, TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { SelectItem } from "@/components/ui/select";
import { useInvite } from "@/lib/people/queries";
import { invitationCreateSchema, PEOPLE_ROLE_LEVELS, ROLE_LEVEL_LABELS } from "@/lib/people/schema";

const EMPTY = { email: "", role: "read-only" } as const;

/** Invite by email with a role (SPEC §5: the invite email is required); the link goes to the invitee by mail. */
export function InviteDialog({ organizationId, open, setOpen }: { organizationId: string; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const invite = useInvite(organizationId);
  const form = useZodForm(invitationCreateSchema, { defaultValues: EMPTY });
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={invite}
      onSuccess={(_, values) => toast.success(t("people.invitations.invited", { email: values.email }))}
      title={t("people.invitations.inviteTitle")}
      description={t("people.invitations.inviteDescription")}
      testId="invite-dialog"
      submitLabel={t("people.invitations.send")}
      submitTestId="invite-send"
    >
      <TextField control={form.control} name="email" label={t("people.invitations.email")} testId="invite-email" autoComplete="email" />
      <SelectField control={form.control} name="role" label={t("people.invitations.role")} testId="invite-role">
        {PEOPLE_ROLE_LEVELS.map((level) => (
          <SelectItem key={level} value={level}>
            {t(ROLE_LEVEL_LABELS[level])}
          </SelectItem>
        ))}
      </SelectField>
    </MutationFormDialog>
  );
}
