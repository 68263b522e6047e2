"use client";

import { useTranslations } from "next-intl";
import type { UseFormReturn } from "react-hook-form";
import { LabeledField } from "@/components/forms/labeled-field";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import type { LinkEditorValues } from "./link-rows";

/**
 * A link end's VLAN: empty is null, "auto-assigned" (SPEC §3) — not undefined, which a form falls back from to the
 * row's first value, and not "", which a number schema reads as VLAN 0.
 */
export function VlanField({ form, name, testId }: { form: UseFormReturn<LinkEditorValues, unknown, unknown>; name: `links.${number}.${"source" | "destination"}Vlan`; testId: string }) {
  const t = useTranslations("fabrics.editor");
  return (
    <LabeledField control={form.control} name={name} label={t("vlan")}>
      {(field) => (
        <FormControl>
          <Input
            type="number"
            inputMode="numeric"
            className="tabular-nums"
            placeholder={t("vlanAuto")}
            data-testid={testId}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={(field.value as string | number | null | undefined) ?? ""}
            onChange={(event) => field.onChange(event.target.value === "" ? null : event.target.value)}
          />
        </FormControl>
      )}
    </LabeledField>
  );
}
