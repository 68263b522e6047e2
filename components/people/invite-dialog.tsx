"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SelectField, TextField } from "@/components/forms/fields";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { SelectItem } from "@/components/ui/select";
import { useInvite } from "@/lib/people/queries";
import { invitationCreateSchema, PEOPLE_ROLE_LEVELS, ROLE_LEVEL_LABELS } from "@/lib/people/schema";

const EMPTY = { email: "", role: "read-only" } as const;

/** Invite by email with a role (SPEC §5: the invite email is required); the link goes to the invitee by mail. */
export function InviteDialog({ organizationId, open, setOpen }: { organizationId: string; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const invite = useInvite(organizationId);
  const form = useZodForm(invitationCreateSchema, { defaultValues: EMPTY });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      invite.reset();
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={form.formState.isDirty}
      title={t("people.invitations.inviteTitle")}
      description={t("people.invitations.inviteDescription")}
      testId="invite-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async (values) => {
            try {
              await invite.mutateAsync(values);
            } catch (error) {
              applyServerIssues(form, error);
              return;
            }
            toast.success(t("people.invitations.invited", { email: values.email }));
            onOpenChange(false);
          }}
        >
          {invite.error && <ErrorAlert message={invite.error.message} />}
          <TextField control={form.control} name="email" label={t("people.invitations.email")} testId="invite-email" autoComplete="email" />
          <SelectField control={form.control} name="role" label={t("people.invitations.role")} testId="invite-role">
            {PEOPLE_ROLE_LEVELS.map((level) => (
              <SelectItem key={level} value={level}>
                {t(ROLE_LEVEL_LABELS[level])}
              </SelectItem>
            ))}
          </SelectField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={invite.isPending} data-testid="invite-send">
              {t("people.invitations.send")}
            </Button>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
