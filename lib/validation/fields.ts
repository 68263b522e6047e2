import { z } from "zod";
import { NAME_MIN_LENGTH } from "@/lib/constants";

// Field schemas shared by every entity. Messages are catalogue keys (messages/*.json → validation.*),
// translated by the form on the client and by the API on the server, so both speak the user's language.

export const NAME_MAX_LENGTH = 100;

/** A name that is required ("Name is required") and at least two characters (SPEC §5). */
export const requiredName = () =>
  z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, "validation.nameRequired")
    .min(NAME_MIN_LENGTH, "validation.nameMin")
    .max(NAME_MAX_LENGTH, "validation.nameMax");

export const email = (requiredKey = "validation.emailRequired") =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(254, "validation.emailInvalid")
    .email("validation.emailInvalid")
    .transform((value) => value.toLowerCase());

export const personName = (requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(NAME_MAX_LENGTH, "validation.personNameMax");
