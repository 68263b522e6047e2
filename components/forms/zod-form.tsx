"use client";

import { useTranslations } from "next-intl";
import { useLayoutEffect, useMemo, useRef } from "react";
import { useForm, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Form, FormMessageTranslatorContext } from "@/components/ui/form";
import { ApiRequestError } from "@/lib/api/client";
import { decodeMessage } from "@/lib/validation/messages";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";

/**
 * The schema a form checks with: the schema itself, in a form whose code loads when it is wanted (a dialog, a sheet),
 * or a function that imports it, in a form a page shows on first load — zod and the schema module then load on the
 * first check, not with the page (npm run bench:bundle).
 */
export type SchemaSource<S> = S | (() => Promise<S>);

type ZodSchema = z.ZodType<FieldValues, FieldValues>;

/** Checks with the shared schema; the resolver and the schema's code are fetched on the first check. */
function zodSchemaResolver<S extends ZodSchema>(source: SchemaSource<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  const load = async () => {
    const [{ zodResolver }, schema] = await Promise.all([import("@hookform/resolvers/zod"), typeof source === "function" ? source() : source]);
    return zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  };
  return async (values, context, options) => {
    resolver ??= load().catch((error: unknown) => {
      resolver = undefined;
      throw error;
    });
    return (await resolver)(values, context, options);
  };
}

/** A react-hook-form bound to one of the shared zod schemas: no form can skip validation. */
export function useZodForm<S extends ZodSchema>(
  schema: SchemaSource<S>,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver">,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  // One resolver per schema source (a dialog switching between create and edit schemas gets the other one).
  const resolver = useMemo(() => zodSchemaResolver(schema), [schema]);
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver, mode: "onTouched", ...options });
}

// Fields a person types into; React keeps what they typed before the page was hydrated in the DOM, not in the form.
const TYPED_INPUTS = new Set(["text", "email", "password", "search", "url", "tel", "number"]);

/**
 * Gives the form what a person typed into its text fields before the page was hydrated (or what the browser filled
 * in): React leaves it in the DOM, and the form's first render after would otherwise put its own empty value back.
 */
export function adoptTypedValues<T extends FieldValues>(element: HTMLFormElement, form: UseFormReturn<T, unknown, FieldValues>) {
  for (const field of Array.from(element.elements)) {
    const typed = field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && TYPED_INPUTS.has(field.type));
    if (!typed || !field.name) continue;
    const current: unknown = form.getValues(field.name as Path<T>);
    if ((current === undefined || typeof current === "string") && field.value !== (current ?? "")) {
      form.setValue(field.name as Path<T>, field.value as never, { shouldDirty: true });
    }
  }
}

/**
 * Whether a server issue's path names a field that shows its own message: a top-level field ("name"), or a field of
 * a row or object the form holds ("links.2.mtu": the form has a row 2 in links). A list as a whole ("links") shows
 * none, so its message stays above the form.
 */
function namesField<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, path: string): boolean {
  const parts = path.split(".");
  if (parts.length === 1) return Object.keys(form.getValues()).includes(path) && !Array.isArray(form.getValues(path as Path<T>));
  const holder: unknown = form.getValues(parts.slice(0, -1).join(".") as Path<T>);
  return typeof holder === "object" && holder !== null;
}

/**
 * Puts the API's per-field messages (already in the user's language) on the matching fields, rows' fields included;
 * true when one was put on a field (the form then shows the error there, not again above the form).
 */
export function applyServerIssues<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || !error.issues?.length) return false;
  let applied = false;
  for (const issue of error.issues) {
    if (namesField(form, issue.path)) {
      form.setError(issue.path as Path<T>, { type: "server", message: issue.message });
      applied = true;
    }
  }
  return applied;
}

interface ZodFormProps<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: (values: TOutput) => unknown;
  /** Ask before leaving the page while the form has unsaved changes. */
  guardUnsavedChanges?: boolean;
  className?: string;
  children: React.ReactNode;
}

export function ZodForm<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  guardUnsavedChanges = false,
  className,
  children,
}: ZodFormProps<TInput, TOutput>) {
  const t = useTranslations();
  const element = useRef<HTMLFormElement>(null);
  // Once, right after the form is first committed: before any render could write the form's values over the DOM's.
  useLayoutEffect(() => {
    if (element.current) adoptTypedValues(element.current, form as UseFormReturn<FieldValues, unknown, FieldValues>);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only: later the form holds what is typed
  }, []);
  // Schema messages are catalogue keys; anything else (a server message) is shown as it is.
  const translator = useMemo(
    () => ({
      translate: (message: string) => {
        const { key, values } = decodeMessage(message);
        return t.has(key as never) ? t(key as never, values as never) : message;
      },
    }),
    [t],
  );
  return (
    <FormMessageTranslatorContext value={translator}>
      <Form {...form}>
        <form ref={element} noValidate className={className} onSubmit={form.handleSubmit(onSubmit)}>
          {children}
        </form>
      </Form>
      {guardUnsavedChanges && <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitSuccessful} />}
    </FormMessageTranslatorContext>
  );
}
