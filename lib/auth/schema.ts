import { z } from "zod";
import { email } from "@/lib/validation/fields";

// POST /api/v1/auth/login
export const loginSchema = z.strictObject({
  email: email(),
  password: z.string({ error: "validation.passwordRequired" }).min(1, "validation.passwordRequired").max(1024, "validation.passwordRequired"),
});
export type LoginInput = z.input<typeof loginSchema>;

// POST /api/v1/auth/login, while the account is being guessed from an address new to it: no session yet, a code was
// mailed to the account (if the password was right) and is sent back with the challenge.
export const loginCodeRequiredSchema = z.object({ codeRequired: z.literal(true), challenge: z.string() });
export type LoginCodeRequired = z.output<typeof loginCodeRequiredSchema>;

// POST /api/v1/auth/login/code
export const loginCodeSchema = z.strictObject({
  challenge: z.string({ error: "validation.signInCodeInvalid" }).min(1, "validation.signInCodeInvalid").max(200, "validation.signInCodeInvalid"),
  code: z.string({ error: "validation.signInCodeInvalid" }).trim().regex(/^\d{6}$/, "validation.signInCodeInvalid"),
});
export type LoginCodeInput = z.input<typeof loginCodeSchema>;
