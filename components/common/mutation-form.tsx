"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { describeFailure, ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, ZodForm } from "@/components/forms/zod-form";
import { ApiRequestError } from "@/lib/api/client";

const FIRST_FIELD = "input:not([type=hidden]):not(:disabled), textarea:not(:disabled), select:not(:disabled), [role=combobox]";

/** What a mutation form needs of a TanStack mutation. */
export interface FormMutation<TOutput, TResult> {
  mutateAsync: (values: TOutput) => Promise<TResult>;
  isPending: boolean;
  reset: () => void;
}

/**
 * A submit mapped onto one or several mutations (create or update, a body built from the form's values): busy while
 * any of them is pending, and every one reset when the form closes.
 */
export function formMutation<TOutput, TResult>(
  submit: (values: TOutput) => Promise<TResult>,
  ...mutations: { isPending: boolean; reset: () => void }[]
): FormMutation<TOutput, TResult> {
  return {
    mutateAsync: submit,
    isPending: mutations.some((mutation) => mutation.isPending),
    reset: () => {
      for (const mutation of mutations) mutation.reset();
    },
  };
}

/** What a footer of its own is built from: a close that asks first over unsaved changes, and the submit button. */
export interface FooterParts {
  close: () => void;
  submit: ReactNode;
}

/** The contract MutationFormDialog and FormSheet share. */
export interface MutationFormProps<TInput extends FieldValues, TOutput, TResult> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Its values are the form's (inferred from `form` alone, so that a `formMutation` here is typed by the form). */
  mutation: FormMutation<NoInfer<TOutput>, TResult>;
  /** After the server said yes (a toast, a redirect, a second call), awaited; then the form closes. */
  onSuccess: (result: TResult, values: TOutput) => unknown;
  /** The submit button says Create or Save, unless `submitLabel` says something else. */
  mode?: "create" | "edit";
  submitLabel?: string;
  submitTestId: string;
  /** Unsaved changes held outside the form (a file picked, rows added): closing asks first, as for the fields. */
  dirty?: boolean;
  /** Ask before leaving the page too (a link, closing the tab) while the form has unsaved changes. */
  guardUnsavedChanges?: boolean;
  /** A success keeps the form open (onSuccess resets it to what was saved). */
  stayOpen?: boolean;
  /** What a failed submit says first (SPEC §8 "Failed to save …"): in a toast, and before the message above the form. */
  failureTitle?: string;
  /** Instead of the usual footer. */
  footer?: (parts: FooterParts) => ReactNode;
  /** The fields. */
  children: ReactNode;
}

/** Unsaved changes (the form's and those held beside it), and an open change that resets both when closing. */
export function formHost<TInput extends FieldValues, TOutput, TResult>(
  { form, mutation, dirty }: MutationFormProps<TInput, TOutput, TResult>,
  onOpenChange: (open: boolean) => void,
) {
  return {
    dirty: form.formState.isDirty || Boolean(dirty),
    // Closed, the form and the mutations start clean at the next opening.
    changeOpen: (next: boolean) => {
      onOpenChange(next);
      if (!next) {
        form.reset();
        mutation.reset();
      }
    },
  };
}

/** The submit button: busy while the mutation is pending. */
export function MutationSubmit({
  options: { mutation, mode, submitLabel, submitTestId },
  disabled,
}: {
  options: Pick<MutationFormProps<FieldValues, never, unknown>, "mode" | "submitLabel" | "submitTestId"> & { mutation: { isPending: boolean } };
  disabled?: boolean;
}) {
  const t = useTranslations("common");
  return (
    <SubmitButton busy={mutation.isPending} disabled={disabled} data-testid={submitTestId}>
      {submitLabel ?? t(mode === "edit" ? "save" : "create")}
    </SubmitButton>
  );
}

type MutationFormBodyProps<TInput extends FieldValues, TOutput, TResult> = Pick<
  MutationFormProps<TInput, TOutput, TResult>,
  "form" | "mutation" | "onSuccess" | "stayOpen" | "failureTitle" | "guardUnsavedChanges" | "children"
> & {
  className: string;
  /** Closes the dialog or panel after a success (unless it stays open). */
  onDone: () => void;
  footer: ReactNode;
};

/**
 * The form of a dialog or panel that sends a mutation: the shared schema checks it first, the server's per-field
 * messages land on their fields and only an error tied to none is shown above them — each error once.
 */
export function MutationForm<TInput extends FieldValues, TOutput, TResult>({
  form,
  mutation,
  onSuccess,
  stayOpen,
  failureTitle,
  guardUnsavedChanges,
  className,
  onDone,
  footer,
  children,
}: MutationFormBodyProps<TInput, TOutput, TResult>) {
  const [failure, setFailure] = useState<unknown>(null);
  const alert = useRef<HTMLDivElement>(null);
  const submit = async (values: TOutput) => {
    let result: TResult;
    setFailure(null);
    try {
      result = await mutation.mutateAsync(values);
    } catch (caught) {
      if (failureTitle) toast.error(failureTitle);
      if (!applyServerIssues(form as unknown as UseFormReturn<TInput, unknown, FieldValues>, caught)) setFailure(caught ?? new Error());
      return;
    }
    await onSuccess(result, values);
    if (!stayOpen) onDone();
  };
  // SPEC §8 "Click here to try again.": an answer the user can correct sends them back to the fields to change what
  // was refused; a failure of the server or the network sends the same values again.
  const retry = () => {
    if (failure instanceof ApiRequestError && failure.correctable) {
      alert.current?.closest("form")?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
      setFailure(null);
      return;
    }
    void form.handleSubmit(submit)();
  };
  const reason = describeFailure(failure).text;
  return (
    <ZodForm form={form} guardUnsavedChanges={guardUnsavedChanges} className={className} onSubmit={submit}>
      {failure !== null && (
        <div ref={alert}>
          <ErrorAlert error={failure} message={failureTitle && reason ? `${failureTitle}: ${reason}` : undefined} onRetry={retry} />
        </div>
      )}
      {children}
      {footer}
    </ZodForm>
  );
}
