"use client";

import { Cable, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { useDiscardConfirmation } from "@/components/forms/leave-confirmation";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { ApiRequestError } from "@/lib/api/client";
import { touchesPaths, useLinksChangeConfirmation } from "@/components/links/link-change-confirmation";
import { useSaveFabricLinks } from "@/lib/fabrics/queries";
import { fabricLinksFormSchema, type CoreFabricDetail } from "@/lib/fabrics/schema";
import { FabricMesh } from "./fabric-mesh";
import { LinkRow } from "./link-row";
import { linksBody, newRow, rowOf } from "./link-rows";

/**
 * The link editor (SPEC §2 core fabrics): the fabric's whole link set as rows, saved together with PUT …/links. The
 * form checks with the shared schema — each row's rules on the row at fault, the full mesh on the pair at fault — and
 * the server checks the same again.
 */
export function LinkEditor({ fabric, onClose }: { fabric: CoreFabricDetail; onClose: () => void }) {
  const t = useTranslations("fabrics");
  const schema = useMemo(() => fabricLinksFormSchema(fabric.nodes), [fabric.nodes]);
  // Checked on save, then on each change: a check on leaving a field would grow the row under the pointer on its way
  // to Save, and the click would land elsewhere.
  const form = useZodForm(schema, { defaultValues: { links: fabric.links.map(rowOf) }, mode: "onSubmit" });
  const rows = useFieldArray({ control: form.control, name: "links", keyName: "rowKey" });
  const watched = useWatch({ control: form.control, name: "links" });
  const save = useSaveFabricLinks(fabric.id);
  const { requestClose, confirmation } = useDiscardConfirmation();
  const change = useLinksChangeConfirmation();
  // A missing pair is an error once a save was tried (the form's submit count alone may render a step late).
  const [tried, setTried] = useState(false);
  // A failed save's message shows once: on the rows it names, else above them (the whole set's, such as a pair left
  // without a link, has no row to stand on).
  const [onRows, setOnRows] = useState(false);
  // Which rows are edge uplinks (by index, as the field array's): their source is picked among the MSP's edge nodes.
  const [uplinks, setUplinks] = useState<boolean[]>(() => fabric.links.map(() => false));
  const addRow = (uplink: boolean) => {
    rows.append(newRow(), { shouldFocus: false });
    setUplinks((current) => [...current, uplink]);
  };

  return (
    <ZodForm
      form={form}
      guardUnsavedChanges
      className="flex flex-col gap-3"
      onSubmit={async (values) => {
        // A link removed, or with a new cost or bandwidth, moves or squeezes the customers' paths over it: asked first.
        const touched = fabric.links.filter((link) => {
          const row = values.links.find((candidate) => candidate.id === link.id);
          return !row || touchesPaths(link, row);
        });
        const send = () => save.mutateAsync(linksBody(values));
        try {
          const saved = touched.length > 0 ? await change.confirm(t("editor.changeTitle", { name: fabric.name, count: touched.length }), touched.map((link) => link.id), send) : await send();
          form.reset({ links: saved.links.map(rowOf) });
          toast.success(t("editor.saved", { name: saved.name, count: saved.links.length }));
          onClose();
        } catch (error) {
          // Not confirmed: nothing was sent, and the rows stay as they are.
          if (!(error instanceof ApiRequestError) && !save.error) return;
          const wholeSet = error instanceof ApiRequestError && (error.issues ?? []).some((issue) => !issue.path.startsWith("links."));
          setOnRows(applyServerIssues(form, error) && !wholeSet);
        }
      }}
    >
      {save.error && !onRows && <ErrorAlert error={save.error} />}
      <p className="text-sm text-muted-foreground">{t("editor.hint")}</p>
      <FabricMesh nodes={fabric.nodes} links={watched ?? []} showErrors={tried} />
      {rows.fields.length === 0 ? (
        <p className="rounded-md border border-dashed py-8 text-center text-sm text-muted-foreground">{t("editor.noRows")}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="link-rows">
          {rows.fields.map((field, index) => (
            <LinkRow
              key={field.rowKey}
              form={form as never}
              index={index}
              nodes={fabric.nodes}
              uplink={uplinks[index] ?? false}
              onRemove={() => {
                rows.remove(index);
                setUplinks((current) => current.filter((_, at) => at !== index));
              }}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" onClick={() => addRow(false)} data-testid="add-link-row">
            <Plus aria-hidden />
            {t("editor.addRow")}
          </Button>
          <Button type="button" variant="outline" onClick={() => addRow(true)} data-testid="add-uplink-row">
            <Cable aria-hidden />
            {t("editor.addUplink")}
          </Button>
        </div>
        <div className="flex items-center gap-2">
          <Button
            type="button"
            variant="ghost"
            onClick={() => requestClose(form.formState.isDirty, onClose)}
            disabled={save.isPending}
            data-testid="cancel-links"
          >
            {t("editor.cancel")}
          </Button>
          <SubmitButton busy={save.isPending} onClick={() => setTried(true)} data-testid="save-links">
            {t("editor.save")}
          </SubmitButton>
        </div>
      </div>
      {confirmation}
      {change.element}
    </ZodForm>
  );
}
