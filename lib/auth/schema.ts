import { z } from "zod";
import { email } from "@/lib/validation/fields";

// POST /api/v1/auth/login
export const loginSchema = z.strictObject({
  email: email(),
  password: z.string({ error: "validation.passwordRequired" }).min(1, "validation.passwordRequired").max(1024, "validation.passwordRequired"),
});
export type LoginInput = z.input<typeof loginSchema>;
