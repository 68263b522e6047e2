"use client";

import { useTranslations } from "next-intl";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { formHost, MutationForm, MutationSubmit, type MutationFormProps } from "@/components/common/mutation-form";
import { useConfirmedClose } from "@/components/forms/leave-confirmation";
import { CancelButton } from "@/components/common/cancel-button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";

interface FormSheetProps<TInput extends FieldValues, TOutput, TResult> extends MutationFormProps<TInput, TOutput, TResult> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  testId?: string;
  /** The edited object as it is now: each opening, and Cancel, start the form from it. */
  values?: TInput;
  /** Shown instead of the form to someone who may only read. */
  readOnlyView?: ReactNode;
  /** Below the form and outside it: the object's other sections and actions. */
  after?: ReactNode;
}

/**
 * MutationFormDialog's form in a side panel: each error once, closing with unsaved changes asks first (SPEC §4, the
 * same confirmation), closing resets the form and the mutation. Save is offered once something changed, and Cancel
 * then puts the object's values back.
 */
export function FormSheet<TInput extends FieldValues, TOutput, TResult>(sheet: FormSheetProps<TInput, TOutput, TResult>) {
  const { open, onOpenChange, title, description, testId, values, readOnlyView, after, ...props } = sheet;
  const t = useTranslations("common");
  const { form } = props;
  const readOnly = readOnlyView !== undefined;
  const host = formHost(props, onOpenChange);
  const dirty = host.dirty && !readOnly;
  const guarded = useConfirmedClose(dirty, host.changeOpen);
  // Reopened, the panel shows the object as it is now, not as it was when the form was made.
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (open && !wasOpen.current && values) form.reset(values);
    wasOpen.current = open;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only: the values of that moment
  }, [open]);
  const submit = <MutationSubmit options={props} disabled={!dirty} />;
  return (
    <>
      <Sheet open={open} onOpenChange={guarded.onOpenChange}>
        <SheetContent
          side="right"
          className="w-full gap-0 overflow-y-auto sm:max-w-lg"
          closeLabel={t("close")}
          data-testid={testId}
          // A panel to read first: no field is focused (and selected) on opening.
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <SheetHeader className="border-b">
            <SheetTitle>{title}</SheetTitle>
            {description && <SheetDescription>{description}</SheetDescription>}
          </SheetHeader>
          <div className="grid gap-6 p-4">
            {readOnly ? (
              readOnlyView
            ) : (
              <MutationForm
                {...props}
                className="grid gap-4"
                onDone={() => host.changeOpen(false)}
                footer={
                  props.footer?.({ close: guarded.close, submit }) ?? (
                    <div className="flex gap-2">
                      {submit}
                      {dirty && (
                        <CancelButton variant="ghost" onClick={() => form.reset(values)} data-testid="form-cancel">
                          {t("cancel")}
                        </CancelButton>
                      )}
                    </div>
                  )
                }
              />
            )}
            {after}
          </div>
        </SheetContent>
      </Sheet>
      {guarded.confirmation}
    </>
  );
}
