"use client";

import { useTranslations } from "next-intl";
import type { FieldValues } from "react-hook-form";
import { FormDialog } from "@/components/common/form-dialog";
import { formHost, MutationForm, MutationSubmit, type MutationFormProps } from "@/components/common/mutation-form";
import { CancelButton } from "@/components/common/cancel-button";
import { DialogFooter } from "@/components/ui/dialog";

interface MutationFormDialogProps<TInput extends FieldValues, TOutput, TResult> extends MutationFormProps<TInput, TOutput, TResult> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  wide?: boolean;
  testId?: string;
}

/**
 * A dialog whose form sends a mutation (MutationForm: each error once, on its field or above the fields): the submit
 * button is busy meanwhile, a success closes it, closing with unsaved changes asks first (SPEC §4), and closing resets
 * the form and the mutation so the next opening starts clean.
 */
export function MutationFormDialog<TInput extends FieldValues, TOutput, TResult>({
  open,
  onOpenChange,
  title,
  description,
  wide,
  testId,
  ...props
}: MutationFormDialogProps<TInput, TOutput, TResult>) {
  const t = useTranslations("common");
  const { dirty, changeOpen } = formHost(props, onOpenChange);
  return (
    <FormDialog open={open} onOpenChange={changeOpen} dirty={dirty} title={title} description={description} wide={wide} testId={testId}>
      {(requestClose) => {
        const submit = <MutationSubmit options={props} />;
        return (
          <MutationForm
            {...props}
            className="flex flex-col gap-4"
            onDone={() => changeOpen(false)}
            footer={
              props.footer?.({ close: requestClose, submit }) ?? (
                <DialogFooter>
                  <CancelButton variant="outline" onClick={requestClose} data-testid="form-cancel">
                    {t("cancel")}
                  </CancelButton>
                  {submit}
                </DialogFooter>
              )
            }
          />
        );
      }}
    </FormDialog>
  );
}
