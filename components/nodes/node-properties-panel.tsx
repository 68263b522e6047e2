"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { useDiscardConfirmation } from "@/components/forms/leave-confirmation";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, ZodForm } from "@/components/forms/zod-form";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useUpdateNode } from "@/lib/nodes/queries";
import type { Node } from "@/lib/nodes/schema";
import { DeleteNode } from "./delete-node";
import { NodeFields, nodeFormValues, useNodeForm } from "./node-form";
import { coreFabricHref, nodeListHref } from "./node-links";
import { NodeSummary } from "./node-summary";

function NodeEditForm({ node, onDirtyChange }: { node: Node; onDirtyChange: (dirty: boolean) => void }) {
  const t = useTranslations();
  const update = useUpdateNode(node.id);
  const form = useNodeForm(node.kind, node);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  return (
    <ZodForm
      form={form}
      guardUnsavedChanges
      className="grid gap-4"
      onSubmit={(values) =>
        update.mutate(
          { name: values.name, description: values.description, location: values.location, ...(node.kind === "edge" ? { edgeType: values.edgeType } : {}) },
          {
            onSuccess: (saved) => {
              form.reset(nodeFormValues(saved.kind, saved));
              toast.success(t("nodes.saved", { name: saved.name }));
            },
            onError: (error) => applyServerIssues(form, error),
          },
        )
      }
    >
      {update.error && <ErrorAlert message={update.error.message} />}
      <NodeFields form={form} kind={node.kind} />
      <div className="flex gap-2">
        <SubmitButton busy={update.isPending} disabled={!dirty} data-testid="node-save">
          {t("common.save")}
        </SubmitButton>
        {dirty && (
          <Button type="button" variant="ghost" onClick={() => form.reset(nodeFormValues(node.kind, node))}>
            {t("common.cancel")}
          </Button>
        )}
      </div>
    </ZodForm>
  );
}

/** The node's properties panel (SPEC §2: ?properties=true on its configuration page opens it). */
export function NodePropertiesPanel({ node, open, onOpenChange }: { node: Node; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations();
  const router = useRouter();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [dirty, setDirty] = useState(false);
  const { requestClose, confirmation } = useDiscardConfirmation();
  const afterDelete = node.kind === "core" ? (node.coreFabricId ? coreFabricHref(organization.id, node.coreFabricId) : null) : nodeListHref(organization.id, node.kind);
  return (
    <>
      {confirmation}
      <Sheet open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose(dirty, () => onOpenChange(false)))}>
        <SheetContent
          side="right"
          className="w-full gap-0 overflow-y-auto sm:max-w-lg"
          closeLabel={t("common.close")}
          data-testid="node-properties"
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <SheetHeader className="border-b">
            <SheetTitle>{t("nodes.properties.title")}</SheetTitle>
            <SheetDescription>{canWrite ? t("nodes.properties.description", { name: node.name }) : t("nodes.properties.readOnly")}</SheetDescription>
          </SheetHeader>
          <div className="grid gap-6 p-4">
            {canWrite ? <NodeEditForm node={node} onDirtyChange={setDirty} /> : <NodeSummary node={node} />}
            {canWrite && (
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
            )}
          </div>
        </SheetContent>
      </Sheet>
    </>
  );
}
