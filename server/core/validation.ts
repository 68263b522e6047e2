import "server-only";
import type { z } from "zod";
import { decodeMessage } from "@/lib/validation/messages";
import { type FieldIssue, ValidationError } from "./errors";

const isCatalogueKey = (message: string) => message.startsWith("validation.");

function toFieldIssue(issue: z.core.$ZodIssue): FieldIssue {
  const path = issue.path.join(".");
  const field = path || "body";
  // A catalogue key set on the schema wins: a missing name says "Name is required", not "wrong type".
  if (isCatalogueKey(issue.message) && issue.code !== "unrecognized_keys") return { path, ...decodeMessage(issue.message) };
  switch (issue.code) {
    case "unrecognized_keys":
      return { path, key: "validation.unknownField", values: { field: issue.keys.join(", ") } };
    case "invalid_type":
      return { path, key: "validation.invalidType", values: { field } };
    default:
      return { path, key: "validation.invalidValue", values: { field } };
  }
}

/** The validation error of a failed parse: its message is the first issue, with every issue listed by field. */
export function validationError(error: z.ZodError): ValidationError {
  const issues = error.issues.map(toFieldIssue);
  return new ValidationError(issues[0]?.key ?? "validation.invalidValue", issues[0]?.values ?? { field: "body" }, issues);
}
