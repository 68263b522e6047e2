"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { FormSheet } from "@/components/common/form-sheet";
import { formMutation } from "@/components/common/mutation-form";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Separator } from "@/components/ui/separator";
import { useUpdateNode } from "@/lib/nodes/queries";
import type { Node, NodeCreate } from "@/lib/nodes/schema";
import { DeleteNode } from "./delete-node";
import { NodeFields, nodeFormValues, useNodeForm } from "./node-form";
import { coreFabricHref, nodeListHref } from "./node-links";
import { NodeSummary } from "./node-summary";

/** The node's properties panel (SPEC §2: ?properties=true on its configuration page opens it). */
export function NodePropertiesPanel({ node, open, onOpenChange }: { node: Node; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations();
  const router = useRouter();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const update = useUpdateNode(node.id);
  const form = useNodeForm(node.kind, node);
  const afterDelete = node.kind === "core" ? (node.coreFabricId ? coreFabricHref(organization.id, node.coreFabricId) : null) : nodeListHref(organization.id, node.kind);
  return (
    <FormSheet
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      values={nodeFormValues(node.kind, node)}
      // The kind and fabric stay; only an edge node has an edge type.
      mutation={formMutation(
        (values: NodeCreate) =>
          update.mutateAsync({ name: values.name, description: values.description, location: values.location, ...(node.kind === "edge" ? { edgeType: values.edgeType } : {}) }),
        update,
      )}
      guardUnsavedChanges
      stayOpen
      onSuccess={(saved) => {
        form.reset(nodeFormValues(saved.kind, saved));
        toast.success(t("nodes.saved", { name: saved.name }));
      }}
      title={t("nodes.properties.title")}
      description={canWrite ? t("nodes.properties.description", { name: node.name }) : t("nodes.properties.readOnly")}
      testId="node-properties"
      mode="edit"
      submitTestId="node-save"
      readOnlyView={canWrite ? undefined : <NodeSummary node={node} />}
      after={
        canWrite && (
          <>
            <Separator />
            <section className="grid gap-2">
              <h3 className="text-sm font-medium text-destructive">{t("nodes.properties.danger")}</h3>
              <p className="text-sm text-muted-foreground">{t("nodes.properties.deleteHint")}</p>
              <div>
                <DeleteNode nodeId={node.id} name={node.name} onDeleted={() => afterDelete && router.push(afterDelete)} />
              </div>
            </section>
          </>
        )
      }
    >
      <NodeFields form={form} kind={node.kind} />
    </FormSheet>
  );
}
