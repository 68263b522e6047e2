"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { useZodForm, ZodForm } from "@/components/forms/zod-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { api } from "@/lib/api/client";
import { safeNextPath } from "@/lib/auth/safe-next";
import type { LoginInput } from "@/lib/auth/schema";

// The schema (and zod) is fetched on the first check, not with the page.
const loadLoginSchema = () => import("@/lib/auth/schema").then((schemas) => schemas.loginSchema);

export function SignInForm({ next }: { next?: string }) {
  const t = useTranslations("auth");
  const form = useZodForm(loadLoginSchema, { defaultValues: { email: "", password: "" } });
  const login = useMutation({
    mutationFn: (body: LoginInput) => api.post("/api/v1/auth/login", { body, handleAuthErrors: false }),
    // A full load so the pages render in the user's language from the session's first byte.
    onSuccess: () => window.location.assign(safeNextPath(next)),
  });
  return (
    <ZodForm form={form} onSubmit={(values) => login.mutate(values)} className="flex flex-col gap-4">
      {login.error && <ErrorAlert message={login.error.message.replace(/ \(requestId=.*\)$/, "")} />}
      <FormField
        control={form.control}
        name="email"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("email")}</FormLabel>
            <FormControl>
              <Input type="email" autoComplete="username" autoFocus {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="password"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("password")}</FormLabel>
            <FormControl>
              <Input type="password" autoComplete="current-password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <SubmitButton busy={login.isPending || login.isSuccess}>
        {t("signIn")}
      </SubmitButton>
      <p className="text-xs text-muted-foreground">{t("demoHint")}</p>
    </ZodForm>
  );
}
