"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useConsole } from "@/components/shell/use-console";
import { useCreateNode } from "@/lib/nodes/queries";
import { NodeFields, useNodeForm } from "./node-form";
import { nodeHref, type ListedKind } from "./node-links";

/** The new node dialog; then the new node's configuration, where its ports are added. */
export function AddNodeFormDialog({ mspId, kind, open, setOpen }: { mspId: string; kind: ListedKind; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const router = useRouter();
  const { organization } = useConsole();
  const create = useCreateNode(mspId);
  const form = useNodeForm(kind);
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={create}
      guardUnsavedChanges
      onSuccess={(node) => {
        toast.success(t("nodes.created", { name: node.name }));
        const href = nodeHref(organization.id, node, "configuration");
        if (href) router.push(href);
      }}
      title={t(`nodes.add.${kind}`)}
      description={t(`nodes.add.${kind}Description`)}
      testId="node-dialog"
      mode="create"
      submitTestId="node-create"
    >
      <NodeFields form={form} kind={kind} />
    </MutationFormDialog>
  );
}
