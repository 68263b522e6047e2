"use client";

import { useTranslations } from "next-intl";
import type { UseFormReturn } from "react-hook-form";
import { SelectField, TextareaField, TextField } from "@/components/forms/fields";
import { LabeledField } from "@/components/forms/labeled-field";
import { useZodForm } from "@/components/forms/zod-form";
import { LocationPicker } from "@/components/sites/location-picker";
import { FormControl } from "@/components/ui/form";
import { SelectItem } from "@/components/ui/select";
import { EDGE_TYPES, nodeCreateSchema, type Node, type NodeCreate, type NodeCreateInput, type NodeKind } from "@/lib/nodes/schema";

export type NodeForm = UseFormReturn<NodeCreateInput, unknown, NodeCreate>;

/** The form's values for a new node of a kind, or for an existing node (its kind and fabric stay). */
export function nodeFormValues(kind: NodeKind, node?: Node): NodeCreateInput {
  if (!node) return { name: "", description: "", location: undefined as never, kind, ...(kind === "edge" ? { edgeType: "standard" } : {}) };
  return {
    name: node.name,
    description: node.description,
    location: node.location,
    kind: node.kind,
    ...(node.kind === "edge" ? { edgeType: node.edgeType ?? "standard" } : {}),
    ...(node.kind === "core" ? { coreFabricId: node.coreFabricId } : {}),
  };
}

/** A node form bound to the shared nodeCreateSchema (SPEC §5: name ≥ 2 characters, location from the search). */
export function useNodeForm(kind: NodeKind, node?: Node): NodeForm {
  return useZodForm(nodeCreateSchema, { defaultValues: nodeFormValues(kind, node) });
}

/** Name, description, location and, on edge nodes, the edge type (Standard or With Switch). */
export function NodeFields({ form, kind, disabled }: { form: NodeForm; kind: NodeKind; disabled?: boolean }) {
  const t = useTranslations("nodes.form");
  return (
    <div className="grid gap-4">
      <TextField control={form.control} name="name" label={t("name")} testId="node-name" mono disabled={disabled} />
      <TextareaField control={form.control} name="description" label={t("description")} testId="node-description" disabled={disabled} />
      <LabeledField control={form.control} name="location" label={t("location")}>
        {(field) => (
          <FormControl>
            <LocationPicker value={field.value} onChange={(next) => field.onChange(next as never)} onBlur={field.onBlur} disabled={disabled} />
          </FormControl>
        )}
      </LabeledField>
      {kind === "edge" && (
        <SelectField control={form.control} name="edgeType" label={t("edgeType")} testId="node-edge-type" disabled={disabled}>
          {EDGE_TYPES.map((type) => (
            <SelectItem key={type} value={type}>
              {t(`edgeTypes.${type}`)}
            </SelectItem>
          ))}
        </SelectField>
      )}
    </div>
  );
}
