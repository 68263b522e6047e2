"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, ZodForm } from "@/components/forms/zod-form";
import { FormDialog } from "@/components/common/form-dialog";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useCreatePath, useUpdatePath } from "@/lib/paths/queries";
import type { Path } from "@/lib/paths/schema";
import { PathFields, usePathForm } from "./path-form";

export interface PathDialogProps {
  organizationId: string;
  /** The site a new path starts from; an edited path keeps its own. */
  sourceSiteId: string;
  sourceSiteName: string;
  path?: Path;
  onClose: (saved?: Path) => void;
}

/** The path form in a dialog (loaded on demand by PathDialog). */
export function PathFormDialog({ organizationId, sourceSiteId, sourceSiteName, path, onClose }: PathDialogProps) {
  const t = useTranslations();
  const { form, setEnds } = usePathForm(sourceSiteId, path);
  const create = useCreatePath(organizationId);
  const update = useUpdatePath(path?.id ?? "");
  const mutation = path ? update : create;
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      dirty={form.formState.isDirty}
      title={path ? t("paths.editTitle", { name: path.name }) : t("paths.addTitle", { site: sourceSiteName })}
      wide
      testId="path-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          guardUnsavedChanges
          className="flex flex-col gap-5"
          onSubmit={async (values) => {
            try {
              const saved = path ? await update.mutateAsync(values) : await create.mutateAsync(values);
              toast.success(t(path ? "paths.saved" : "paths.created", { name: saved.name }));
              form.reset(form.getValues());
              onClose(saved);
            } catch (error) {
              applyServerIssues(form, error);
            }
          }}
        >
          {mutation.error && <ErrorAlert message={mutation.error.message} />}
          <PathFields form={form} setEnds={setEnds} organizationId={organizationId} pathId={path?.id} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <SubmitButton busy={mutation.isPending} data-testid="path-save">
              {path ? t("paths.form.save") : t("paths.form.create")}
            </SubmitButton>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
