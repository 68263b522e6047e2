"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/** What the dialog needs of a TanStack mutation. */
export interface DialogMutation<TOutput, TResult> {
  mutateAsync: (values: TOutput) => Promise<TResult>;
  isPending: boolean;
  reset: () => void;
}

interface MutationFormDialogProps<TInput extends FieldValues, TOutput, TResult> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: UseFormReturn<TInput, unknown, TOutput>;
  mutation: DialogMutation<TOutput, TResult>;
  /** After the server said yes (a toast, a redirect); the dialog then closes. */
  onSuccess: (result: TResult, values: TOutput) => void;
  title: string;
  description?: string;
  wide?: boolean;
  testId?: string;
  submitLabel: string;
  submitTestId: string;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog whose form sends one mutation: the shared schema checks it first, the server's per-field messages land on
 * their fields and any other error above them, the submit button is busy meanwhile, closing with unsaved changes
 * asks first (SPEC §4), and closing resets the form and the mutation so the next opening starts clean.
 */
export function MutationFormDialog<TInput extends FieldValues, TOutput, TResult>({
  open,
  onOpenChange,
  form,
  mutation,
  onSuccess,
  title,
  description,
  wide,
  testId,
  submitLabel,
  submitTestId,
  children,
}: MutationFormDialogProps<TInput, TOutput, TResult>) {
  const t = useTranslations("common");
  // An error the server did not tie to a field: above the fields (one it did tie is on its field only).
  const [error, setError] = useState<string | null>(null);
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset();
      mutation.reset();
      setError(null);
    }
  };
  return (
    <FormDialog open={open} onOpenChange={changeOpen} dirty={form.formState.isDirty} title={title} description={description} wide={wide} testId={testId}>
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async (values) => {
            let result: TResult;
            setError(null);
            try {
              result = await mutation.mutateAsync(values);
            } catch (failure) {
              if (!applyServerIssues(form as unknown as UseFormReturn<TInput, unknown, FieldValues>, failure)) {
                setError(failure instanceof Error ? failure.message : String(failure));
              }
              return;
            }
            onSuccess(result, values);
            changeOpen(false);
          }}
        >
          {error && <ErrorAlert message={error} />}
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("cancel")}
            </Button>
            <SubmitButton busy={mutation.isPending} data-testid={submitTestId}>
              {submitLabel}
            </SubmitButton>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
