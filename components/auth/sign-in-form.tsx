"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { api } from "@/lib/api/client";
import { safeNextPath } from "@/lib/auth/safe-next";
import type { LoginInput } from "@/lib/auth/schema";
import { SIGN_IN_CODE } from "@/lib/constants";

// The schemas (and zod) are fetched on the first check, not with the page.
const loadLoginSchema = () => import("@/lib/auth/schema").then((schemas) => schemas.loginSchema);
const loadCodeSchema = () => import("@/lib/auth/schema").then((schemas) => schemas.loginCodeSchema);

export function SignInForm({ next }: { next?: string }) {
  const t = useTranslations("auth");
  // A full load so the pages render in the user's language from the session's first byte.
  const signedIn = () => window.location.assign(safeNextPath(next));
  // Set when the account is being guessed and this address is new to it: the code mailed to the account is asked for.
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useZodForm(loadLoginSchema, { defaultValues: { email: "", password: "" } });
  const login = useMutation({
    mutationFn: (body: LoginInput) => api.post("/api/v1/auth/login", { body, handleAuthErrors: false }),
    onSuccess: (answer) => ("codeRequired" in answer ? setChallenge(answer.challenge) : signedIn()),
  });
  if (challenge) return <CodeStep challenge={challenge} onSignedIn={signedIn} onStartOver={() => (login.reset(), setChallenge(null))} />;
  return (
    <ZodForm form={form} onSubmit={(values) => login.mutate(values)} className="flex flex-col gap-4">
      {login.error && <ErrorAlert error={login.error} />}
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
      <SubmitButton busy={login.isPending || (login.isSuccess && !challenge)}>
        {t("signIn")}
      </SubmitButton>
      <p className="text-xs text-muted-foreground">{t("demoHint")}</p>
    </ZodForm>
  );
}

/** The second step of a sign-in to an account being guessed: the code mailed to it. */
function CodeStep({ challenge, onSignedIn, onStartOver }: { challenge: string; onSignedIn: () => void; onStartOver: () => void }) {
  const t = useTranslations("auth");
  const form = useZodForm(loadCodeSchema, { defaultValues: { challenge, code: "" } });
  const confirm = useMutation({
    mutationFn: (body: { challenge: string; code: string }) => api.post("/api/v1/auth/login/code", { body, handleAuthErrors: false }),
    onSuccess: onSignedIn,
  });
  return (
    <ZodForm form={form} onSubmit={(values) => confirm.mutate(values)} className="flex flex-col gap-4">
      <p className="font-medium">{t("codeTitle")}</p>
      <p className="text-sm text-muted-foreground">{t("codeSent", { minutes: SIGN_IN_CODE.validityMs / 60_000 })}</p>
      {confirm.error && <ErrorAlert error={confirm.error} />}
      {/* Not the forms' TextField: its module brings the select and textarea into the sign-in page's first load. */}
      <FormField
        control={form.control}
        name="code"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("code")}</FormLabel>
            <FormControl>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={SIGN_IN_CODE.digits} autoFocus {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <SubmitButton busy={confirm.isPending || confirm.isSuccess}>{t("confirmCode")}</SubmitButton>
      <Button type="button" variant="ghost" onClick={onStartOver}>
        {t("startOver")}
      </Button>
    </ZodForm>
  );
}
