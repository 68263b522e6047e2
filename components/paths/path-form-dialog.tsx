"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useCreatePath, useUpdatePath } from "@/lib/paths/queries";
import type { Path, PathCreate } from "@/lib/paths/schema";
import { PathFields, usePathForm } from "./path-form";

export interface PathDialogProps {
  organizationId: string;
  /** The site a new path starts from; an edited path keeps its own. */
  sourceSiteId: string;
  sourceSiteName: string;
  path?: Path;
  onClose: () => void;
}

/** The path form in a dialog (loaded on demand by PathDialog). */
export function PathFormDialog({ organizationId, sourceSiteId, sourceSiteName, path, onClose }: PathDialogProps) {
  const t = useTranslations();
  const { form, setEnds } = usePathForm(sourceSiteId, path);
  const create = useCreatePath(organizationId);
  const update = useUpdatePath(path?.id ?? "");
  return (
    <MutationFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      mutation={formMutation((values: PathCreate) => (path ? update.mutateAsync(values) : create.mutateAsync(values)), create, update)}
      guardUnsavedChanges
      onSuccess={(saved) => toast.success(t(path ? "paths.saved" : "paths.created", { name: saved.name }))}
      title={path ? t("paths.editTitle", { name: path.name }) : t("paths.addTitle", { site: sourceSiteName })}
      wide
      testId="path-dialog"
      submitLabel={path ? t("paths.form.save") : t("paths.form.create")}
      submitTestId="path-save"
    >
      <PathFields form={form} setEnds={setEnds} organizationId={organizationId} pathId={path?.id} />
    </MutationFormDialog>
  );
}
