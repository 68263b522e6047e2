"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, ZodForm } from "@/components/forms/zod-form";
import { useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useCreateNode } from "@/lib/nodes/queries";
import { NodeFields, nodeFormValues, useNodeForm } from "./node-form";
import { nodeHref, type ListedKind } from "./node-links";

/** The new node dialog; then the new node's configuration, where its ports are added. */
export function AddNodeFormDialog({ mspId, kind, open, setOpen }: { mspId: string; kind: ListedKind; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const router = useRouter();
  const { organization } = useConsole();
  const create = useCreateNode(mspId);
  const form = useNodeForm(kind);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(nodeFormValues(kind));
      create.reset();
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={form.formState.isDirty}
      title={t(`nodes.add.${kind}`)}
      description={t(`nodes.add.${kind}Description`)}
      testId="node-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          guardUnsavedChanges
          className="flex flex-col gap-4"
          onSubmit={async (values) => {
            let node;
            try {
              node = await create.mutateAsync(values);
            } catch (error) {
              applyServerIssues(form, error);
              return;
            }
            toast.success(t("nodes.created", { name: node.name }));
            onOpenChange(false);
            const href = nodeHref(organization.id, node, "configuration");
            if (href) router.push(href);
          }}
        >
          {create.error && <ErrorAlert message={create.error.message} />}
          <NodeFields form={form} kind={kind} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <SubmitButton busy={create.isPending} data-testid="node-create">
              {t("common.create")}
            </SubmitButton>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
